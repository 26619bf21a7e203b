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
];

describe('history wording of the ops actions', () => {
  it.each(CASES)('%s %j', (type, detail, sentence) => {
    expect(describeHistory(type, detail, (id) => id)).toBe(sentence);
  });
  it('each record type has a filter label', () => {
    for (const type of new Set(CASES.map(([t]) => t))) expect(HISTORY_TYPES[type]).toBeTruthy();
  });
});
