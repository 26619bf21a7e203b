import { describe, expect, it } from 'vitest';
import { applyReference, createCompiler } from './evaluators.ts';
import { CUSTOM_OPERATIONS } from './operations.ts';
import { unknownOperations, factsRead, mapVarPaths } from './walk.ts';

// [logic, data, expected, description]: run the same in the compiled evaluator and in json-logic-js.
const TABLE: [unknown, object, unknown, string][] = [
  [{ days_between: ['2026-01-01', '2026-02-01'] }, {}, 31, 'days between two dates'],
  [{ days_between: ['2026-02-01', '2026-01-01'] }, {}, -31, 'negative when the second date is earlier'],
  [{ days_between: [{ var: 'missing' }, '2026-01-01'] }, {}, null, 'null when a date is missing'],
  [{ days_between: ['2026-03-01T23:00:00Z', '2026-03-02'] }, {}, 1, 'date-times count by calendar day'],
  [{ months_between: ['2025-06-15', '2026-06-15'] }, {}, 12, 'twelve months to the day'],
  [{ months_between: ['2025-06-15', '2026-06-14'] }, {}, 11, 'one day short of twelve months is eleven'],
  [{ cents: [19.99] }, {}, 1999, 'dollars to cents'],
  [{ cents: [0.1] }, {}, 10, 'no float drift on 0.1'],
  [{ cents: ['15000'] }, {}, 1500000, 'numeric strings convert'],
  [{ cents: ['abc'] }, {}, null, 'non-numbers give null'],
  [{ percent_of: [900001, 75] }, {}, 675000, '75% rounds down to whole cents'],
  [{ percent_of: [1600001, 50] }, {}, 800000, '50% of an odd amount rounds down'],
  [{ percent_of: [800000, 100] }, {}, 800000, '100% is the amount itself'],
  [{ percent_of: [{ var: 'x' }, 50] }, {}, null, 'missing amount gives null'],
  [
    { '<': [{ miles_between: [37.7749, -122.4194, 37.7895, -122.4194] }, 1.1] },
    {},
    true,
    'one mile north is about 1.01 miles: under 1.1',
  ],
  [
    { '>': [{ miles_between: [37.7749, -122.4194, 37.7895, -122.4194] }, 1] },
    {},
    true,
    '0.0146 degrees of latitude is over one mile',
  ],
  [{ miles_between: [37.7749, -122.4194, 37.7749, -122.4194] }, {}, 0, 'same point is zero miles'],
  [{ miles_between: [37.7749, null, 1, 2] }, {}, null, 'a missing coordinate gives null'],
  [{ lookup: [{ var: 't' }, 'low', 2] }, { t: { low: { '2': 500 } } }, 500, 'nested lookup'],
  [{ lookup: [{ var: 't' }, 'high', 2] }, { t: { low: { '2': 500 } } }, null, 'absent key gives null'],
  [{ any_in: [['gas_furnace', 'heat_pump'], ['heat_pump']] }, {}, true, 'any_in finds a shared element'],
  [{ any_in: [['gas_furnace'], ['heat_pump']] }, {}, false, 'any_in with none shared'],
  [{ any_in: [null, ['heat_pump']] }, {}, false, 'any_in of a missing list'],
  [
    {
      all_in: [
        ['panel', 'wiring'],
        ['panel', 'wiring', 'heat_pump'],
      ],
    },
    {},
    true,
    'all_in when every element is allowed',
  ],
  [{ all_in: [[], ['panel']] }, {}, false, 'all_in of an empty list is false'],
  [{ count: [[1, 2, 3]] }, {}, 3, 'count'],
  [
    { '==': [{ var: 'income.income_level' }, 'above_ami_150'] },
    { income: { income_level: 'above_ami_150' } },
    true,
    'built-in operations still work',
  ],
];

describe('custom operations', () => {
  const compile = createCompiler();
  it.each(TABLE)('%j with %j -> %j (%s)', (logic, data, expected) => {
    expect(compile(logic)(data)).toEqual(expected);
    expect(applyReference(logic, data)).toEqual(expected);
  });
});

describe('static analysis of rules', () => {
  it('finds operations no evaluator knows, with their path', () => {
    expect(unknownOperations({ and: [{ '==': [1, 1] }, { days_betwen: ['a', 'b'] }] })).toEqual([
      { op: 'days_betwen', path: ['and', 1, 'days_betwen'] },
    ]);
    expect(unknownOperations({ percent_of: [{ var: 'a' }, 50] })).toEqual([]);
  });
  it('lists the facts a rule reads, including var defaults, but not element vars inside map/some', () => {
    const rule = { and: [{ var: ['a.b', { var: 'c' }] }, { some: [{ var: 'list' }, { '==': [{ var: 'x' }, 1] }] }] };
    expect(factsRead(rule).sort()).toEqual(['a.b', 'c', 'list']);
  });
  it('rewrites var paths (binding $task in shared rules)', () => {
    expect(
      mapVarPaths({ '==': [{ var: '$task.x' }, { var: ['$task.y', 1] }] }, (p) =>
        p.replace('$task', 'upload_final_invoice'),
      ),
    ).toEqual({
      '==': [{ var: 'upload_final_invoice.x' }, { var: ['upload_final_invoice.y', 1] }],
    });
  });
});

describe('date arithmetic', () => {
  // The fast calendar path must agree with Date.parse, which decides every other shape.
  const byDateParse = (v: string) => {
    const ms = Date.parse(v.slice(0, 10) + 'T00:00:00Z');
    return Number.isNaN(ms) ? null : Math.round(ms / 86_400_000);
  };
  it('counts days exactly as Date.parse over eight centuries, leap days included', () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(1600, 0, 1); t < Date.UTC(2400, 0, 1); t += 86_400_000 * 3.7) {
      const s = new Date(t).toISOString().slice(0, 10);
      if (CUSTOM_OPERATIONS.days_between('1970-01-01', s) !== byDateParse(s)) mismatches.push(s);
    }
    expect(mismatches).toEqual([]);
  });
  it.each([
    '2026-02-29',
    '2024-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    'abcd-ef-gh',
    '2026-1-01x',
    '2024-02-29T10:00',
  ])('agrees with Date.parse on %s', (s) =>
    expect(CUSTOM_OPERATIONS.days_between('1970-01-01', s)).toBe(byDateParse(s)),
  );
});
