import { describe, expect, it } from 'vitest';
import { definitionChanges, describeChange } from './definition-diff.ts';

describe('definitionChanges', () => {
  it('reports changed leaves by path, list items with an id by id', () => {
    const before = {
      incentives: { caps: { heat_pump: 800000, panel: 400000 } },
      tasks: [
        { id: 'a', stage: 2 },
        { id: 'b', stage: 3 },
      ],
      accept_submissions: { from: '2025-01-01', until: null },
    };
    const after = {
      incentives: { caps: { heat_pump: 650000, panel: 400000 } },
      tasks: [
        { id: 'x', stage: 2 },
        { id: 'a', stage: 2 },
        { id: 'b', stage: 4 },
      ],
      accept_submissions: { from: '2025-01-01', until: '2026-06-30' },
    };
    expect(definitionChanges(before, after).map(describeChange)).toEqual([
      'incentives.caps.heat_pump changed 800000 -> 650000',
      'tasks[b].stage changed 3 -> 4',
      'tasks[x] added: {"id":"x","stage":2}',
      'accept_submissions.until changed null -> 2026-06-30',
    ]);
  });
  it('an unchanged document has no changes; a list of plain values is one change', () => {
    expect(definitionChanges({ a: [1, 2], b: { c: 'x' } }, { b: { c: 'x' }, a: [1, 2] })).toEqual([]);
    expect(definitionChanges({ a: [1, 2] }, { a: [2, 1] })).toEqual([{ path: 'a', before: [1, 2], after: [2, 1] }]);
    expect(describeChange({ path: 'constants.x', before: 5, after: undefined })).toBe('constants.x removed (was 5)');
  });
});
