/** Places the local geocoding adapter resolves (place id -> address, county, zip, utilities). */

import type { Db } from './connection.ts';

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
export function insertPlace(db: Db, p: PlaceRow): void {
  db.prepare('INSERT INTO places (place_id, address, city, county, state, zip, lat, lon, electric_utility, gas_utility) VALUES (@place_id, @address, @city, @county, @state, @zip, @lat, @lon, @electric_utility, @gas_utility)').run(p);
}
