/** Places the local geocoding adapter resolves (place id -> address, county, zip, utilities). */

import type { Q } from './portable.ts';

/** A place row. */
export interface PlaceRow {
  place_id: string;
  address: string;
  city: string | null;
  county: string | null;
  state: string | null;
  zip: string | null;
  lat: number | null;
  lon: number | null;
  electric_utility: string | null;
  gas_utility: string | null;
}

/** Adds a place (the demo seed fills the table). */
export async function insertPlace(db: Q, p: PlaceRow): Promise<void> {
  const { place_id, address, city, county, state, zip, lat, lon, electric_utility, gas_utility } = p;
  await db
    .insertInto('places')
    .values({ place_id, address, city, county, state, zip, lat, lon, electric_utility, gas_utility })
    .execute();
}

/** A place by id (the local geocoding adapter). */
export async function getPlace(db: Q, placeId: string): Promise<PlaceRow | undefined> {
  return db
    .selectFrom('places')
    .select(['place_id', 'address', 'city', 'county', 'state', 'zip', 'lat', 'lon', 'electric_utility', 'gas_utility'])
    .where('place_id', '=', placeId)
    .executeTakeFirst();
}
