/** Inspections (migration 038): the sampled reviews of jobs with their assignment and latest outcome. */

import type { Q } from '../../db/portable.ts';

/** A sampled review as the queue reads it: the decision, its job, its assignment and its latest outcome. */
export interface InspectionRow {
  job_id: number;
  job_code: string;
  review_id: string;
  kind: string;
  program_id: string;
  contractor_id: number | null;
  contractor_name: string | null;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  address: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  explanation: string;
  decided_at: string;
  inspector_id: number | null;
  inspector_name: string | null;
  assigned_at: string | null;
}

/** What the queue is narrowed to (all optional; an inspector's list always names them). */
export interface InspectionScope {
  inspector_id?: number;
  program_id?: string;
  contractor_id?: number;
  job_id?: number;
  review_id?: string;
}

/** The sampled reviews of jobs not canceled, with their assignment, oldest decision first. */
export async function inspectionRows(db: Q, scope: InspectionScope): Promise<InspectionRow[]> {
  let q = db
    .selectFrom('quality_decisions as d')
    .innerJoin('jobs as j', 'j.id', 'd.job_id')
    .leftJoin('contractors as c', 'c.id', 'd.contractor_id')
    .leftJoin('quality_assignments as a', (join) =>
      join.onRef('a.job_id', '=', 'd.job_id').onRef('a.review_id', '=', 'd.review_id'),
    )
    .leftJoin('users as u', 'u.id', 'a.inspector_id')
    .select([
      'd.job_id',
      'j.code as job_code',
      'd.review_id',
      'd.kind',
      'd.program_id',
      'd.contractor_id',
      'c.name as contractor_name',
      'j.first_name',
      'j.last_name',
      'j.phone_number',
      'j.address',
      'j.city',
      'j.state',
      'j.zip',
      'd.explanation',
      'd.decided_at',
      'a.inspector_id',
      'u.name as inspector_name',
      'a.assigned_at',
    ])
    .where('d.sampled', '=', 1)
    .where('j.is_canceled', '=', 0);
  if (scope.inspector_id !== undefined) q = q.where('a.inspector_id', '=', scope.inspector_id);
  if (scope.program_id !== undefined) q = q.where('d.program_id', '=', scope.program_id);
  if (scope.contractor_id !== undefined) q = q.where('d.contractor_id', '=', scope.contractor_id);
  if (scope.job_id !== undefined) q = q.where('d.job_id', '=', scope.job_id);
  if (scope.review_id !== undefined) q = q.where('d.review_id', '=', scope.review_id);
  return (await q.orderBy('d.decided_at').orderBy('d.id').execute()) as InspectionRow[];
}

/** The latest outcome of each sampled review of the jobs (key `<job id>:<review id>`). */
export async function latestOutcomesOf(
  db: Q,
  jobIds: number[],
): Promise<Map<string, { outcome: string; note: string | null; at: string }>> {
  const out = new Map<string, { outcome: string; note: string | null; at: string }>();
  for (let i = 0; i < jobIds.length; i += 500) {
    const rows = await db
      .selectFrom('quality_outcomes')
      .select(['job_id', 'review_id', 'outcome', 'note', 'at'])
      .where('job_id', 'in', jobIds.slice(i, i + 500))
      .orderBy('id')
      .execute();
    for (const r of rows) out.set(`${r.job_id}:${r.review_id}`, { outcome: r.outcome, note: r.note, at: r.at });
  }
  return out;
}

/** Assigns (or reassigns) a sampled review to an inspector; answers the inspector it had before (null: none). */
export async function assign(
  db: Q,
  a: { job_id: number; review_id: string; inspector_id: number; assigned_at: string; assigned_by: number },
): Promise<number | null> {
  const before = await db
    .selectFrom('quality_assignments')
    .select('inspector_id')
    .where('job_id', '=', a.job_id)
    .where('review_id', '=', a.review_id)
    .executeTakeFirst();
  await db
    .insertInto('quality_assignments')
    .values(a)
    .onConflict((oc) =>
      oc.columns(['job_id', 'review_id']).doUpdateSet({
        inspector_id: a.inspector_id,
        assigned_at: a.assigned_at,
        assigned_by: a.assigned_by,
      }),
    )
    .execute();
  return before?.inspector_id ?? null;
}

/** The inspectors, by name, with how many open inspections each holds. */
export async function inspectorsWithLoad(db: Q): Promise<{ id: number; name: string; email: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('role', '=', 'inspector')
    .orderBy('name')
    .execute();
}

/** Of the jobs, those with an inspection assigned to the inspector. */
export async function assignedJobs(db: Q, inspectorId: number, jobIds: number[]): Promise<number[]> {
  if (!jobIds.length) return [];
  const rows = await db
    .selectFrom('quality_assignments')
    .select('job_id')
    .where('inspector_id', '=', inspectorId)
    .where('job_id', 'in', jobIds)
    .execute();
  return [...new Set(rows.map((r) => r.job_id))];
}
