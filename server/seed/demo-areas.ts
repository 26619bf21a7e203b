/**
 * Real places of the demo: towns with their county, zip code, approximate centre and utilities. Which
 * programs serve a place is never written here: the engine's service-area check decides it, so the
 * demo follows the programs' YAML when a service area changes.
 */

import { initialEligibility, type JobSite, type Program } from '../../engine/index.ts';
import type { PlaceRow } from '../db/places.db.ts';

/** A town (one zip code of it) where demo homes are. */
export interface Locale {
  city: string;
  county: string;
  state: string;
  zip: string;
  lat: number;
  lon: number;
  electric_utility: string;
  gas_utility: string | null;
  area_code: string;
}

const WE = 'We Energies';
const MGE = 'Madison Gas and Electric';
const WPS = 'Wisconsin Public Service';
const XCEL = 'Xcel Energy';
const GP = 'Georgia Power';
const AGL = 'Atlanta Gas Light';
const RECO = 'Rockland Electric Company';
const PSEG = 'Public Service Electric and Gas';
const PGE = 'Pacific Gas and Electric';
const SCE = 'Southern California Edison';
const SCG = 'Southern California Gas';
const SDGE = 'San Diego Gas & Electric';
const CCCE = 'Central Coast Community Energy';
const PCE = 'Peninsula Clean Energy';

type Row = [
  city: string,
  county: string,
  state: string,
  zip: string,
  lat: number,
  lon: number,
  electric: string,
  gas: string | null,
  area_code: string,
];

const ROWS: Row[] = [
  // Wisconsin
  ['Milwaukee', 'Milwaukee', 'WI', '53208', 43.0467, -87.9531, WE, WE, '414'],
  ['Milwaukee', 'Milwaukee', 'WI', '53215', 42.999, -87.9427, WE, WE, '414'],
  ['Wauwatosa', 'Milwaukee', 'WI', '53213', 43.0495, -88.0076, WE, WE, '414'],
  ['Madison', 'Dane', 'WI', '53704', 43.1205, -89.3521, MGE, MGE, '608'],
  ['Madison', 'Dane', 'WI', '53711', 43.0361, -89.449, MGE, MGE, '608'],
  ['Green Bay', 'Brown', 'WI', '54301', 44.4916, -88.0134, WPS, WPS, '920'],
  ['Appleton', 'Outagamie', 'WI', '54911', 44.2795, -88.3926, WE, WE, '920'],
  ['Eau Claire', 'Eau Claire', 'WI', '54701', 44.7677, -91.4545, XCEL, XCEL, '715'],
  ['La Crosse', 'La Crosse', 'WI', '54601', 43.8014, -91.2396, XCEL, XCEL, '608'],
  ['Janesville', 'Rock', 'WI', '53545', 42.6828, -89.0187, 'Alliant Energy', 'Alliant Energy', '608'],
  ['Wausau', 'Marathon', 'WI', '54403', 44.9591, -89.6301, WPS, WPS, '715'],
  ['Kenosha', 'Kenosha', 'WI', '53140', 42.5847, -87.8212, WE, WE, '262'],
  ['Keshena', 'Menominee', 'WI', '54135', 44.8839, -88.6337, WPS, null, '715'],
  // Georgia
  ['Atlanta', 'Fulton', 'GA', '30310', 33.7276, -84.4236, GP, AGL, '404'],
  ['Atlanta', 'Fulton', 'GA', '30318', 33.7866, -84.4455, GP, AGL, '404'],
  ['Decatur', 'DeKalb', 'GA', '30030', 33.7748, -84.2963, GP, AGL, '404'],
  ['Marietta', 'Cobb', 'GA', '30060', 33.9526, -84.5499, GP, AGL, '770'],
  ['Lawrenceville', 'Gwinnett', 'GA', '30044', 33.9562, -83.988, 'Jackson EMC', AGL, '770'],
  ['Savannah', 'Chatham', 'GA', '31401', 32.0809, -81.0912, GP, AGL, '912'],
  ['Augusta', 'Richmond', 'GA', '30901', 33.4735, -81.9748, GP, AGL, '706'],
  ['Macon', 'Bibb', 'GA', '31201', 32.8407, -83.6324, GP, AGL, '478'],
  ['Athens', 'Clarke', 'GA', '30601', 33.9519, -83.3576, GP, AGL, '706'],
  ['Columbus', 'Muscogee', 'GA', '31901', 32.461, -84.9877, GP, 'Liberty Utilities', '706'],
  // New Jersey (Rockland Electric's territory)
  ['Mahwah', 'Bergen', 'NJ', '07430', 41.0887, -74.1438, RECO, PSEG, '201'],
  ['Ramsey', 'Bergen', 'NJ', '07446', 41.0576, -74.141, RECO, PSEG, '201'],
  ['Upper Saddle River', 'Bergen', 'NJ', '07458', 41.0584, -74.0985, RECO, PSEG, '201'],
  ['Franklin Lakes', 'Bergen', 'NJ', '07417', 41.0168, -74.2057, RECO, PSEG, '201'],
  ['West Milford', 'Passaic', 'NJ', '07480', 41.1312, -74.3674, RECO, null, '973'],
  ['Ringwood', 'Passaic', 'NJ', '07456', 41.1134, -74.2454, RECO, null, '973'],
  ['Montague', 'Sussex', 'NJ', '07827', 41.3065, -74.756, RECO, null, '973'],
  // California: Santa Barbara, San Luis Obispo, Ventura
  ['Santa Barbara', 'Santa Barbara', 'CA', '93103', 34.4285, -119.6906, SCE, SCG, '805'],
  ['Goleta', 'Santa Barbara', 'CA', '93117', 34.4358, -119.8276, SCE, SCG, '805'],
  ['Santa Maria', 'Santa Barbara', 'CA', '93454', 34.953, -120.4357, CCCE, SCG, '805'],
  ['San Luis Obispo', 'San Luis Obispo', 'CA', '93401', 35.2828, -120.6596, CCCE, SCG, '805'],
  ['Paso Robles', 'San Luis Obispo', 'CA', '93446', 35.6266, -120.691, CCCE, SCG, '805'],
  ['Ventura', 'Ventura', 'CA', '93003', 34.2787, -119.2, SCE, SCG, '805'],
  ['Oxnard', 'Ventura', 'CA', '93030', 34.1975, -119.1771, SCE, SCG, '805'],
  ['Thousand Oaks', 'Ventura', 'CA', '91360', 34.21, -118.874, SCE, SCG, '805'],
  // California: Monterey Bay
  ['Salinas', 'Monterey', 'CA', '93901', 36.6777, -121.6555, CCCE, PGE, '831'],
  ['Seaside', 'Monterey', 'CA', '93955', 36.6111, -121.8516, CCCE, PGE, '831'],
  ['King City', 'Monterey', 'CA', '93930', 36.2128, -121.126, CCCE, PGE, '831'],
  ['Santa Cruz', 'Santa Cruz', 'CA', '95062', 36.9741, -121.995, CCCE, PGE, '831'],
  ['Watsonville', 'Santa Cruz', 'CA', '95076', 36.9101, -121.7569, CCCE, PGE, '831'],
  ['Hollister', 'San Benito', 'CA', '95023', 36.8525, -121.4016, CCCE, PGE, '831'],
  // California: San Mateo County
  ['San Mateo', 'San Mateo', 'CA', '94401', 37.573, -122.3194, PCE, PGE, '650'],
  ['Redwood City', 'San Mateo', 'CA', '94061', 37.4636, -122.2345, PCE, PGE, '650'],
  ['Daly City', 'San Mateo', 'CA', '94015', 37.6819, -122.48, PCE, PGE, '650'],
  ['Half Moon Bay', 'San Mateo', 'CA', '94019', 37.4636, -122.4286, PCE, PGE, '650'],
  ['South San Francisco', 'San Mateo', 'CA', '94080', 37.6547, -122.4077, PCE, PGE, '650'],
  // California: Los Angeles, Riverside, San Bernardino
  [
    'Los Angeles',
    'Los Angeles',
    'CA',
    '90011',
    34.0076,
    -118.2587,
    'Los Angeles Department of Water and Power',
    SCG,
    '323',
  ],
  [
    'Los Angeles',
    'Los Angeles',
    'CA',
    '90044',
    33.953,
    -118.2917,
    'Los Angeles Department of Water and Power',
    SCG,
    '323',
  ],
  ['Pomona', 'Los Angeles', 'CA', '91766', 34.0417, -117.7567, SCE, SCG, '909'],
  ['Long Beach', 'Los Angeles', 'CA', '90805', 33.8644, -118.1806, SCE, 'Long Beach Utilities', '562'],
  ['Riverside', 'Riverside', 'CA', '92503', 33.92, -117.46, 'Riverside Public Utilities', SCG, '951'],
  ['Moreno Valley', 'Riverside', 'CA', '92553', 33.924, -117.235, SCE, SCG, '951'],
  ['San Bernardino', 'San Bernardino', 'CA', '92404', 34.14, -117.26, SCE, SCG, '909'],
  ['Fontana', 'San Bernardino', 'CA', '92335', 34.087, -117.464, SCE, SCG, '909'],
  // California: San Joaquin Valley
  ['Fresno', 'Fresno', 'CA', '93706', 36.7, -119.82, PGE, PGE, '559'],
  ['Fresno', 'Fresno', 'CA', '93701', 36.749, -119.787, PGE, PGE, '559'],
  ['Fresno', 'Fresno', 'CA', '93711', 36.83, -119.83, PGE, PGE, '559'],
  ['Huron', 'Fresno', 'CA', '93234', 36.2027, -120.1029, PGE, PGE, '559'],
  ['Mendota', 'Fresno', 'CA', '93640', 36.7536, -120.3816, PGE, PGE, '559'],
  ['Arvin', 'Kern', 'CA', '93203', 35.2091, -118.8284, PGE, PGE, '661'],
  ['Lamont', 'Kern', 'CA', '93241', 35.2597, -118.9143, PGE, PGE, '661'],
  ['Bakersfield', 'Kern', 'CA', '93307', 35.313, -118.97, PGE, PGE, '661'],
  ['Lindsay', 'Tulare', 'CA', '93247', 36.203, -119.0882, SCE, SCG, '559'],
  ['Porterville', 'Tulare', 'CA', '93257', 36.0652, -119.0168, SCE, SCG, '559'],
  ['Dinuba', 'Tulare', 'CA', '93618', 36.5433, -119.3871, SCE, SCG, '559'],
  // California: elsewhere
  ['Sacramento', 'Sacramento', 'CA', '95820', 38.5347, -121.445, 'Sacramento Municipal Utility District', PGE, '916'],
  ['Oakland', 'Alameda', 'CA', '94601', 37.777, -122.217, PGE, PGE, '510'],
  ['San Jose', 'Santa Clara', 'CA', '95122', 37.33, -121.833, PGE, PGE, '408'],
  ['Stockton', 'San Joaquin', 'CA', '95205', 37.962, -121.263, PGE, PGE, '209'],
  ['San Diego', 'San Diego', 'CA', '92105', 32.737, -117.09, SDGE, SDGE, '619'],
  ['Chula Vista', 'San Diego', 'CA', '91910', 32.637, -117.056, SDGE, SDGE, '619'],
  ['Redding', 'Shasta', 'CA', '96001', 40.5865, -122.3917, 'Redding Electric Utility', PGE, '530'],
  ['San Rafael', 'Marin', 'CA', '94901', 37.9735, -122.5311, PGE, PGE, '415'],
];

/** Places no program serves (initial eligibility answers 'no program' for them). */
const UNSERVED: Row[] = [
  [
    'Morristown',
    'Morris',
    'NJ',
    '07960',
    40.7968,
    -74.4815,
    'Jersey Central Power & Light',
    'New Jersey Natural Gas',
    '973',
  ],
  ['Hackensack', 'Bergen', 'NJ', '07601', 40.8859, -74.0435, PSEG, PSEG, '201'],
  ['Reno', 'Washoe', 'NV', '89501', 39.5296, -119.8138, 'NV Energy', 'NV Energy', '775'],
  ['Minneapolis', 'Hennepin', 'MN', '55408', 44.9469, -93.2863, XCEL, 'CenterPoint Energy', '612'],
];

const toLocale = ([city, county, state, zip, lat, lon, electric_utility, gas_utility, area_code]: Row): Locale => ({
  city,
  county,
  state,
  zip,
  lat,
  lon,
  electric_utility,
  gas_utility,
  area_code,
});

/** Every demo town. */
export const LOCALES: readonly Locale[] = ROWS.map(toLocale);

/** The engine's site of a locale (and a street address in it). */
export function siteOf(l: Locale, address?: string): JobSite {
  const site: JobSite = {
    city: l.city,
    county: l.county,
    state: l.state,
    zip: l.zip,
    lat: l.lat,
    lon: l.lon,
    electric_utility: l.electric_utility,
  };
  if (address) site.address = address;
  if (l.gas_utility) site.gas_utility = l.gas_utility;
  return site;
}

/** True when the program's service area takes the site (the engine's check). */
export function serves(program: Program, site: JobSite): boolean {
  return initialEligibility([program], site, '2000-01-01')[0].in_service_area;
}

/** The towns inside a program's service area. */
export function localesOf(program: Program): Locale[] {
  return LOCALES.filter((l) => serves(program, siteOf(l)));
}

/**
 * The places table of the local geocoding adapter: up to five towns of each program's area (so every
 * program can be tried from the new-job form) and a few places no program serves. Ids read
 * 'demo-place-<state>-<n>'.
 */
export function demoPlaces(programs: Program[], streetOf: (n: number) => string): PlaceRow[] {
  const chosen: Locale[] = [];
  for (const p of programs) {
    const mine = localesOf(p);
    const have = mine.filter((l) => chosen.includes(l)).length;
    chosen.push(...mine.filter((l) => !chosen.includes(l)).slice(0, Math.max(0, 5 - have)));
  }
  const perState: Record<string, number> = {};
  return [...chosen, ...UNSERVED.map(toLocale)].map((l, i) => {
    perState[l.state] = (perState[l.state] ?? 0) + 1;
    return {
      place_id: `demo-place-${l.state.toLowerCase()}-${perState[l.state]}`,
      address: streetOf(i),
      city: l.city,
      county: l.county,
      state: l.state,
      zip: l.zip,
      lat: l.lat,
      lon: l.lon,
      electric_utility: l.electric_utility,
      gas_utility: l.gas_utility,
    };
  });
}
