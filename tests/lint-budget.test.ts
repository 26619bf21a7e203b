/**
 * program.yaml `budget:` (issue 41): each mistake in the block is reported at its line and column with its code, and
 * the ten programs' budgets compile to what their files say (CA TECH per utility, 90 days).
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './load-repo.ts';
import { expectRow, loadFiles, P, programFiles } from './support/lint-rows.ts';

const load = loadFiles;

/** A row: replace `from` by `to` in the program's file; expect `code` where `at` first appears after the budget key. */
const ROWS = [
  {
    name: 'a misspelt key',
    program: 'pce',
    from: '  hold_days: 180',
    to: '  hold_day: 180',
    code: 'schema-additionalProperties',
    at: 'hold_day',
  },
  {
    name: 'an amount in dollars and cents',
    program: 'pce',
    from: 'cents: 100000000 }',
    to: 'cents: 1000000.50 }',
    code: 'schema-type',
    at: '1000000.50',
  },
  {
    name: 'a negative allocation',
    program: 'udve',
    from: 'Tulare: 40000000',
    to: 'Tulare: -40000000',
    code: 'schema-minimum',
    at: '-40000000',
  },
  {
    name: 'a release the portal does not know',
    program: 'reco',
    from: 'releases: [cancel, expiry, ineligible]',
    to: 'releases: [cancel, expired]',
    code: 'schema-enum',
    at: 'expired',
  },
  {
    name: 'an allocation per something else',
    program: 'reco',
    from: '{ per: program, cents: 200000000 }',
    to: '{ per: zip_code, cents: 200000000 }',
    code: 'schema-enum',
    at: 'zip_code',
  },
  {
    name: 'a county the program does not serve',
    program: 'udve',
    from: '      Kern: 60000000',
    to: '      Kren: 60000000',
    code: 'budget-unknown-territory',
    at: 'Kren',
  },
  {
    name: 'a utility the program does not serve',
    program: 'ca-tech',
    from: '      San Diego Gas & Electric: 1000000000',
    to: '      San Diego Electric: 1000000000',
    code: 'budget-unknown-territory',
    at: 'San Diego Electric',
  },
  {
    name: 'a reserving task the program does not have',
    program: 'wi-hear',
    from: 'when: { stage_reached: 3 }',
    to: 'when: { task_completed: submit_aplication }',
    code: 'unknown-task',
    at: 'submit_aplication',
  },
  {
    name: 'a stage past the model',
    program: 'ga-hear',
    from: 'when: { stage_reached: 3 }',
    to: 'when: { stage_reached: 9 }',
    code: 'unknown-stage',
    at: '9 }',
  },
  {
    name: 'an amount rule with an unknown operation',
    program: 'pce',
    from: 'amount: estimate_max',
    to: 'amount: { times: [2, 3] }',
    code: 'unknown-operation',
    at: 'times',
  },
] as const;

describe('budget: mistakes at their lines', () => {
  it.each(ROWS)('$name: $code', (row) => {
    expectRow({ ...row, at: { text: row.at, after: 'budget:' } });
  });
});

describe('the programs budgets', () => {
  const ids = readdirSync(join(ROOT, 'program-defs')).filter((d) => !d.startsWith('_'));

  it('every program has a budget, its amounts in integer cents, released by cancel, expiry and ineligibility', () => {
    expect(ids).toHaveLength(10);
    for (const id of ids) {
      const { programs, diagnostics } = load(programFiles(id));
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const b = programs[id].budget!;
      expect(b, id).toBeDefined();
      for (const cents of Object.values(b.allocations)) expect(Number.isInteger(cents)).toBe(true);
      expect(b.releases).toEqual(['cancel', 'expiry', 'ineligible']);
      expect([b.commits, b.spends]).toEqual(['payment_approval', 'payment_sent']);
    }
  });

  it('CA TECH holds a reservation 90 days and allocates per funding utility (electric, else gas)', () => {
    const b = load(programFiles('ca-tech')).programs['ca-tech'].budget!;
    expect(b.hold_days).toBe(90);
    expect(b.per).toBe('utility');
    expect(Object.keys(b.allocations)).toEqual([
      'Pacific Gas and Electric',
      'Southern California Edison',
      'San Diego Gas & Electric',
      'Southern California Gas',
    ]);
    expect(b.reserves).toEqual({ stage_reached: 3, amount: 'estimate_max' });
  });

  it('an unknown allocation figure is marked as an assumption in every program file', () => {
    for (const id of ids) {
      const text = readFileSync(join(ROOT, P(id)), 'utf8');
      const block = text.slice(text.indexOf('\nbudget:'));
      expect(block, id).toMatch(/# assumption: .*\n(.*\n)*? {2}allocation:/);
    }
  });
});
