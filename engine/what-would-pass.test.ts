/**
 * What would make it pass: the smallest change of the answers that flips a rule, checked against the rule; generated
 * comparisons always get one that flips them; every program's eligibility rules, over the jobs of its cases, get
 * only suggestions that flip the rule as the program compiled it (json-logic-engine, not the reference used inside).
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRepo } from '../tests/load-repo.ts';
import { evaluateJobWithFacts, truthy, type JobInput } from './index.ts';
import { mergeJob } from './cases.ts';
import { whatWouldPass, withChanges } from './what-would-pass.ts';

const INCOME = { var: 'income.household_income_cents' };

describe('what would make it pass', () => {
  it('an answer above a limit: the limit, as "at most"', () => {
    const rule = { '<=': [INCOME, 8_450_000] };
    expect(whatWouldPass(rule, { income: { household_income_cents: 9_000_000 } }, true)).toEqual([
      { fact: 'income.household_income_cents', value: 8_450_000, bound: 'at_most' },
    ]);
    // Already true: nothing to change.
    expect(whatWouldPass(rule, { income: { household_income_cents: 100 } }, true)).toEqual([]);
    // A strict limit steps past it; the answer on the right mirrors the comparison.
    expect(whatWouldPass({ '<': [8_450_000, INCOME] }, { income: { household_income_cents: 1 } }, true)).toEqual([
      { fact: 'income.household_income_cents', value: 8_450_001, bound: 'at_least' },
    ]);
  });

  it('an ineligibility rule made false: every part of an "or", one part of an "and"', () => {
    const facts = { home: { year_built: 1950, units: 6 } };
    const both = { and: [{ '<': [{ var: 'home.year_built' }, 1978] }, { '>': [{ var: 'home.units' }, 4] }] };
    // One part of the and is enough; the first cheapest is taken.
    expect(whatWouldPass(both, facts, false)).toEqual([{ fact: 'home.year_built', value: 1978, bound: 'at_least' }]);
    const either = { or: [{ '<': [{ var: 'home.year_built' }, 1978] }, { '>': [{ var: 'home.units' }, 4] }] };
    expect(whatWouldPass(either, facts, false)).toEqual([
      { fact: 'home.year_built', value: 1978, bound: 'at_least' },
      { fact: 'home.units', value: 4, bound: 'at_most' },
    ]);
  });

  it('a value among those listed, a yes/no answer, a range; none for what cannot be changed', () => {
    expect(
      whatWouldPass({ in: [{ var: 'services.kind' }, ['heat_pump', 'panel']] }, { services: { kind: 'boiler' } }, true),
    ).toEqual([{ fact: 'services.kind', value: 'heat_pump', bound: 'exactly' }]);
    expect(whatWouldPass({ '!': { var: 'site.has_asbestos' } }, { site: { has_asbestos: true } }, true)).toEqual([
      { fact: 'site.has_asbestos', value: false, bound: 'exactly' },
    ]);
    expect(whatWouldPass({ '<=': [1, { var: 'hh.size' }, 8] }, { hh: { size: 11 } }, true)).toEqual([
      { fact: 'hh.size', value: 8, bound: 'at_most' },
    ]);
    // The job's county, a constant, two answers compared with each other: no change of an answer flips it.
    expect(whatWouldPass({ '==': [{ var: 'job.county' }, 'Dane'] }, { job: { county: 'Rock' } }, true)).toBeNull();
    expect(
      whatWouldPass({ '<=': [{ var: 'a.cost' }, { var: 'a.cap' }] }, { a: { cost: 10, cap: 5 } }, true),
    ).toBeNull();
    // A string that must differ: no single obvious value.
    expect(whatWouldPass({ '!=': [{ var: 'a.kind' }, 'x'] }, { a: { kind: 'x' } }, true)).toBeNull();
  });

  it('any numeric comparison of an answer, either way, gets a change that flips it (generated)', () => {
    const ops = ['<', '<=', '>', '>=', '==', '==='] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...ops),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.boolean(),
        fc.boolean(),
        (op, limit, current, want, mirrored) => {
          const answer = { var: 'task.amount' };
          const rule = { [op]: mirrored ? [limit, answer] : [answer, limit] };
          const facts = { task: { amount: current } };
          const s = whatWouldPass(rule, facts, want);
          // Equality wanted false of a number: any other number, one step off.
          expect(s).not.toBeNull();
          const after = withChanges(facts, s!) as { task: { amount: number } };
          const holds = (x: number) =>
            ({
              '<': x < limit,
              '<=': x <= limit,
              '>': x > limit,
              '>=': x >= limit,
              '==': x === limit,
              '===': x === limit,
            })[mirrored ? ({ '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '===': '===' } as const)[op] : op];
          expect(holds(after.task.amount)).toBe(want);
          // Never more than the one answer changed.
          expect(s!.length).toBeLessThanOrEqual(1);
        },
      ),
      { seed: 44, numRuns: 300 },
    );
  });

  it('every program’s eligibility rules, over its cases’ jobs: a suggestion always flips the compiled rule', () => {
    const defs = loadRepo({ unused_forms: false, lazy_forms: true });
    let tried = 0;
    let suggested = 0;
    for (const program of Object.values(defs.programs)) {
      const file = defs.cases[program.id]?.value as
        { today: string; base?: JobInput; cases: { job?: JobInput; today?: string }[] } | undefined;
      for (const c of file?.cases ?? []) {
        const job = mergeJob<JobInput>(file!.base ?? {}, c.job ?? {});
        const { facts } = evaluateJobWithFacts(program, job, { today: c.today ?? file!.today });
        for (const rule of program.eligibility) {
          let fired: boolean;
          try {
            fired = truthy(rule.fn(facts));
          } catch {
            continue;
          }
          if (!fired) continue;
          tried++;
          const s = whatWouldPass(rule.logic, facts, false);
          if (!s) continue;
          suggested++;
          expect(truthy(rule.fn(withChanges(facts, s))), `${program.id} ${rule.id}`).toBe(false);
        }
      }
    }
    // The cases make rules fire, and some of them have a change that lifts them.
    expect(tried).toBeGreaterThan(10);
    expect(suggested).toBeGreaterThan(30);
  });
});
