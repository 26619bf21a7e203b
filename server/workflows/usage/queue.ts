/**
 * When energy usage collection starts: called after every evaluation of a job (the workflow's afterEvaluation).
 */

import type { JobEvaluation, Program } from '../../../engine/index.ts';
import type { Deps } from '../../context.ts';
import type * as jobsDb from '../../db/jobs.db.ts';
import { enqueueWork } from '../../db/work.db.ts';
import { USAGE_WORK } from './work-kinds.ts';

/**
 * A program's usage task that has opened starts energy usage collection (spec sect. 4): the homeowner's
 * invite, once per job (the work's key); resends come from ops (a new invite number).
 */
export async function queueOpenUsage(deps: Deps, program: Program, row: jobsDb.JobRow, ev: JobEvaluation) {
  const uc = program.usage_collection;
  if (!uc || row.is_canceled) return;
  const t = ev.tasks.find((x) => x.id === uc.task);
  if (!t || (t.status !== 'READY' && t.status !== 'IN_PROGRESS')) return;
  await enqueueWork(deps.db, {
    kind: USAGE_WORK.invite,
    key: `usage:invite:${row.id}:1`,
    payload: { job_id: row.id, invite: 1 },
    now: deps.now(),
  });
}
