/** A field inspection's visit (migration 040): server/workflows/quality/visits.service.ts. */

import type { Q } from '../../db/portable.ts';
import type { QualityVisitsTable } from '../../db/schema-quality.ts';
import type { Visit } from '../../../engine/api/inspections.ts';

/** A visit as stored. */
export type VisitRow = Omit<QualityVisitsTable, 'chosen_by_homeowner'> & { chosen_by_homeowner: number };

/** Offers times anew: the review's visit is replaced (an older link stops working, its token is no longer kept). */
export async function replaceVisit(db: Q, v: Omit<VisitRow, 'chosen_by_homeowner'>): Promise<void> {
  await db.deleteFrom('quality_visits').where('job_id', '=', v.job_id).where('review_id', '=', v.review_id).execute();
  await db.insertInto('quality_visits').values(v).execute();
}

/** The visit a mailed link's token opens. */
export async function visitOfToken(db: Q, tokenHash: string): Promise<VisitRow | undefined> {
  return (await db.selectFrom('quality_visits').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()) as
    VisitRow | undefined;
}

/** The visits of the jobs' reviews (key `<job id>:<review id>`). */
export async function visitsOf(db: Q, jobIds: number[]): Promise<Map<string, VisitRow>> {
  if (!jobIds.length) return new Map();
  const rows = (await db
    .selectFrom('quality_visits')
    .selectAll()
    .where('job_id', 'in', jobIds)
    .execute()) as VisitRow[];
  return new Map(rows.map((r) => [`${r.job_id}:${r.review_id}`, r]));
}

/** The homeowner's answer: the time confirmed, and whether it was one of those offered. */
export async function confirmVisit(
  db: Q,
  tokenHash: string,
  a: { visit_at: string; chosen_by_homeowner: boolean; note: string | null; answered_at: string },
): Promise<boolean> {
  const r = await db
    .updateTable('quality_visits')
    .set({
      state: 'confirmed',
      visit_at: a.visit_at,
      chosen_by_homeowner: a.chosen_by_homeowner ? 1 : 0,
      note: a.note,
      answered_at: a.answered_at,
    })
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A visit as the inspection shows it. */
export function presentVisit(v: VisitRow): Visit {
  return {
    state: v.state as Visit['state'],
    times: JSON.parse(v.times) as string[],
    time_zone: v.time_zone,
    visit_at: v.visit_at,
    chosen_by_homeowner: v.chosen_by_homeowner === 1,
    note: v.note,
    proposed_at: v.proposed_at,
    answered_at: v.answered_at,
  };
}
