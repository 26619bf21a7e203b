/**
 * One function builds a job's facts: the server from a stored row (SQLite's 0/1 flags, nulls) with its
 * program, the browser from the job detail it was answered, without the program. The job.* facts a form
 * rule reads are the same either way; only what needs the program is absent in the browser.
 */

import { describe, expect, it } from 'vitest';
import { buildFacts, jobInputOf } from './facts.ts';
import type { Program } from './types.ts';

const program = {
  constants: { cap: 8000 },
  table_values: { t: [1] },
  service_area: { states: ['WI'] },
  accept_submissions: { from: null, until: null },
  active: true,
} as unknown as Program;

const row = {
  id: 12,
  code: 'AB12',
  created_at: '2026-01-02T03:04:05Z',
  submitted_at: null,
  is_canceled: 0,
  is_deemed: 1,
  ops_marked_ineligible: 0,
  address: '1 Main St',
  city: 'Madison',
  county: null,
  state: 'WI',
  zip: '53703',
  lat: 43.07,
  lon: -89.4,
  electric_utility: 'MGE',
  gas_utility: null,
};
/** The same job as the API answers it (booleans, and fields the facts do not read). */
const answered = {
  ...row,
  is_canceled: false,
  is_deemed: true,
  ops_marked_ineligible: false,
  full_name: 'Ann Lee',
  program: { id: 'wi-hear' },
};

describe("a job's facts", () => {
  it('the browser (no program) reads the same job.* facts as the server (with the program)', () => {
    const server = buildFacts(program, jobInputOf(row, { t1: { status: 'COMPLETE', data: { a: 1 } } }), {
      today: '2026-11-25',
    });
    const browser = buildFacts(null, jobInputOf(answered), { today: '2026-11-25' });
    expect(browser.job).toEqual(server.job);
    expect(server.job).toEqual({
      id: '12',
      code: 'AB12',
      created_at: '2026-01-02T03:04:05Z',
      is_canceled: false,
      is_deemed: true,
      ops_marked_ineligible: false,
      address: '1 Main St',
      city: 'Madison',
      state: 'WI',
      zip: '53703',
      lat: 43.07,
      lon: -89.4,
      electric_utility: 'MGE',
    });
    expect(browser.derived).toEqual({ today: '2026-11-25', submission_date: '2026-11-25' });
    expect(server.derived).toEqual({
      today: '2026-11-25',
      submission_date: '2026-11-25',
      in_service_area: true,
      accepting_submissions: true,
    });
    expect(browser.constants).toEqual({});
    expect(server.constants).toEqual({ cap: 8000 });
    expect(server.task_status).toEqual({ t1: 'COMPLETE' });
    expect(server.t1).toEqual({ a: 1 });
  });

  it('a submitted job dates its submission from submitted_at', () => {
    const f = buildFacts(null, jobInputOf({ ...row, submitted_at: '2026-03-04T10:00:00Z' }), { today: '2026-11-25' });
    expect(f.derived.submission_date).toBe('2026-03-04');
    expect(f.job.submitted_at).toBe('2026-03-04T10:00:00Z');
  });
});
