/** Places the local geocoding adapter resolves (place id -> address, county, zip, utilities). */

import type { PlaceRow } from '../places.db.ts';
import type { Q } from './portable.ts';

export type { PlaceRow };

/** Adds a place (the demo seed fills the table). */
export async function insertPlace(db: Q, p: PlaceRow): Promise<void> {
  const { place_id, address, city, county, state, zip, lat, lon, electric_utility, gas_utility } = p;
  await db.insertInto('places').values({ place_id, address, city, county, state, zip, lat, lon, electric_utility, gas_utility }).execute();
}
