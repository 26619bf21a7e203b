/**
 * Quality outcomes and standing (issue 43): ops record a sampled review's outcome (pass or fail, a note), which moves
 * the contractor's standing in the program by its rules (engine/quality.ts nextStanding), with the cause in the job's
 * history and the contractor's changes; ops set a standing by hand with a reason; ops and the contractor itself read
 * its quality record (standing, pass rate, changes).
 */

import { nextStanding, type ContractorStanding, type Program } from '../../../engine/index.ts';
import type {
  ContractorQuality,
  QualityOutcome,
  RecordedOutcome,
  StandingChangeBody,
} from '../../../engine/api/quality.ts';
import { assertMay } from '../../abilities.ts';
import { inTransaction, type AuthUser, type Deps } from '../../context.ts';
import { addHistory } from '../../db/history.db.ts';
import { getContractor } from '../../db/contractors.db.ts';
import type { JobRow } from '../../db/jobs.db.ts';
import { forbidden, notFound, validationError } from '../../errors.ts';
import { contractorScope } from '../../services/access.ts';
import * as db from './quality.db.ts';
import { followOutcome, isOverdue } from './actions.service.ts';
import { checkChecklists } from './checklists.ts';

export const QUALITY_MESSAGES = {
  not_sampled: 'This job was not sampled for that review.',
  no_contractor: 'This job has no contractor whose standing an outcome could move.',
  no_quality: 'That program has no quality rules.',
  reason: 'Please say why the standing changes.',
  suspended: (program: string) =>
    `This contractor company is suspended from ${program} by its quality assurance and cannot start new jobs in it.`,
} as const;

/** Before a job is created: a company suspended from the program starts no new job in it. */
export async function admitJob(deps: Deps, j: { program: Program; contractor_id: number }): Promise<void> {
  if (!j.program.quality) return;
  if ((await db.standingOf(deps.db, j.contractor_id, j.program.id)) === 'suspended')
    throw forbidden(QUALITY_MESSAGES.suspended(j.program.name), 'contractor_suspended');
}

/** Records a sampled review's outcome; the contractor's standing follows. */
export async function recordOutcome(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  reviewId: string,
  body: QualityOutcome,
): Promise<RecordedOutcome> {
  assertMay(user, 'inspection.record');
  const program = deps.defs.programs[job.program_id];
  const review = program?.quality?.reviews.find((r) => r.id === reviewId);
  const decision = (await db.decisionsOf(deps.db, job.id)).find((d) => d.review_id === reviewId);
  if (!program?.quality || !review || !decision || decision.sampled !== 1) throw notFound(QUALITY_MESSAGES.not_sampled);
  if (job.contractor_id === null) throw notFound(QUALITY_MESSAGES.no_contractor);
  const contractorId = job.contractor_id;
  // The outcome follows from the checklists (422 with every message under its field when they do not check).
  const checked = await checkChecklists(deps, job, reviewId, body.checklists, body.note?.trim() || null);
  const outcome = checked.result.outcome;
  const note = checked.finding;
  await inTransaction(deps, async (deps) => {
    const at = deps.now().toISOString();
    await db.insertOutcome(deps.db, {
      job_id: job.id,
      contractor_id: contractorId,
      program_id: job.program_id,
      review_id: reviewId,
      outcome,
      note,
      answers: JSON.stringify(checked.kept),
      user_id: user.id,
      at,
    });
    const minor = checked.result.minor.map((i) => i.title);
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'quality_outcome_recorded',
      user_id: user.id,
      at,
      detail: {
        review: review.label,
        outcome,
        ...(note ? { note } : {}),
        ...(minor.length ? { minor: minor.join('; ') } : {}),
        ...(checked.warnings.length
          ? { photo_warnings: [...new Set(checked.warnings.map((w) => w.message))].join(' ') }
          : {}),
      },
    });
    await followOutcome(deps, program, job, reviewId, outcome, note, user.id, at);
    await followOutcomes(deps, program, contractorId, job.id, at);
  });
  return {
    outcome,
    finding: note,
    minor_issues: checked.result.minor.map((i) => i.title),
    warnings: checked.warnings,
  };
}

/** Moves the contractor's standing in the program by its outcomes so far; the change goes to the job's history. */
async function followOutcomes(deps: Deps, program: Program, contractorId: number, jobId: number, at: string) {
  const current = await db.standingOf(deps.db, contractorId, program.id);
  const outcomes = await db.outcomesOf(deps.db, contractorId, program.id);
  const next = nextStanding(program.quality!.standing, current, outcomes);
  if (!next.cause || next.standing === current) return;
  await db.changeStanding(
    deps.db,
    { contractor_id: contractorId, program_id: program.id, standing: next.standing, cause: next.cause, user_id: null },
    at,
  );
  await addHistory(deps.db, {
    job_id: jobId,
    type: 'contractor_standing_changed',
    user_id: null,
    at,
    detail: { program: program.name, standing: next.standing, cause: next.cause },
  });
}

/** Ops set a contractor's standing in a program by hand, with a reason. */
export async function setStanding(
  deps: Deps,
  user: AuthUser,
  contractorId: number,
  body: StandingChangeBody,
): Promise<ContractorQuality> {
  assertMay(user, 'quality.set_standing');
  if (!(await getContractor(deps.db, contractorId))) throw notFound('Contractor not found');
  const program = deps.defs.programs[body.program_id];
  if (!program?.quality)
    throw validationError([{ path: 'program_id', message: QUALITY_MESSAGES.no_quality }], QUALITY_MESSAGES.no_quality);
  const reason = body.reason.trim();
  if (!reason) throw validationError([{ path: 'reason', message: QUALITY_MESSAGES.reason }], QUALITY_MESSAGES.reason);
  const standing = body.standing as ContractorStanding;
  await inTransaction(deps, async (deps) => {
    const cause = `Set by ${user.name}: ${reason}`;
    const change = { contractor_id: contractorId, program_id: program.id, standing, cause, user_id: user.id };
    await db.changeStanding(deps.db, change, deps.now().toISOString());
  });
  return contractorQuality(deps, user, contractorId);
}

/** A contractor's quality record, for ops and for the contractor itself (another company: not found). */
export async function contractorQuality(deps: Deps, user: AuthUser, contractorId: number): Promise<ContractorQuality> {
  assertMay(user, 'quality.view');
  const visible = contractorScope(user);
  if ((visible && !visible.includes(contractorId)) || !(await getContractor(deps.db, contractorId)))
    throw notFound('Contractor not found');
  const { standings, changes, outcomes, open } = await db.standingsOfContractor(deps.db, contractorId);
  const withRules = Object.values(deps.defs.programs).filter((p) => p.quality);
  const programs = withRules.map((p) => {
    const mine = outcomes.filter((o) => o.program_id === p.id);
    const passed = mine.filter((o) => o.outcome === 'pass').length;
    const failed = mine.length - passed;
    const standing = (standings.find((s) => s.program_id === p.id)?.standing ?? 'provisional') as ContractorStanding;
    return {
      program_id: p.id,
      program_name: p.name,
      standing,
      passed,
      failed,
      pass_rate: mine.length ? passed / mine.length : null,
    };
  });
  return {
    programs,
    changes: changes.map((c) => ({ ...c, standing: c.standing as ContractorStanding })),
    open_actions: open.map((a) => ({
      ...a,
      review:
        deps.defs.programs[a.program_id]?.quality?.reviews.find((r) => r.id === a.review_id)?.label ?? a.review_id,
      state: a.state as ContractorQuality['open_actions'][number]['state'],
      overdue: isOverdue(deps, a),
    })),
  };
}
