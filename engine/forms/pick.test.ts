import { describe, expect, it } from 'vitest';
import { closurePick, generatePick } from './pick.ts';

// The closure picker (no eval: the browser under its CSP) copies exactly what the generated one copies.
describe('closurePick agrees with generatePick', () => {
  const fields = ['always', 'then_0', 'else_0', 'either', 'never', 'odd "name"', 'constructor'];
  const owners = [
    null,
    Int32Array.from([0, 1]),
    Int32Array.from([0, 2]),
    Int32Array.from([0, 1, 1, 2]),
    new Int32Array(0),
    null,
    Int32Array.from([1, 1]),
  ];
  const generated = generatePick(fields, owners);
  const closure = closurePick(fields, owners);
  const values = [undefined, null, '', 0, false, 'x', [], {}];
  it('for every branch and every kind of answer, in the same key order', () => {
    let n = 0;
    for (const b0 of [0, 1, 2]) {
      for (const b1 of [0, 1, 2]) {
        const branch = Uint8Array.from([b0, b1]);
        for (const v of values) {
          const source: Record<string, unknown> = { unknown: 'dropped' };
          fields.forEach((f, i) => (source[f] = i % 2 ? v : 'answer'));
          const a = closure(source, branch);
          expect(a).toEqual(generated(source, branch));
          expect(Object.keys(a)).toEqual(Object.keys(generated(source, branch)));
          n++;
        }
      }
    }
    expect(n).toBe(72);
  });
});
