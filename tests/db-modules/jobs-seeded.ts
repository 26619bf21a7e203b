/**
 * The database the jobs module's tests share the shape of (jobs.test.ts, jobs-cache.test.ts): a fresh one on a
 * backend with two companies, an ops user, a contractor user, a homeowner, and the model's 30 jobs (jobs-model.ts).
 */

import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';
import type { Backend } from '../../server/db/database.ts';
import { insertJob } from '../../server/db/jobs.db.ts';
import { insertContractor } from '../../server/db/contractors.db.ts';
import { insertUser } from '../../server/db/users.db.ts';
import { freshDatabase, type Fresh } from '../db/backends.ts';
import { seedJobs, type ModelJob, type Refs } from './jobs-model.ts';

export const AT = '2024-05-01T00:00:00.000Z';

export interface Seeded {
  fresh: Fresh;
  db: Kysely<DB>;
  r: Refs;
  /** The jobs as inserted, with their ids. */
  model: ModelJob[];
}

export async function seededJobs(backend: Backend): Promise<Seeded> {
  const fresh = await freshDatabase(backend);
  const db = fresh.store.kysely;
  const company = (name: string) =>
    insertContractor(db, {
      name,
      address: null,
      city: null,
      phone: null,
      email: null,
      primary_contact: null,
      program_id: null,
      created_at: AT,
    });
  const user = (email: string, role: 'ops' | 'contractor' | 'homeowner') =>
    insertUser(db, { email, name: email, role, created_at: AT });
  const r: Refs = {
    c1: await company('One'),
    c2: await company('Two'),
    u1: await user('u1@x.org', 'ops'),
    u2: await user('u2@x.org', 'contractor'),
    h1: await user('h1@x.org', 'homeowner'),
  };
  const model: ModelJob[] = [];
  for (const j of seedJobs(r)) model.push({ ...j, id: await insertJob(db, j) });
  return { fresh, db, r, model };
}
