/**
 * Federal reporting (issue 44): after each evaluation of a job of a program with `reporting:`, the records its moments
 * call for are built (engine reportRecords) and kept with what they still miss; a record that passes the contract is
 * sent by the worker to the tracking tool (REPORTING_URL) in real-time mode, under an idempotency key per attempt, and
 * keeps the tool's id or its reasons for refusing it. A refused record built again differently is a new attempt.
 * Monthly programs' records wait for the month's bulk file.
 */

import {
  readFact,
  reportRecords,
  bulkFile,
  type Facts,
  type JobEvaluation,
  type Program,
} from '../../../engine/index.ts';
import { REPORTING_MESSAGES, type TrackingRecordView } from '../../../engine/api/reporting.ts';
import { inTransaction, type Deps } from '../../context.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { addHistory } from '../../db/history.db.ts';
import { enqueueWork } from '../../db/work.db.ts';
import { getContractor } from '../../db/contractors.db.ts';
import { ApiError, notFound, validationError } from '../../errors.ts';
import { refreshJob } from '../../services/evaluation.ts';
import { currentProgram } from '../../services/pinned-program.ts';
import type { WorkHandler } from '../../worker.ts';
import { entriesOfJob } from '../budget/budget.db.ts';
import * as db from './reporting.db.ts';
import { REPORTING_WORK } from './work-kinds.ts';

const day = (iso: string) => iso.slice(0, 10);

/** After a job's evaluation: its records as its moments call for them now. */
export async function buildRecords(deps: Deps, program: Program, row: jobsDb.JobRow, ev: JobEvaluation, facts: Facts) {
  const r = program.reporting;
  if (!r || row.is_canceled) return;
  const reserve = (await entriesOfJob(deps.db, row.id)).find((e) => e.kind === 'reserve');
  const pay = program.incentives.payment;
  const paid = !!pay && ev.tasks.find((t) => t.id === pay.task)?.status === 'COMPLETE';
  const paidOn = paid ? readFact(facts, `${pay!.task}.${pay!.date_field}`) : null;
  const reserved_on = reserve ? day(reserve.at) : paid ? day(row.submitted_at ?? row.created_at) : null;
  if (!reserved_on) return;
  const existing = await db.recordsOfJob(deps.db, row.id);
  const reservation_ids: Record<string, string> = {};
  for (const x of existing)
    if (x.kind === 'reservation' && (r.mode === 'monthly' || x.state === 'accepted'))
      reservation_ids[x.measure] = r.mode === 'monthly' ? `${row.code}-${x.measure}` : x.tool_id!;
  const company = row.contractor_id ? await getContractor(deps.db, row.contractor_id) : undefined;
  const installed = program.quality?.installed_on?.fn(facts);
  const built = reportRecords(program, facts, {
    ...row,
    contractor: company ? { id: company.id, name: company.name } : null,
    lines: ev.incentive.lines,
    reserved_on,
    paid_on: paid ? (typeof paidOn === 'string' ? paidOn : day(deps.now().toISOString())) : null,
    completed_on: typeof installed === 'string' ? installed : null,
    reservation_ids,
  });
  const at = deps.now().toISOString();
  for (const b of built) {
    const state = b.missing.length ? 'incomplete' : 'pending';
    const moment = b.kind === 'reservation' ? reserved_on : String(paidOn ?? day(at));
    const written = await db.upsertBuilt(deps.db, {
      job_id: row.id,
      measure: b.measure,
      kind: b.kind,
      state,
      record: JSON.stringify(b.record),
      missing: JSON.stringify(b.missing),
      moment,
      updated_at: at,
    });
    // Once per version of a ready record (an evaluation with nothing new queues nothing new).
    if (written && state === 'pending' && r.mode === 'real_time' && deps.adapters.tracking)
      await enqueueWork(deps.db, {
        kind: REPORTING_WORK.send,
        key: `reporting:send:${written.id}:${written.version}`,
        payload: { id: written.id },
        now: deps.now(),
      });
  }
}

/** Worker: sends a ready record (once per attempt: the key answers the same record), keeps the tool's answer. */
export async function sendRecord(deps: Deps, p: { id: number }) {
  const row = await db.recordById(deps.db, p.id);
  if (!row || row.state !== 'pending' || row.sent_at) return { skipped: 'not ready or sent' };
  const tracking = deps.adapters.tracking;
  if (!tracking) return { skipped: 'no REPORTING_URL' };
  const job = (await jobsDb.getJob(deps.db, row.job_id))!;
  const key = `${job.code}-${row.measure}-${row.kind}-${row.attempt}`;
  // A tool down throws: the worker tries again later.
  const answer = await tracking.send(row.kind, JSON.parse(row.record) as Record<string, unknown>, key);
  const at = deps.now().toISOString();
  await inTransaction(deps, async (deps) => {
    const accepted = answer.outcome === 'accepted';
    await db.markAnswered(deps.db, row.id, {
      state: accepted ? 'accepted' : 'refused',
      tool_id: accepted ? answer.id : null,
      errors: accepted ? null : JSON.stringify(answer.errors),
      at,
    });
    await addHistory(deps.db, {
      job_id: row.job_id,
      type: accepted ? 'tracking_record_accepted' : 'tracking_record_refused',
      user_id: null,
      at,
      detail: {
        kind: row.kind,
        measure: row.measure,
        ...(accepted ? { tool_id: answer.id } : { errors: answer.errors }),
      },
    });
  });
  // An accepted reservation lets the measure's redemption name it.
  if (answer.outcome === 'accepted' && row.kind === 'reservation') await refreshJob(deps, row.job_id);
  return answer.outcome === 'accepted' ? { accepted: answer.id } : { refused: answer.errors.length };
}

export function reportingHandlers(deps: Deps): Record<string, WorkHandler> {
  return { [REPORTING_WORK.send]: (item, q) => sendRecord({ ...deps, db: q }, item.data as { id: number }) };
}

/** The job's records as ops see them (undefined: its program reports nothing). */
export async function jobReporting(deps: Deps, job: jobsDb.JobRow): Promise<TrackingRecordView[] | undefined> {
  if (!deps.defs.programs[job.program_id]?.reporting) return undefined;
  return (await db.recordsOfJob(deps.db, job.id)).map((x) => ({
    id: x.id,
    measure: x.measure,
    kind: x.kind,
    state: x.state,
    moment: x.moment,
    missing: JSON.parse(x.missing) as string[],
    tool_id: x.tool_id,
    errors: x.errors ? (JSON.parse(x.errors) as { path: string; message: string }[]) : [],
    sent_at: x.sent_at,
  }));
}

/** A program's bulk file of a month (YYYY-MM): every record of that month that passes the contract. */
export async function monthlyFile(deps: Deps, programId: string, month: unknown) {
  const program = deps.defs.programs[programId] ? currentProgram(deps, programId) : undefined;
  if (!program) throw notFound();
  if (!program.reporting) throw new ApiError(404, REPORTING_MESSAGES.no_reporting);
  if (typeof month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw validationError([{ path: 'month', message: REPORTING_MESSAGES.bad_month }]);
  const rows = await db.recordsOfMonth(deps.db, programId, month);
  if (!rows.length) throw new ApiError(404, REPORTING_MESSAGES.empty_month(month));
  return bulkFile(
    program,
    month,
    rows.map((x) => ({ kind: x.kind, record: JSON.parse(x.record) as unknown })),
  );
}
