/** Job history: one row per change. */

import type { Db } from './connection.ts';

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

export function addHistory(db: Db, h: { job_id: number; type: string; user_id: number | null; at: string; detail?: Record<string, unknown> }): void {
  db.prepare('INSERT INTO history (job_id, type, user_id, at, detail) VALUES (?, ?, ?, ?, ?)').run(h.job_id, h.type, h.user_id, h.at, h.detail ? JSON.stringify(h.detail) : null);
}

/** History of a job, newest first, optionally filtered by record type and user. */
export function historyOfJob(db: Db, jobId: number, f: { type?: string[]; user_id?: number }): HistoryRow[] {
  const types = f.type?.length ? f.type : null;
  const rows = db
    .prepare(`SELECT h.id, h.job_id, h.type, h.user_id, u.name AS user_name, h.at, h.detail FROM history h LEFT JOIN users u ON u.id = h.user_id
              WHERE h.job_id = @job_id AND (@types IS NULL OR h.type IN (SELECT value FROM json_each(@types))) AND (@user_id IS NULL OR h.user_id = @user_id)
              ORDER BY h.at DESC, h.id DESC`)
    .all({ job_id: jobId, types: types && JSON.stringify(types), user_id: f.user_id ?? null }) as (Omit<HistoryRow, 'detail'> & { detail: string | null })[];
  return rows.map((r) => ({ ...r, detail: r.detail ? JSON.parse(r.detail) : null }));
}
