/** Word lists of the demo data: homeowner names, streets, contractor companies. */

export const FIRST_NAMES = ['Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'David', 'Elizabeth', 'William', 'Susan', 'Carlos', 'Aisha', 'Wei', 'Priya', 'Thomas', 'Nancy', 'Daniel', 'Karen', 'Luis', 'Grace', 'Omar', 'Hannah', 'Kevin', 'Rosa', 'Samuel', 'Mei', 'Anthony', 'Fatima', 'George'];
export const LAST_NAMES = ['Johnson', 'Garcia', 'Nguyen', 'Smith', 'Martinez', 'Brown', 'Lee', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Hernandez', 'Moore', 'Jackson', 'Patel', 'Kowalski', 'Okafor', 'Schmidt', 'Rivera', 'Chen', 'Lopez', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Scott', 'Green'];
export const STREETS = ['Oak St', 'Maple Ave', 'Cedar Ln', 'Pine St', 'Elm Dr', 'Lakeview Rd', 'Hillcrest Ave', 'Sunset Blvd', 'Park Pl', 'Washington St', 'Lincoln Ave', 'Orchard Way', 'River Rd', 'Meadow Ln', 'Birch Ct'];

/** Contractor companies: name, city, state, phone prefix, primary program. */
export const COMPANIES: [string, string, string, string, string][] = [
  ['Northwind HVAC', 'Milwaukee', 'WI', '414', 'wi-hear'],
  ['Sunrise Electric', 'Madison', 'WI', '608', 'wi-hear'],
  ['Badger Heat Pumps', 'Green Bay', 'WI', '920', 'wi-hear'],
  ['Peach State Comfort', 'Atlanta', 'GA', '404', 'ga-hear'],
  ['Savannah Air & Electric', 'Savannah', 'GA', '912', 'ga-hear'],
  ['Ramapo Energy Services', 'Mahwah', 'NJ', '201', 'reco'],
  ['Central Coast Heating', 'Salinas', 'CA', '831', '3ce'],
  ['Tri-County Home Performance', 'Santa Barbara', 'CA', '805', '3c-ren'],
  ['Bay Peninsula Electric', 'San Mateo', 'CA', '650', 'pce'],
  ['Valley Clean Air', 'Fresno', 'CA', '559', 'udve'],
  ['San Joaquin Comfort', 'Bakersfield', 'CA', '661', 'udve'],
  ['Angeles Heat Pump Co', 'Los Angeles', 'CA', '213', 'hiasp'],
  ['Inland Empire HVAC', 'Riverside', 'CA', '951', 'hiasp'],
  ['Golden State Electrification', 'Sacramento', 'CA', '916', 'ca-heehra'],
  ['Sierra Home Energy', 'Fresno', 'CA', '559', 'ca-tech'],
  ['Pacific Heat & Air', 'San Jose', 'CA', '408', 'ca-tech'],
  ['Lakeshore Mechanical', 'Milwaukee', 'WI', '414', 'wi-hear'],
  ['Mountain View Electric', 'Mountain View', 'CA', '650', 'pce'],
  ['Cornerstone Weatherization', 'Ventura', 'CA', '805', '3c-ren'],
  ['Evergreen Heating', 'Monterey', 'CA', '831', '3ce'],
];

/** Approximate coordinates of the demo cities (geotag checks need a job site). */
export const CITY_COORDS: Record<string, [number, number]> = {
  Milwaukee: [43.0389, -87.9065], 'Santa Barbara': [34.4208, -119.6982], 'San Mateo': [37.563, -122.3255], Mahwah: [41.0887, -74.1438],
  'Los Angeles': [34.0522, -118.2437], Fresno: [36.7378, -119.7871], Sacramento: [38.5816, -121.4944], Atlanta: [33.749, -84.388], Salinas: [36.6777, -121.6555],
};
