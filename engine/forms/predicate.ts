/**
 * Compiles the simple JSON Schemas that form conditions use (`const`, `enum`, `type`, numeric bounds,
 * `contains` of a const, nested `properties`/`required`) to plain predicates, so hiding a field costs
 * a comparison rather than a validator call. Anything else returns null and ajv decides.
 */

type Schema = Record<string, unknown>;
type Predicate = (value: unknown) => boolean;

const TYPES: Record<string, Predicate> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  array: (v) => Array.isArray(v),
  object: (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
  null: (v) => v === null,
};
const SUPPORTED = new Set([
  'const',
  'enum',
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'contains',
  'properties',
  'required',
  'description',
  'title',
]);
const primitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** Shortcuts for the shapes forms use most: one required field tested by const or enum. */
function special(s: Schema): Predicate | null {
  const keys = Object.keys(s).filter((k) => k !== 'description' && k !== 'title');
  if (keys.length === 1 && 'const' in s && primitive(s.const)) {
    const c = s.const;
    return (v) => v === c;
  }
  if (keys.length === 1 && Array.isArray(s.enum) && s.enum.every(primitive)) {
    const allowed = s.enum;
    return (v) => allowed.includes(v);
  }
  const contains = s.contains as Schema | undefined;
  if (
    keys.length === 1 &&
    contains &&
    typeof contains === 'object' &&
    Object.keys(contains).length === 1 &&
    'const' in contains &&
    primitive(contains.const)
  ) {
    const c = contains.const;
    // `contains` only constrains arrays: any other value passes.
    return (v) => !Array.isArray(v) || v.includes(c);
  }
  const props = s.properties as Schema | undefined;
  const req = s.required as string[] | undefined;
  if (
    keys.length === 2 &&
    props &&
    Array.isArray(req) &&
    req.length === 1 &&
    Object.keys(props).length === 1 &&
    props[req[0]]
  ) {
    const k = req[0];
    const inner = compilePredicate(props[k]);
    if (!inner) return null;
    // `required` and `properties` only constrain objects: any other value passes.
    return (v) =>
      v === null ||
      typeof v !== 'object' ||
      Array.isArray(v) ||
      ((v as Schema)[k] !== undefined && inner((v as Schema)[k]));
  }
  return null;
}

/** A predicate equivalent to the schema, or null when the schema uses something else. */
export function compilePredicate(schema: unknown): Predicate | null {
  if (
    schema &&
    typeof schema === 'object' &&
    !Array.isArray(schema) &&
    Object.keys(schema).every((k) => SUPPORTED.has(k))
  ) {
    const fast = special(schema as Schema);
    if (fast) return fast;
  }
  if (schema === true) return () => true;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return null;
  const s = schema as Schema;
  if (Object.keys(s).some((k) => !SUPPORTED.has(k))) return null;
  const checks: Predicate[] = [];
  if ('const' in s) {
    if (!primitive(s.const)) return null;
    checks.push((v) => v === s.const);
  }
  if (s.enum !== undefined) {
    if (!Array.isArray(s.enum) || !s.enum.every(primitive)) return null;
    const allowed = s.enum;
    checks.push((v) => allowed.includes(v));
  }
  if (s.type !== undefined) {
    const t = TYPES[s.type as string];
    if (!t) return null;
    checks.push(t);
  }
  const num =
    (f: (n: number) => boolean): Predicate =>
    (v) =>
      typeof v !== 'number' || f(v);
  if (typeof s.minimum === 'number') checks.push(num((n) => n >= (s.minimum as number)));
  if (typeof s.maximum === 'number') checks.push(num((n) => n <= (s.maximum as number)));
  if (typeof s.exclusiveMinimum === 'number') checks.push(num((n) => n > (s.exclusiveMinimum as number)));
  if (typeof s.exclusiveMaximum === 'number') checks.push(num((n) => n < (s.exclusiveMaximum as number)));
  if (s.contains !== undefined) {
    const inner = compilePredicate(s.contains);
    if (!inner) return null;
    checks.push((v) => !Array.isArray(v) || v.some(inner));
  }
  if (s.required !== undefined) {
    if (!Array.isArray(s.required)) return null;
    const req = s.required as string[];
    checks.push((v) => !TYPES.object(v) || req.every((k) => (v as Schema)[k] !== undefined));
  }
  if (s.properties !== undefined) {
    const props: [string, Predicate][] = [];
    for (const [k, sub] of Object.entries(s.properties as Schema)) {
      const p = compilePredicate(sub);
      if (!p) return null;
      props.push([k, p]);
    }
    checks.push(
      (v) => !TYPES.object(v) || props.every(([k, p]) => (v as Schema)[k] === undefined || p((v as Schema)[k])),
    );
  }
  return (v) => {
    for (let i = 0; i < checks.length; i++) if (!checks[i](v)) return false;
    return true;
  };
}
