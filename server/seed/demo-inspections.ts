/**
 * The demo's quality assurance (issue 43), written through the workflows as ops, the inspector and the contractors
 * would (each step in its job's history): the demo inspector holds some of the sampled reviews, so their day has
 * visits to make and ops' queue shows inspections both assigned and not; some reviews passed, some failed, with their
 * corrective actions open, answered and waiting on a re-inspection; and companies in each standing.
 */

import type { Inspection } from '../../engine/api/inspections.ts';
import type { AuthUser, Deps } from '../context.ts';
import { getJob } from '../db/jobs.db.ts';
import { findUserByEmail } from '../db/users.db.ts';
import { answerAction, decideAction } from '../workflows/quality/actions.service.ts';
import { actionsOf } from '../workflows/quality/actions.db.ts';
import { assignInspector, listInspections } from '../workflows/quality/inspections.service.ts';
import { recordOutcome, setStanding } from '../workflows/quality/quality.service.ts';
import type { People } from './demo-people.ts';
import { firstExample } from './form-examples.ts';
import { checklistRefs } from '../workflows/quality/checklists.ts';
import { checklistItems } from '../../engine/quality-checklist.ts';
import type { JobRow } from '../db/jobs.db.ts';

/** The demo inspector's sign-in (server/seed/demo-people.ts DEMO_USERS). */
export const DEMO_INSPECTOR = 'inspector@demo.rebates.test';

/** How many of the sampled reviews waiting on an outcome go to the demo inspector: the rest stay to assign. */
const ASSIGNED = 4;

export async function assignDemoInspections(deps: Deps, ops: AuthUser): Promise<void> {
  const inspector = await findUserByEmail(deps.db, DEMO_INSPECTOR);
  if (!inspector) return;
  const open = (await listInspections(deps, ops, { state: 'unassigned' })).items;
  // Field inspections first (a visit to arrange), then desk reviews; every other one, so both kinds stay to assign.
  const ordered = [
    ...open.filter((i) => i.kind === 'field_inspection'),
    ...open.filter((i) => i.kind !== 'field_inspection'),
  ];
  for (const i of ordered.filter((_, n) => n % 2 === 0).slice(0, ASSIGNED))
    await assignInspector(deps, ops, String(i.job_id), i.review_id, { inspector_id: inspector.id });
}

/** What the demo's failed reviews found, and what the contractor answered. */
const FINDINGS = [
  ['Condensate line not trapped at the air handler.', 'Added a trap and re-routed the line to the drain.'],
  ['Line set insulation missing on the exterior run.', 'Insulated and taped the whole exterior run.'],
  ['Invoice lists a model other than the installed one.', 'Uploaded the corrected invoice from the distributor.'],
] as const;

/**
 * Companies whose standing ops set by hand (the last of server/seed/names.ts COMPANIES, which no test creates jobs
 * for): one in full standing, one on probation, one suspended; the others stay provisional or move by their outcomes.
 */
const HAND_STANDINGS = [
  {
    company: 'Cornerstone Weatherization',
    standing: 'full',
    reason: 'Three years in the predecessor program, inspected without findings.',
  },
  {
    company: 'Coastside Electric',
    standing: 'probation',
    reason: 'Two complaints from homeowners about unfinished work this quarter.',
  },
  {
    company: 'Evergreen Heating',
    standing: 'suspended',
    reason: 'License lapsed; suspended until the state board renews it.',
  },
] as const;

/**
 * A review's checklists for the job, answered with each form's example (every item passed); with a finding, the first
 * item of the first checklist failed and the finding written where that checklist asks what was found.
 */
async function answers(deps: Deps, job: JobRow, reviewId: string, finding: string | null) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [n, ref] of (await checklistRefs(deps, job, reviewId)).entries()) {
    const data = { ...firstExample(ref.form) };
    const form = deps.defs.forms[ref.form];
    const first = form && checklistItems(form)[0];
    if (finding && n === 0 && first) Object.assign(data, { [first.field]: 'fail', findings: finding });
    out[ref.form] = data;
  }
  return out;
}

/**
 * Outcomes of some open reviews (ops record them, as after a visit or a desk check): desk reviews passed, and failed
 * field inspections whose corrective actions stay open, are answered by the company, and wait on a re-inspection.
 */
export async function seedQualityOutcomes(deps: Deps, people: People): Promise<void> {
  const ops = people.ops[0];
  const open = (await listInspections(deps, ops, { state: 'unassigned' })).items;
  const job = async (i: Inspection) => (await getJob(deps.db, i.job_id))!;
  // One of each program, so that more programs' screens show them.
  const perProgram = (kind: Inspection['kind']) =>
    open.filter(
      (x, n) => x.kind === kind && open.findIndex((y) => y.kind === kind && y.program_id === x.program_id) === n,
    );
  for (const i of perProgram('desk_review').slice(0, 3)) {
    const checklists = await answers(deps, await job(i), i.review_id, null);
    await recordOutcome(deps, ops, await job(i), i.review_id, { checklists, note: 'Invoice, model and photos agree.' });
  }
  const failing = perProgram('field_inspection')
    .filter((x) => x.contractor)
    .slice(0, FINDINGS.length);
  for (const [n, i] of failing.entries()) {
    const [finding, answer] = FINDINGS[n];
    await recordOutcome(deps, ops, await job(i), i.review_id, {
      checklists: await answers(deps, await job(i), i.review_id, finding),
    });
    if (n === 0) continue; // waits on the contractor
    const action = (await actionsOf(deps.db, i.job_id)).filter((a) => a.review_id === i.review_id).pop();
    const contractor = people.companyUser.get(i.contractor!.id);
    if (!action || !contractor) continue;
    await answerAction(deps, contractor, await job(i), action.id, { note: answer });
    if (n === 2)
      await decideAction(deps, ops, await job(i), action.id, { decision: 'reinspect', note: 'We will look on site.' });
  }
  for (const h of HAND_STANDINGS) {
    const company = people.companies.find((c) => c.name === h.company);
    if (company)
      await setStanding(deps, ops, company.id, {
        program_id: company.program_id,
        standing: h.standing,
        reason: h.reason,
      });
  }
}
