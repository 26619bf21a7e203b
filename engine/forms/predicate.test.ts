import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compilePredicate } from './predicate.ts';

// Conditions as forms write them; each predicate must answer exactly as ajv does on every value.
const SCHEMAS: Record<string, unknown>[] = [
  { properties: { x: { const: true } }, required: ['x'] },
  { properties: { x: { const: 'other' } }, required: ['x'] },
  { properties: { x: { enum: ['passed', 'failed'] } }, required: ['x'] },
  { properties: { x: { type: 'string' } }, required: ['x'] },
  { properties: { x: { contains: { const: 'other' } } }, required: ['x'] },
  { properties: { x: { exclusiveMinimum: 0 } }, required: ['x'] },
  { properties: { x: { minimum: 200, maximum: 400 } }, required: ['x'] },
  {
    properties: { x: { required: ['heat_pump'], properties: { heat_pump: { exclusiveMinimum: 0 } } } },
    required: ['x'],
  },
  { properties: { x: { const: false }, y: { enum: ['a', 'b'] } }, required: ['x', 'y'] },
];
const VALUES = [
  undefined,
  null,
  true,
  false,
  0,
  1,
  -1,
  250,
  200,
  401,
  'other',
  'passed',
  'failed',
  'a',
  '',
  [],
  ['other'],
  ['x', 'other'],
  {},
  { heat_pump: 0 },
  { heat_pump: 5 },
  { panel: 5 },
];

describe('condition predicates agree with ajv', () => {
  const ajv = new Ajv({ strict: false });
  it.each(SCHEMAS.map((s) => [JSON.stringify(s), s] as const))('%s', (_n, schema) => {
    const predicate = compilePredicate(schema);
    expect(predicate).not.toBeNull();
    const validate = ajv.compile(schema);
    for (const x of VALUES) {
      for (const y of ['a', 'c', undefined]) {
        const data: Record<string, unknown> = {};
        if (x !== undefined) data.x = x;
        if (y !== undefined) data.y = y;
        expect(predicate!(data), JSON.stringify(data)).toBe(validate(data));
      }
    }
  });
  it('leaves anything else to ajv', () => {
    expect(compilePredicate({ properties: { x: { pattern: '^a' } } })).toBeNull();
    expect(compilePredicate({ anyOf: [{ required: ['x'] }] })).toBeNull();
    expect(compilePredicate({ properties: { x: { const: { a: 1 } } } })).toBeNull();
  });
});
