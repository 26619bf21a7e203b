/** How the ops actions' history records read (table-driven: record type, detail, sentence). */

import { describe, expect, it } from 'vitest';
import { describeHistory, HISTORY_TYPES } from './job-text.ts';

const CASES: [string, Record<string, unknown> | null, string][] = [
  ['job_marked_ineligible', { reason: 'Duplicate of job 12' }, 'Marked the job ineligible: Duplicate of job 12'],
  // A contractor's copy has no reason (it is internal).
  ['job_marked_ineligible', {}, 'Marked the job ineligible'],
  [
    'job_ineligible_undone',
    { reason: 'Duplicate of job 12' },
    'Undid the ineligible mark: eligibility is again what the program’s rules say',
  ],
  ['job_deemed_undone', null, 'Undid set as deemed'],
  [
    'job_ops_owner_changed',
    { from: null, from_name: null, to: 7, to_name: 'Oscar Ops' },
    'Made Oscar Ops the ops owner',
  ],
  [
    'job_ops_owner_changed',
    { from: 3, from_name: 'Olive Ops', to: 7, to_name: 'Oscar Ops' },
    'Made Oscar Ops the ops owner (was Olive Ops)',
  ],
  [
    'job_ops_owner_changed',
    { from: 7, from_name: 'Oscar Ops', to: null, to_name: null },
    'Removed the ops owner (Oscar Ops)',
  ],
  [
    'budget_reserved',
    { amount_cents: 120000, territory: '', expires_at: '2026-07-01T00:00:00.000Z' },
    'Reserved $1,200.00 of the program budget until 2026-07-01',
  ],
  [
    'budget_waitlisted',
    { amount_cents: 50000, position: 3 },
    'Waitlisted for $500.00 of the program budget (number 3 in line)',
  ],
  [
    'budget_promoted',
    { amount_cents: 50000, expires_at: '2026-08-01T00:00:00.000Z' },
    'Off the waitlist: reserved $500.00 of the program budget until 2026-08-01',
  ],
  [
    'budget_released',
    { amount_cents: 50000, why: 'canceled' },
    'Released $500.00 of the program budget: the job was canceled',
  ],
  ['budget_released', { amount_cents: 0, left_waitlist: true, why: 'canceled' }, 'Left the budget waitlist'],
  ['budget_reservation_expired', { amount_cents: 50000, why: 'expiry' }, 'The budget reservation of $500.00 expired'],
  ['budget_committed', { amount_cents: 250000 }, 'Committed $2,500.00 of the program budget to the approved payment'],
  ['budget_spent', { amount_cents: 250000 }, 'Spent $2,500.00 of the program budget: payment sent'],
  [
    'quality_sampled',
    { review: 'Field inspection', explanation: 'Sampled: the contractor is on probation, so every job is checked.' },
    'Field inspection: Sampled: the contractor is on probation, so every job is checked.',
  ],
  [
    'quality_outcome_recorded',
    { review: 'Desk review', outcome: 'fail', note: 'Invoice unsigned' },
    'Desk review failed: Invoice unsigned',
  ],
  ['quality_outcome_recorded', { review: 'Desk review', outcome: 'pass' }, 'Desk review passed'],
  [
    'inspection_visit_proposed',
    { review: 'Field inspection', times: 'Thursday, December 3, 2026 at 10:00 AM EST' },
    'Field inspection: visit times offered to the homeowner (Thursday, December 3, 2026 at 10:00 AM EST)',
  ],
  [
    'completion_record_issued',
    { sha256: 'ab', files: 12 },
    'Completion record issued, listing 12 files with their fingerprints',
  ],
  [
    'tracking_record_accepted',
    { kind: 'reservation', measure: 'heat_pump', tool_id: 'RSV-000001' },
    'The heat pump reservation was accepted by the federal tracking tool (RSV-000001)',
  ],
  [
    'tracking_record_refused',
    { kind: 'reservation', measure: 'heat_pump', errors: [{ path: '/address', message: 'already reserved here' }] },
    'The federal tracking tool refused the heat pump reservation: already reserved here',
  ],
  [
    'inspection_visit_confirmed',
    {
      review: 'Field inspection',
      when: 'Friday, December 4, 2026 at 2:00 PM EST',
      picked: true,
      note: 'Gate code 4411',
    },
    'Field inspection: the homeowner picked a time of their own, Friday, December 4, 2026 at 2:00 PM EST (“Gate code 4411”)',
  ],
  [
    'inspection_visit_confirmed',
    { review: 'Field inspection', when: 'Thursday, December 3, 2026 at 10:00 AM EST' },
    'Field inspection: the homeowner took an offered time, Thursday, December 3, 2026 at 10:00 AM EST',
  ],
  [
    'quality_outcome_recorded',
    {
      review: 'Field inspection',
      outcome: 'pass',
      photo_warnings: 'This photo was taken more than one mile from the job site.',
    },
    'Field inspection passed. Photos: This photo was taken more than one mile from the job site.',
  ],
  [
    'inspection_assigned',
    { review: 'Field inspection', inspector: 'Ivy Ives' },
    'Field inspection assigned to Ivy Ives',
  ],
  [
    'inspection_assigned',
    { review: 'Field inspection', inspector: 'Ivy Ives', before: 'Ned Noor' },
    'Field inspection assigned to Ivy Ives (was Ned Noor)',
  ],
  [
    'quality_outcome_recorded',
    { review: 'Field inspection', outcome: 'pass', minor: 'Condensate drains; Site left clean' },
    'Field inspection passed (minor issues: Condensate drains; Site left clean)',
  ],
  [
    'contractor_standing_changed',
    { program: 'RECO', standing: 'probation', cause: '2 of the last 5 reviews failed (probation at 2).' },
    "The contractor's standing in RECO is now probation: 2 of the last 5 reviews failed (probation at 2).",
  ],
  [
    'corrective_action_opened',
    { review: 'Field inspection', due: '2026-06-15', finding: 'Line set not insulated' },
    'Corrective action opened after the field inspection failed (Line set not insulated), due June 15, 2026',
  ],
  [
    'corrective_action_answered',
    { review: 'Field inspection', note: 'Insulated' },
    'Answered the corrective action of the field inspection: Insulated',
  ],
  ['corrective_action_reinspection', { review: 'Field inspection' }, 'Asked for a re-inspection (field inspection)'],
  [
    'corrective_action_closed',
    { review: 'Field inspection', resolution: 'passed' },
    'Corrective action closed: the field inspection passed on re-inspection',
  ],
  [
    'corrective_action_closed',
    { review: 'Desk review', resolution: 'accepted', note: 'Fine' },
    "Accepted the corrective action's answer (desk review): Fine",
  ],
];

describe('history wording of the ops actions', () => {
  it.each(CASES)('%s %j', (type, detail, sentence) => {
    expect(describeHistory(type, detail, (id) => id)).toBe(sentence);
  });
  it('each record type has a filter label', () => {
    for (const type of new Set(CASES.map(([t]) => t))) expect(HISTORY_TYPES[type]).toBeTruthy();
  });
});
