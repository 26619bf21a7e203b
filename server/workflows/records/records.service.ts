/**
 * Completion records (issue 44): issued by the worker once a job is paid (its program's payment task complete), kept
 * once per job (a second run, a killed worker's item taken again or another instance writes nothing more: the row is
 * keyed by the job, and the same job gives the same bytes), downloaded by whoever may see the job, and checked by
 * anyone at the public verify page by its SHA-256.
 */

import type { Facts, JobEvaluation, Program } from '../../../engine/index.ts';
import {
  SHA256_HEX,
  VERIFY_MESSAGES,
  type CompletionRecordSummary,
  type RecordCovers,
  type RecordVerification,
} from '../../../engine/api/completion.ts';
import { inTransaction, type Deps } from '../../context.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { addHistory } from '../../db/history.db.ts';
import { enqueueWork } from '../../db/work.db.ts';
import { notFound } from '../../errors.ts';
import type { WorkHandler } from '../../worker.ts';
import { recordContent } from './record-content.ts';
import { coversOf, renderRecord } from './record-pdf.ts';
import * as db from './records.db.ts';
import { RECORD_WORK } from './work-kinds.ts';

/** After a job's evaluation: once its program's payment task is complete, its record is queued (once per job). */
export async function queueRecord(deps: Deps, program: Program, row: jobsDb.JobRow, ev: JobEvaluation, _f: Facts) {
  const pay = program.incentives.payment;
  if (!pay || row.is_canceled) return;
  if (ev.tasks.find((t) => t.id === pay.task)?.status !== 'COMPLETE') return;
  await enqueueWork(deps.db, {
    kind: RECORD_WORK.issue,
    key: `records:issue:${row.id}`,
    payload: { job_id: row.id, at: deps.now().toISOString() },
    now: deps.now(),
  });
}

/** Worker: writes the job's record unless it has one (the file first, then its row; a lost race removes the file). */
export async function issueRecord(deps: Deps, p: { job_id: number; at: string }) {
  if (await db.recordOfJob(deps.db, p.job_id)) return { skipped: 'issued already' };
  const job = await jobsDb.getJob(deps.db, p.job_id);
  if (!job) return { skipped: 'no such job' };
  const content = await recordContent(deps, job, p.at);
  const { bytes, sha256 } = await renderRecord(content);
  const name = await deps.adapters.files.put(Buffer.from(bytes));
  let written = false;
  try {
    written = await inTransaction(deps, async (deps) => {
      const ok = await db.insertRecord(deps.db, {
        job_id: job.id,
        sha256,
        file_name: name,
        size_bytes: bytes.length,
        issued_at: p.at,
        covers: JSON.stringify(coversOf(content)),
      });
      if (ok)
        await addHistory(deps.db, {
          job_id: job.id,
          type: 'completion_record_issued',
          user_id: null,
          at: deps.now().toISOString(),
          detail: { sha256, files: content.files.length },
        });
      return ok;
    });
  } finally {
    if (!written) await deps.adapters.files.remove(name);
  }
  return written ? { sha256 } : { skipped: 'issued by another run' };
}

export function recordHandlers(deps: Deps): Record<string, WorkHandler> {
  return {
    [RECORD_WORK.issue]: (item, q) => issueRecord({ ...deps, db: q }, item.data as { job_id: number; at: string }),
  };
}

/** The job detail's `completion_record`. */
export async function recordSummary(deps: Deps, job: jobsDb.JobRow): Promise<CompletionRecordSummary> {
  const r = await db.recordOfJob(deps.db, job.id);
  if (!r) return null;
  const covers = JSON.parse(r.covers) as RecordCovers;
  return { sha256: r.sha256, issued_at: r.issued_at, size_bytes: r.size_bytes, file_count: covers.files.length };
}

/** The record's PDF (the route checked the caller may see the job); 404 until it is issued. */
export async function recordFile(deps: Deps, job: jobsDb.JobRow): Promise<{ name: string; bytes: Buffer }> {
  const r = await db.recordOfJob(deps.db, job.id);
  const bytes = r && (await deps.adapters.files.get(r.file_name));
  if (!bytes) throw notFound(VERIFY_MESSAGES.not_issued);
  return { name: `Completion record ${job.code}.pdf`, bytes };
}

/** What the record with this SHA-256 covers (public: nothing personal), or 404. */
export async function verifyRecord(deps: Deps, sha256: string): Promise<RecordVerification> {
  const hash = sha256.toLowerCase();
  const r = SHA256_HEX.test(hash) ? await db.recordByHash(deps.db, hash) : undefined;
  if (!r) throw notFound(VERIFY_MESSAGES.unknown);
  return {
    sha256: r.sha256,
    issued_at: r.issued_at,
    size_bytes: r.size_bytes,
    covers: JSON.parse(r.covers) as RecordCovers,
  };
}
