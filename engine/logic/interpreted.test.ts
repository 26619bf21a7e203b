import { describe, expect, it } from 'vitest';
import { applyReference, createCompiler } from './evaluators.ts';

// The interpreted evaluator (no eval: the browser under its CSP) answers as the compiled one and as
// json-logic-js, the reference semantics: every operation over every pair of kinds of value, and the
// DSL's own operations. (tests/agreement-modes.test.ts compares them on every program's cases.)
const VALUES: unknown[] = [undefined, null, false, true, 0, 1, '', '0', 'a', [], [0], '2026-01-01'];
const OPS = [
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '<=',
  '>',
  '>=',
  'in',
  'and',
  'or',
  '!',
  '!!',
  'if',
  '+',
  '-',
  '*',
  '/',
  '%',
  'min',
  'max',
  'cat',
  'substr',
  'merge',
];
const CUSTOM = [
  { days_between: [{ var: 'a' }, '2026-06-01'] },
  { percent_of: [{ var: 'n' }, 50] },
  { any_in: [{ var: 'list' }, ['heat_pump']] },
  { all_in: [{ var: 'list' }, ['panel', 'wiring']] },
  { count: [{ var: 'list' }] },
  { some: [{ var: 'list' }, { '==': [{ var: '' }, 'panel'] }] },
  { map: [{ var: 'list' }, { cat: [{ var: '' }, '!'] }] },
  { if: [{ missing: ['a', 'n'] }, 'missing', { '+': [{ var: 'n' }, 1] }] },
];
const FACTS = [
  {},
  { a: '2026-05-01', n: 10, list: ['panel', 'wiring'] },
  { a: 'not a date', n: '3', list: [] },
  { list: ['heat_pump'] },
];

const outcome = (f: () => unknown) => {
  try {
    return JSON.stringify(f()) ?? 'undefined';
  } catch {
    return 'throws';
  }
};

describe('interpreted evaluator agrees with the compiled one and json-logic-js', () => {
  const interpreted = createCompiler('interpreted');
  const compiled = createCompiler('compiled');
  it.each(OPS)('%s over every pair of values, from facts and as literals', (op) => {
    for (const a of VALUES) {
      for (const b of VALUES) {
        const data: Record<string, unknown> = {};
        if (a !== undefined) data.a = a;
        if (b !== undefined) data.b = b;
        const lit = (v: unknown) => (v === undefined ? null : v);
        for (const rule of [
          { [op]: [{ var: 'a' }, { var: 'b' }] },
          { [op]: [{ var: 'a' }, lit(b)] },
          { [op]: [lit(a), { var: 'b' }] },
          { [op]: [{ var: 'a' }, { var: 'b' }, 5] },
          { [op]: [{ var: 'a' }] },
        ]) {
          const got = outcome(() => interpreted(rule)(data));
          expect(got, `${JSON.stringify(rule)} on ${JSON.stringify(data)}`).toBe(
            outcome(() => applyReference(rule, data)),
          );
          expect(got).toBe(outcome(() => compiled(rule)(data)));
        }
      }
    }
  });
  it.each(CUSTOM)('%j', (rule) => {
    const fn = interpreted(rule);
    for (const facts of FACTS) {
      // The same rule function twice: the interpreter's cached plan answers as its first run.
      expect(outcome(() => fn(facts))).toBe(outcome(() => compiled(rule)(facts)));
      expect(outcome(() => fn(facts))).toBe(outcome(() => applyReference(rule, facts)));
    }
  });
  it('a literal rule is its value', () => {
    expect(interpreted(3 as never)({})).toBe(3);
    expect(interpreted(null as never)({})).toBe(null);
  });
});
