/** Word lists of the demo data: homeowner names, streets, contractor companies, notes. */

export const FIRST_NAMES = [
  'Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'David', 'Elizabeth', 'William', 'Susan', 'Carlos', 'Aisha', 'Wei', 'Priya',
  'Thomas', 'Nancy', 'Daniel', 'Karen', 'Luis', 'Grace', 'Omar', 'Hannah', 'Kevin', 'Rosa', 'Samuel', 'Mei', 'Anthony', 'Fatima', 'George', 'Guadalupe',
  'Tyrone', 'Keisha', 'Xia', 'Yusuf', 'Ingrid', 'Dmitri', 'Lakshmi', 'Brenda', 'Marcus', 'Esperanza', 'Tuan', 'Bridget', 'Ahmed', 'Carmen',
];
export const LAST_NAMES = [
  'Johnson', 'Garcia', 'Nguyen', 'Smith', 'Martinez', 'Brown', 'Lee', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Hernandez', 'Moore', 'Jackson', 'Patel',
  'Kowalski', 'Okafor', 'Schmidt', 'Rivera', 'Chen', 'Lopez', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Scott', 'Green', 'Vang',
  'Olson', 'Ramirez', 'Washington', 'Nowak', 'Kim', 'Sanchez', 'Jensen', 'Murphy', 'Tran', 'Castillo', 'Hoffmann', 'Flores', "O'Brien", 'Begay',
];
export const STREETS = [
  'Oak St', 'Maple Ave', 'Cedar Ln', 'Pine St', 'Elm Dr', 'Lakeview Rd', 'Hillcrest Ave', 'Sunset Blvd', 'Park Pl', 'Washington St', 'Lincoln Ave',
  'Orchard Way', 'River Rd', 'Meadow Ln', 'Birch Ct', 'Jefferson St', 'Highland Ave', 'Willow Way', 'Church St', 'Mill Rd', 'Chestnut St', 'Spring St',
  'Franklin Ave', 'Valley View Dr', 'Magnolia Ave', 'Prospect St', 'Walnut St', 'Sycamore Dr', 'Greenwood Ave', 'Mission St',
];

/** Contractor companies: name, city, state, phone area code, the program they mostly work in. */
export const COMPANIES: [name: string, city: string, state: string, area_code: string, program_id: string][] = [
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
  ['Lakeshore Mechanical', 'Kenosha', 'WI', '262', 'wi-hear'],
  ['Coastside Electric', 'Half Moon Bay', 'CA', '650', 'pce'],
  ['Cornerstone Weatherization', 'Ventura', 'CA', '805', '3c-ren'],
  ['Evergreen Heating', 'Monterey', 'CA', '831', '3ce'],
];

/** Why ops marked a demo job ineligible (the ops override's reason). */
export const OPS_INELIGIBLE_REASONS = [
  'Duplicate of an older job for the same address under another program.',
  'The homeowner already received this rebate for the same equipment.',
  'Utility account name does not match the homeowner; no lease or bill was provided.',
];

/** Notes of task exception flags, by kind. */
export const TASK_EXCEPTION_NOTES = {
  contractor: ['Homeowner is slow to respond.', 'Equipment back-ordered by the distributor.', 'Waiting on the homeowner to sign.'],
  ops: ['Photos are blurry; asked for new ones.', 'Invoice total does not match the final costs.', 'Income certificate is expired.'],
} as const;

/** Free text of canceled jobs whose reason is 'other'. */
export const CANCEL_NOTES = ['Homeowner moved out of state.', 'Homeowner sold the house before the install.', 'Replaced by a new job after a change of contractor.'];
