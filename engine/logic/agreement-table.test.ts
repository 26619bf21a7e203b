import { describe, expect, it } from 'vitest';
import { lintLogic, type LogicScope } from '../load/lint-logic.ts';
import { applyReference, createCompiler, type RuleCompiler } from './evaluators.ts';
import { BUILTIN_OPERATIONS, CUSTOM_OPERATIONS } from './operations.ts';
import { operationsUsed } from './walk.ts';

// Every evaluator the portal has, on every operator and its edge cases, against json-logic-js (the reference): the
// server's and the CLI's (compiled), the browser's (interpreted, under a CSP without eval), and the plain
// interpreter the browser's falls back to after 500 rules it had no plan for. This file runs in Node and in
// happy-dom (engine/**/*.test.ts is in both projects). Rows: [logic, data, expected, what it shows].
type Row = [unknown, unknown, unknown, string];

const SUM = { '+': [{ var: 'accumulator' }, { var: 'current' }] };
const POSITIVE = { '>': [{ var: '' }, 0] };

const TABLE: Record<string, Row[]> = {
  'comparisons (loose, strict, between)': [
    [{ '==': [1, '1'] }, {}, true, 'loose equality converts'],
    [{ '==': [0, false] }, {}, true, '0 is loosely false'],
    [{ '==': [null, 0] }, {}, false, 'null is not loosely 0'],
    [{ '==': [{ var: 'x' }, null] }, {}, true, 'a missing answer reads as null'],
    [{ '==': [{ var: 'x' }, false] }, {}, false, 'a missing answer is not false'],
    [{ '===': [1, '1'] }, {}, false, 'strict equality does not convert'],
    [{ '!=': ['a', 'b'] }, {}, true, '!= of two strings'],
    [{ '!==': [1, 1] }, {}, false, '!== of equal numbers'],
    [{ '>': ['11', '2'] }, {}, false, 'two strings compare as text'],
    [{ '>': ['11', 2] }, {}, true, 'a string and a number compare as numbers'],
    [{ '>=': [null, 0] }, {}, true, 'null >= 0 as in JavaScript'],
    [{ '<': [{ var: 'x' }, 5] }, {}, true, 'a missing value (null) is below 5'],
    [{ '<': ['a', 5] }, {}, false, 'a word is no number'],
    [{ '<': [1, 2, 3] }, {}, true, 'between, exclusive'],
    [{ '<': [1, 1, 3] }, {}, false, 'between, exclusive, at the edge'],
    [{ '<=': [1, 1, 3] }, {}, true, 'between, inclusive, at the edge'],
    [{ '<=': [1, 4, 3] }, {}, false, 'between, inclusive, above'],
    [{ '==': [[1], 1] }, {}, true, 'a one-element list is loosely its element'],
  ],
  'truthiness: ! and !! and if': [
    [{ '!': [[]] }, {}, true, 'an empty list is false'],
    [{ '!!': [[0]] }, {}, true, 'a list holding 0 is true'],
    [{ '!!': [{ var: 'x' }] }, { x: [0] }, true, 'a list holding 0 read from the data is true'],
    [{ '!!': { var: 'x' } }, { x: [0] }, true, '!! without brackets: its one argument is the list'],
    [{ '!': { var: 'x' } }, { x: [0] }, false, '! without brackets: its one argument is the list'],
    [{ '!!': [{ var: 'o' }] }, { o: {} }, true, 'an empty object is true'],
    [{ '!!': ['0'] }, {}, true, 'the string "0" is true'],
    [{ '!!': [''] }, {}, false, 'the empty string is false'],
    [{ '!': [null] }, {}, true, 'null is false'],
    [{ '!': [] }, {}, true, '! of nothing is true'],
    [{ if: [[], 'yes', 'no'] }, {}, 'no', 'if: an empty list is false'],
    [{ if: [{ var: 'o' }, 'yes', 'no'] }, { o: {} }, 'yes', 'if: an empty object is true'],
    [{ if: [false, 1, false, 2, 3] }, {}, 3, 'if chain: the last value when nothing holds'],
    [{ if: [false, 1, true, 2, 3] }, {}, 2, 'if chain: the first condition that holds'],
    [{ if: [false, 1, false, 2] }, {}, null, 'if chain without an else: null'],
    [{ if: [] }, {}, null, 'if of nothing: null'],
    [{ if: [true] }, {}, true, 'if of one value: the value'],
    [{ if: 'x' }, {}, 'x', 'if without brackets: the value'],
    [{ '?:': [0, 'a', 'b'] }, {}, 'b', 'the ternary'],
  ],
  'and / or': [
    [{ and: [1, 'a', [0]] }, {}, [0], 'and: the last value when all are true'],
    [{ and: [1, [], 2] }, {}, [], 'and: the first false value'],
    [{ and: [{ var: 'o' }, 'next'] }, { o: {} }, 'next', 'and: an empty object is true'],
    [{ or: [0, '', null] }, {}, null, 'or: the last value when none is true'],
    [{ or: [0, [0], 2] }, {}, [0], 'or: the first true value'],
    [{ or: [{ var: 'x' }, 'fallback'] }, {}, 'fallback', 'or as a default'],
  ],
  'var: paths, defaults, missing data': [
    [{ var: 'a' }, { a: 1 }, 1, 'a top-level field'],
    [{ var: 'a.b.c' }, { a: { b: { c: 'deep' } } }, 'deep', 'a nested path'],
    [{ var: 'a.b' }, { a: 0 }, null, 'a path through 0 is missing'],
    [{ var: 'a.b' }, { a: '' }, null, 'a path through "" is missing'],
    [{ var: 'a.b.c' }, { a: { b: false } }, null, 'a path through false is missing'],
    [{ var: 'a.length' }, { a: 'abc' }, 3, "a string's length"],
    [{ var: 'a.1' }, { a: ['x', 'y'] }, 'y', 'a list element by index'],
    [{ var: 1 }, ['x', 'y'], 'y', 'a numeric path into list data'],
    [{ var: 'x' }, {}, null, 'a missing field is null'],
    [{ var: ['x', 7] }, {}, 7, 'a default for a missing field'],
    [{ var: ['a', 7] }, { a: null }, null, 'a default does not replace a stored null'],
    [{ var: ['a.b', 7] }, { a: null }, 7, 'a default for a path through null'],
    [{ var: ['a', 7] }, { a: 0 }, 0, 'a default does not replace 0'],
    [{ var: '' }, { a: 1 }, { a: 1 }, 'the empty path is the whole data'],
    [{ var: [] }, { a: 1 }, { a: 1 }, 'no path is the whole data'],
    [{ var: { cat: ['a', '.b'] } }, { a: { b: 2 } }, 2, 'a path built by a rule'],
    [{ var: 'x' }, null, null, 'no data at all'],
  ],
  'missing / missing_some': [
    [{ missing: ['a', 'b'] }, { a: 1 }, ['b'], 'the keys not there'],
    [{ missing: ['a', 'b'] }, { a: '' }, ['a', 'b'], 'an empty string is missing'],
    [{ missing: ['a'] }, { a: null }, ['a'], 'null is missing'],
    [{ missing: ['a'] }, { a: false }, [], 'false is an answer'],
    [{ missing: ['a.b'] }, { a: { b: 0 } }, [], 'a nested path, 0 is an answer'],
    [{ missing: { merge: ['a', ['b']] } }, { b: 1 }, ['a'], 'keys given by a rule as one list'],
    [{ missing: [] }, {}, [], 'no keys'],
    [{ missing_some: [1, ['a', 'b']] }, { b: 2 }, [], 'one of two is enough'],
    [{ missing_some: [2, ['a', 'b', 'c']] }, { a: 1 }, ['b', 'c'], 'two of three wanted, one there'],
    [{ missing_some: [1, ['a', 'b']] }, { a: '' }, ['a', 'b'], 'missing_some: "" is missing'],
  ],
  'arithmetic, numbers and strings': [
    [{ '+': [1, '2'] }, {}, 3, 'a numeric string adds as a number'],
    [{ '+': ['1.5', 1] }, {}, 2.5, 'decimals'],
    [{ '+': [{ var: 'x' }, 1] }, {}, NaN, 'a missing operand is NaN, not a silent 0'],
    [{ '+': ['3px', 1] }, {}, 4, 'parseFloat reads a leading number'],
    [{ '+': [] }, {}, 0, 'the sum of nothing is 0'],
    [{ '+': '3.5' }, {}, 3.5, 'unary plus casts'],
    [{ '+': [1, 2, 3, 4] }, {}, 10, 'many operands'],
    [{ '*': [2, '3'] }, {}, 6, 'a numeric string multiplies'],
    [{ '*': [2] }, {}, 2, 'a product of one'],
    [{ '*': [{ var: 'x' }, 2] }, {}, NaN, 'product with a missing operand'],
    [{ '-': [5, '2'] }, {}, 3, 'subtraction converts'],
    [{ '-': [2] }, {}, -2, 'unary minus'],
    [{ '-': '2' }, {}, -2, 'unary minus without brackets'],
    [{ '/': [1, 4] }, {}, 0.25, 'division'],
    [{ '/': [1, 0] }, {}, Infinity, 'division by zero is Infinity'],
    [{ '%': [7, 3] }, {}, 1, 'remainder'],
    [{ '%': [1, 0] }, {}, NaN, 'remainder by zero'],
    [{ min: [3, 1, '2'] }, {}, 1, 'min converts'],
    [{ max: [3, 1, 2] }, {}, 3, 'max'],
    [{ min: [] }, {}, Infinity, 'min of nothing'],
    [{ max: [] }, {}, -Infinity, 'max of nothing'],
    [{ max: [1, 'a'] }, {}, NaN, 'max with a word'],
    [{ max: [[1, 5]] }, {}, NaN, 'max of a list given as one argument is no number'],
    [{ max: { var: 'x' } }, { x: [1, 5] }, NaN, 'max of a list read from the data is no number'],
  ],
  'strings: in, cat, substr': [
    [{ in: ['Spring', 'Springfield'] }, {}, true, 'in: a substring'],
    [{ in: ['i', 'team'] }, {}, false, 'in: not a substring'],
    [{ in: ['b', ['a', 'b']] }, {}, true, 'in: a list element'],
    [{ in: [1, ['1']] }, {}, false, 'in: strict on list elements'],
    [{ in: ['a', { var: 'x' }] }, {}, false, 'in: a missing list'],
    [{ in: ['a', 5] }, {}, false, 'in: a number is no list'],
    [{ cat: ['I love', ' pie'] }, {}, 'I love pie', 'cat'],
    [{ cat: ['a', null, 1, true] }, {}, 'a1true', 'cat: null is empty, others as text'],
    [{ cat: ['a', [1, 2]] }, {}, 'a1,2', 'cat: a list joins with commas'],
    [{ cat: [] }, {}, '', 'cat of nothing'],
    [{ cat: 'solo' }, {}, 'solo', 'cat without brackets'],
    [{ cat: { var: 'x' } }, { x: ['a', 'b'] }, 'a,b', 'cat of a list read from the data'],
    [{ substr: ['jsonlogic', 4] }, {}, 'logic', 'substr from a position'],
    [{ substr: ['jsonlogic', -5] }, {}, 'logic', 'substr from the end'],
    [{ substr: ['jsonlogic', 1, 3] }, {}, 'son', 'substr with a length'],
    [{ substr: ['jsonlogic', 4, -2] }, {}, 'log', 'substr with a negative length drops from the end'],
    [{ substr: [12345, 1, 2] }, {}, '23', 'substr of a number'],
    [{ substr: [{ var: 'x' }, 0, 2] }, {}, 'nu', 'substr of a missing value reads "null"'],
  ],
  'lists: merge, map, filter, reduce': [
    [{ merge: [[1, 2], 3, [[4]]] }, {}, [1, 2, 3, [4]], 'merge flattens one level'],
    [{ merge: [] }, {}, [], 'merge of nothing'],
    [{ merge: { var: 'x' } }, { x: [1, [2]] }, [1, [2]], 'merge of one list read from the data'],
    [{ map: [[1, 2], { '*': [{ var: '' }, 2] }] }, {}, [2, 4], 'map'],
    [{ map: [{ var: 'x' }, { var: '' }] }, {}, [], 'map over a missing list'],
    [{ map: [{ var: 's' }, 1] }, { s: 'ab' }, [], 'map over a string: no elements'],
    [
      { map: [{ var: 'items' }, { var: 'a' }] },
      { items: [{ a: 1 }, {}] },
      [1, null],
      'var inside map reads the element',
    ],
    [{ filter: [[1, 2, 3], POSITIVE] }, {}, [1, 2, 3], 'filter keeps all'],
    [{ filter: [[0, 1, -1], POSITIVE] }, {}, [1], 'filter'],
    [{ filter: [{ var: 'x' }, POSITIVE] }, {}, [], 'filter over a missing list'],
    [{ reduce: [[1, 2, 3], SUM, 0] }, {}, 6, 'reduce'],
    [{ reduce: [{ var: 'x' }, SUM, 0] }, {}, 0, 'reduce over a missing list: the start'],
    [{ reduce: [[], SUM, 10] }, {}, 10, 'reduce over an empty list: the start'],
    [{ reduce: [[1, 2], SUM] }, {}, NaN, 'reduce without a start starts from null'],
    [{ reduce: [{ var: 'x' }, SUM] }, {}, null, 'reduce over a missing list without a start'],
    [{ reduce: [[2, 3], { '*': [{ var: 'accumulator' }, { var: 'current' }] }, 1] }, {}, 6, 'reduce as a product'],
    [{ reduce: [{ var: 'n' }, SUM, { var: 'start' }] }, { n: [1], start: 4 }, 5, 'a start read from the data'],
    [{ reduce: [{ var: 'x' }, SUM, 0] }, { x: 'ab' }, 0, 'reduce over a string: the start'],
  ],
  'all / some / none': [
    [{ all: [[1, 2], POSITIVE] }, {}, true, 'all hold'],
    [{ all: [[1, -1], POSITIVE] }, {}, false, 'one fails'],
    [{ all: [[], POSITIVE] }, {}, false, 'all of an empty list is false'],
    [{ all: [{ var: 'x' }, POSITIVE] }, {}, false, 'all of a missing list is false'],
    [{ all: [{ var: 's' }, true] }, { s: 'ab' }, false, 'all over a string is false'],
    [{ some: [[-1, 1], POSITIVE] }, {}, true, 'some'],
    [{ some: [[], POSITIVE] }, {}, false, 'some of an empty list'],
    [{ some: [{ var: 'x' }, POSITIVE] }, {}, false, 'some of a missing list'],
    [{ none: [[-1, 1], POSITIVE] }, {}, false, 'none: one holds'],
    [{ none: [[], POSITIVE] }, {}, true, 'none of an empty list'],
    [{ none: [{ var: 'x' }, POSITIVE] }, {}, true, 'none of a missing list'],
    [{ some: [{ var: 'items' }, { '>=': [{ var: 'qty' }, 2] }] }, { items: [{ qty: 1 }, { qty: 2 }] }, true, 'nested'],
  ],
  'the DSL operations': [
    [{ count: [[1, 2, 3]] }, {}, 3, 'count'],
    [{ count: { var: 'x' } }, { x: [1, 2] }, 2, 'count without brackets: its one argument is the list'],
    [{ count: [{ var: 'x' }] }, {}, 0, 'count of a missing list'],
    [{ count: ['abc'] }, {}, 0, 'count of a string'],
    [{ any_in: [{ var: 'x' }, ['a']] }, { x: ['b', 'a'] }, true, 'any_in'],
    [{ any_in: [{ var: 'x' }, ['a']] }, {}, false, 'any_in of a missing list'],
    [{ all_in: [[], ['a']] }, {}, false, 'all_in of an empty list'],
    [{ all_in: [['a'], ['a', 'b']] }, {}, true, 'all_in'],
    [{ cents: ['19.99'] }, {}, 1999, 'cents of a numeric string'],
    [{ cents: [{ var: 'x' }] }, {}, null, 'cents of a missing amount'],
    [{ percent_of: [900001, 75] }, {}, 675000, 'percent_of rounds down'],
    [{ days_between: ['2024-02-28', '2024-03-01'] }, {}, 2, 'days across a leap day'],
    [{ days_between: [{ var: 'x' }, '2024-03-01'] }, {}, null, 'days_between of a missing date'],
    [{ months_between: ['2025-01-31', '2025-02-28'] }, {}, 0, 'a month not yet whole'],
    [{ miles_between: [0, 0, 0, 0] }, {}, 0, 'miles_between of one point'],
    [{ lookup: [{ var: 't' }, 'a', 'b'] }, { t: { a: { b: 5 } } }, 5, 'lookup'],
    [{ lookup: [{ var: 't' }, 'z'] }, { t: { a: 1 } }, null, 'lookup of an absent key'],
  ],
};

const EVALUATORS: [string, RuleCompiler][] = [
  ['compiled (server, CLI)', createCompiler('compiled')],
  ['interpreted (browser)', createCompiler('interpreted')],
  ['interpreted without plans (browser, past 500 rules)', createCompiler('interpreted', { plans: false })],
];

const rows = Object.entries(TABLE).flatMap(([group, table]) => table.map((r) => [group, ...r] as const));

describe.each(EVALUATORS)('%s agrees with json-logic-js', (_, compile) => {
  it.each(rows)('%s: %j on %j is %j (%s)', (_group, logic, data, expected) => {
    expect(applyReference(logic, data as object), 'the reference itself').toEqual(expected);
    const fn = compile(logic);
    // Twice: the interpreter's cached plan answers as its first run.
    expect(fn(data as object)).toEqual(expected);
    expect(fn(data as object)).toEqual(expected);
  });
});

describe('the table covers every operation the engine supports', () => {
  it('each operation of the DSL appears in a row, except those the project refuses', () => {
    const used = new Set(rows.flatMap(([, logic]) => operationsUsed(logic).map((o) => o.op)));
    const refused = REFUSED.flatMap(([logic]) => operationsUsed(logic).map((o) => o.op));
    const all = [...BUILTIN_OPERATIONS, ...Object.keys(CUSTOM_OPERATIONS)];
    expect(all.filter((op) => !used.has(op) && !refused.includes(op))).toEqual([]);
  });
});

// Where the portal deliberately differs from json-logic-js, rebate validate refuses the form (its code): the
// evaluators still agree with one another, whatever the rule.
const REFUSED: [unknown, string, string][] = [
  [{ and: [] }, 'logic-arity', 'and of nothing (json-logic-js: undefined, the engine: null)'],
  [{ or: [] }, 'logic-arity', 'or of nothing'],
  [{ count: [1, 2, 3] }, 'logic-arity', 'a list written as the arguments of a one-argument operation'],
  [{ '!!': [0, 1] }, 'logic-arity', '!! of a list written as its arguments'],
  [{ count: { merge: [[1], [2]] } }, 'logic-list-argument', 'a list-giving rule as the unbracketed argument'],
  [{ max: { var: 'x' } }, 'logic-list-argument', 'a fact holding a list as the unbracketed argument'],
  [{ log: ['a'] }, 'compile-error', 'log writes to the console: not an operation of rules'],
  [{ method: ['a', 'toUpperCase'] }, 'compile-error', 'method calls JavaScript: not an operation of rules'],
];

const LIST_SCOPE: LogicScope = {
  values: (fact) => (fact === 'x' ? { values: [1, 5], list: true, what: "'x'" } : undefined),
  table: () => undefined,
};

describe.each(REFUSED)('refused by rebate validate: %j', (logic, code, what) => {
  it(`${what}: the evaluators agree with one another`, () => {
    const outcome = (c: RuleCompiler) => {
      try {
        return { value: c(logic)({ x: [1, 5] }) };
      } catch {
        return 'throws';
      }
    };
    const [first, ...others] = EVALUATORS.map(([, c]) => outcome(c));
    for (const o of others) expect(o).toEqual(first);
    if (code !== 'compile-error') expect(lintLogic(logic, LIST_SCOPE, false).map((f) => f.code)).toContain(code);
    else expect(first).toBe('throws');
  });
});
