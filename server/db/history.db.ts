/** Job history: one row per change. */

import type { Q } from './portable.ts';

/** A history row. */
export interface HistoryRow {
  id: number;
  job_id: number;
  type: string;
  user_id: number | null;
  user_name: string | null;
  at: string;
  detail: Record<string, unknown> | null;
}

export async function addHistory(
  db: Q,
  h: { job_id: number; type: string; user_id: number | null; at: string; detail?: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('history')
    .values({
      job_id: h.job_id,
      type: h.type,
      user_id: h.user_id,
      at: h.at,
      detail: h.detail ? JSON.stringify(h.detail) : null,
    })
    .execute();
}

/** History of a job, newest first, optionally filtered by record type and user. */
export async function historyOfJob(
  db: Q,
  jobId: number,
  f: { type?: string[]; user_id?: number },
): Promise<HistoryRow[]> {
  let q = db
    .selectFrom('history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.job_id', 'h.type', 'h.user_id', 'u.name as user_name', 'h.at', 'h.detail'])
    .where('h.job_id', '=', jobId);
  if (f.type?.length) q = q.where('h.type', 'in', f.type);
  if (f.user_id !== undefined) q = q.where('h.user_id', '=', f.user_id);
  // ISO times: same-format text orders the same under any collation.
  const rows = await q.orderBy('h.at', 'desc').orderBy('h.id', 'desc').execute();
  return rows.map((r) => ({ ...r, detail: r.detail ? JSON.parse(r.detail) : null }));
}
