/**
 * The demo's people: twenty contractor companies (each with a sign-in: the demo's own, or its office's), the demo
 * sign-ins of each role, the admin screens' data and the places for initial eligibility; written in one transaction
 * before any job.
 */

import type { AuthUser, Deps } from '../context.ts';
import { insertContractor } from '../db/contractors.db.ts';
import { insertPlace } from '../db/places.db.ts';
import { insertUser } from '../db/users.db.ts';
import { hashPassword } from '../services/auth.service.ts';
import { seedAdminDemo } from './admin-demo.ts';
import { demoPlaces } from './demo-areas.ts';
import { COMPANIES, FIRST_NAMES, LAST_NAMES, STREETS } from './names.ts';

/** The password of every demo sign-in. */
export const DEMO_PASSWORD = 'demo-password-1';

/** The demo sign-ins (the README prints them). */
export const DEMO_USERS = [
  { email: 'ops@demo.rebates.test', name: 'Olivia Ops', role: 'ops' as const },
  { email: 'oscar@demo.rebates.test', name: 'Oscar Operations', role: 'ops' as const },
  { email: 'alex@northwind-hvac.test', name: 'Alex Northwind', role: 'contractor' as const, company: 'Northwind HVAC' },
  {
    email: 'casey@sunrise-electric.test',
    name: 'Casey Sunrise',
    role: 'contractor' as const,
    company: 'Sunrise Electric',
  },
  { email: 'homeowner@demo.rebates.test', name: 'Hana Homeowner', role: 'homeowner' as const },
  // A third-party inspector (issue 43): sees only the inspections assigned to them (server/seed/demo-inspections.ts).
  { email: 'inspector@demo.rebates.test', name: 'Iris Inspector', role: 'inspector' as const },
];

/** A sign-in as the services take it. */
export type Person = AuthUser;

export interface People {
  ops: Person[];
  homeowner: Person;
  /** The sign-in of each company (the demo's own, or the company's office). */
  companyUser: Map<number, Person>;
  companies: { id: number; name: string; state: string; program_id: string; contact: string; email: string }[];
}

/** Companies, sign-ins, the admin screens' data and places (call in one transaction). */
export async function seedPeople(deps: Deps): Promise<People> {
  const now = deps.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const daysAgo = (d: number) => iso(now - d * 86_400_000);

  const companies: People['companies'] = [];
  for (const [i, [name, city, state, area, program_id]] of COMPANIES.entries()) {
    const contact = `${FIRST_NAMES[(i * 7) % FIRST_NAMES.length]} ${LAST_NAMES[(i * 3) % LAST_NAMES.length]}`;
    const email = `office@${name
      .toLowerCase()
      .replace(/&/g, 'and')
      .replace(/[^a-z]+/g, '-')
      .replace(/^-|-$/g, '')}.test`;
    const id = await insertContractor(deps.db, {
      name,
      // Two companies never gave an address (the UI says 'No primary address found').
      address: i % 9 === 8 ? null : `${100 + i * 37} ${STREETS[(i * 5) % STREETS.length]}`,
      city,
      phone: `(${area}) 555-01${String(i).padStart(2, '0')}`,
      email,
      primary_contact: contact,
      program_id,
      created_at: daysAgo(420 - i * 3),
    });
    companies.push({ id, name, state, program_id, contact, email });
  }
  const people = {
    ops: [] as Person[],
    homeowner: undefined as Person | undefined,
    companyUser: new Map<number, Person>(),
    companies,
  };
  // One scrypt hash for all: they share the published demo password anyway, and each hash costs ~50 ms.
  const password_hash = hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    const company = 'company' in u ? companies[COMPANIES.findIndex((c) => c[0] === u.company)].id : null;
    const id = await insertUser(deps.db, {
      email: u.email,
      name: u.name,
      role: u.role,
      contractor_id: company,
      password_hash,
      created_at: daysAgo(400),
    });
    const person: Person = { id, email: u.email, name: u.name, role: u.role, contractor_id: company };
    if (u.role === 'ops') people.ops.push(person);
    if (u.role === 'homeowner') people.homeowner = person;
    if (company !== null) people.companyUser.set(company, person);
  }
  // A company without a demo sign-in answers its tasks from its office's (no password: it signs in by a reset link).
  for (const c of companies) {
    if (people.companyUser.has(c.id)) continue;
    const id = await insertUser(deps.db, {
      email: c.email,
      name: c.contact,
      role: 'contractor',
      contractor_id: c.id,
      created_at: daysAgo(400),
    });
    people.companyUser.set(c.id, { id, email: c.email, name: c.contact, role: 'contractor', contractor_id: c.id });
  }
  await seedAdminDemo(deps, { contractorIds: companies.map((c) => c.id), opsUserId: people.ops[0].id });

  const programs = Object.values(deps.defs.programs).sort((a, b) => a.id.localeCompare(b.id));
  for (const place of demoPlaces(programs, (i) => `${200 + ((i * 53) % 800)} ${STREETS[i % STREETS.length]}`))
    await insertPlace(deps.db, place);
  return { ...people, homeowner: people.homeowner! };
}
