/**
 * Quality assurance (program.yaml `quality:`, issue 43): each review's sampling decision, taken once when a job
 * reaches the review's point, from the job, the rule and the program's seed (engine/quality.ts), stored with what it
 * was derived from and shown on the job (its `quality`) and in its history. Ops record a sampled review's outcome,
 * which moves the contractor's standing in the program (provisional until its rules or ops say otherwise).
 */

import type { AppWorkflow } from '../../context.ts';
import { decideQuality } from './decide.ts';
import { decisionsOf, latestOutcomes } from './quality.db.ts';
import { assignedJobs } from './inspections.db.ts';
import { qualityRoutes } from './quality.routes.ts';
import { admitJob } from './quality.service.ts';
import { actionsOf } from './actions.db.ts';
import { holdOf, holdPaymentApproval, presentAction, unrecordedHolds } from './actions.service.ts';
import type { QualityDecision } from '../../../engine/api/quality.ts';
import { payableAmountField } from '../payments/overrides.ts';

export const quality: AppWorkflow = {
  name: 'quality',
  afterEvaluation: decideQuality,
  afterSubmit: holdPaymentApproval,
  admitJob,
  jobDetail: async (deps, job) => {
    const labels = new Map(deps.defs.programs[job.program_id]?.quality?.reviews.map((r) => [r.id, r.label]) ?? []);
    const decisions = await decisionsOf(deps.db, job.id);
    const sampled = decisions.some((d) => d.sampled === 1);
    const outcomes = sampled ? await latestOutcomes(deps.db, job.id) : new Map();
    const actions = sampled ? await actionsOf(deps.db, job.id) : [];
    const latestAction = (reviewId: string) => actions.filter((a) => a.review_id === reviewId).pop();
    const hold = holdOf(
      deps,
      actions,
      sampled ? await unrecordedHolds(deps, deps.defs.programs[job.program_id], job.id) : [],
    );
    return {
      quality_hold: hold,
      quality_hold_task: hold ? (payableAmountField(deps.defs.programs[job.program_id]!)?.task ?? null) : null,
      quality: decisions.map((d): QualityDecision => ({
        review_id: d.review_id,
        review: labels.get(d.review_id) ?? d.review_id,
        kind: d.kind as QualityDecision['kind'],
        sampled: d.sampled === 1,
        reason: d.reason as QualityDecision['reason'],
        explanation: d.explanation,
        standing: d.standing as QualityDecision['standing'],
        decided_at: d.decided_at,
        outcome: outcomes.get(d.review_id) ?? null,
        corrective_action: ((a) => (a ? presentAction(deps, a) : null))(latestAction(d.review_id)),
      })),
    };
  },
  // An inspector's open pages follow the jobs of the inspections assigned to them.
  jobsFollowed: async (deps, user, ids) => (user.role === 'inspector' ? assignedJobs(deps.db, user.id, ids) : []),
  routes: qualityRoutes,
  history: [
    'quality_sampled',
    'quality_not_sampled',
    'quality_outcome_recorded',
    'contractor_standing_changed',
    'corrective_action_opened',
    'corrective_action_answered',
    'corrective_action_reinspection',
    'corrective_action_closed',
    'inspection_assigned',
    'inspection_visit_proposed',
    'inspection_visit_confirmed',
  ],
  abilities: [
    'quality.view',
    'quality.record',
    'quality.set_standing',
    'quality.answer',
    'inspection.list',
    'inspection.read',
    'inspection.record',
    'inspection.assign',
    'inspection.schedule',
    'inspector.list',
    'inspector.manage',
  ],
};
