import { describe, expect, it } from 'vitest';
import { applyReference, createCompiler } from './evaluators.ts';

// json-logic-js is the reference semantics: the compiled evaluator must answer every comparison of
// every kind of value (missing, null, booleans, numbers, strings, arrays) exactly as it does.
const VALUES: [string, unknown][] = [
  ['missing', undefined],
  ['null', null],
  ['false', false],
  ['true', true],
  ['0', 0],
  ['1', 1],
  ['""', ''],
  ['"0"', '0'],
  ['"a"', 'a'],
  ['[]', []],
  ['[0]', [0]],
  ['"2026-01-01"', '2026-01-01'],
];
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

describe('compiled evaluator agrees with json-logic-js', () => {
  const compile = createCompiler();
  const outcome = (f: () => unknown) => {
    try {
      return JSON.stringify(f()) ?? 'undefined';
    } catch {
      return 'throws';
    }
  };
  it.each(OPS)('%s over every pair of values, from facts and as literals', (op) => {
    let compared = 0;
    for (const [, a] of VALUES) {
      for (const [, b] of VALUES) {
        const data: Record<string, unknown> = {};
        if (a !== undefined) data.a = a;
        if (b !== undefined) data.b = b;
        const lit = (v: unknown) => (v === undefined ? null : v);
        const rules = [
          { [op]: [{ var: 'a' }, { var: 'b' }] },
          { [op]: [{ var: 'a' }, lit(b)] },
          { [op]: [lit(a), { var: 'b' }] },
          { [op]: [{ var: 'a' }, { var: 'b' }, 5] },
          { [op]: [{ var: 'a' }] },
        ];
        for (const rule of rules) {
          expect(
            outcome(() => compile(rule)(data)),
            `${JSON.stringify(rule)} on ${JSON.stringify(data)}`,
          ).toBe(outcome(() => applyReference(rule, data)));
          compared++;
        }
      }
    }
    expect(compared).toBe(VALUES.length ** 2 * 5);
  });
  it('arithmetic on a missing answer is not a silent 0', () => {
    expect(compile({ '+': [{ var: 'x' }, 1] })({})).toBeNaN();
    expect(compile({ '*': [{ var: 'x' }, 2] })({})).toBeNaN();
  });
  it('a missing answer is not equal to false (the pre-approval rule must wait for an answer)', () => {
    const rule = { '==': [{ var: 'confirm_pre_approval.preapproval_approved' }, false] };
    expect(compile(rule)({})).toBe(false);
    expect(compile(rule)({ confirm_pre_approval: { preapproval_approved: false } })).toBe(true);
  });
});
