/**
 * What a form's JSON Schema says about a value a rule reads below a field (`task.field.part.part`):
 * whether the part exists, and which values the field can take (its enum), for `rebate validate`.
 */

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A schema with everything it is made of: its `$ref` target, allOf/anyOf/oneOf members, then/else
 * branches (and the `if` tests, with `withIf`), recursively. `definitions` resolves `#/definitions/<name>`.
 */
function flatten(
  node: unknown,
  definitions: Schema,
  withIf: boolean,
  out: Schema[] = [],
  seen = new Set<unknown>(),
): Schema[] {
  if (!isSchema(node) || seen.has(node)) return out;
  seen.add(node);
  out.push(node);
  const ref = typeof node.$ref === 'string' ? /^#\/definitions\/(.+)$/.exec(node.$ref) : null;
  if (ref) flatten(definitions[ref[1]], definitions, withIf, out, seen);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((n) => flatten(n, definitions, withIf, out, seen));
  }
  for (const key of withIf ? ['then', 'else', 'if'] : ['then', 'else'])
    flatten(node[key], definitions, withIf, out, seen);
  if (isSchema(node.dependencies))
    Object.values(node.dependencies).forEach((n) => flatten(n, definitions, withIf, out, seen));
  return out;
}

/** The JSON type a schema declares for its value (the first one), when it declares one. */
function declaredType(parts: Schema[]): string | undefined {
  for (const p of parts) {
    const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
    if (typeof t === 'string') return t;
  }
  return undefined;
}

/** Where a path below a field leads: the schemas of its last part, or the first part that does not exist. */
export type SchemaStep =
  | { kind: 'found'; schemas: Schema[] }
  | { kind: 'open' }
  | { kind: 'missing'; index: number; names: string[] }
  | { kind: 'scalar'; index: number; type: string };

/** Follows `segments` (the parts after the field) from a field's schema. */
export function followSchema(field: Schema[], segments: string[], definitions: Schema): SchemaStep {
  let current = field;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    // What an `if` tests names a part only as a test: its schema counts where nothing else defines the part.
    const defining = current.flatMap((s) => flatten(s, definitions, false));
    const parts = [
      ...defining,
      ...current.flatMap((s) => flatten(s, definitions, true)).filter((p) => !defining.includes(p)),
    ];
    const next: Schema[] = [];
    const tested: Schema[] = [];
    const names = new Set<string>();
    let open = false;
    for (const p of parts) {
      const props = isSchema(p.properties) ? p.properties : undefined;
      if (props) Object.keys(props).forEach((k) => names.add(k));
      if (props && isSchema(props[seg])) (defining.includes(p) ? next : tested).push(props[seg]);
      if (isSchema(p.additionalProperties)) {
        next.push(p.additionalProperties);
        open = true;
      }
      if (p.patternProperties) open = true;
      if (/^\d+$/.test(seg) && isSchema(p.items)) next.push(p.items);
    }
    if (next.length || tested.length) {
      current = next.length ? next : tested;
      continue;
    }
    const type =
      declaredType(parts) ?? (parts.some((p) => Array.isArray(p.enum) || 'const' in p) ? 'single value' : undefined);
    if (names.size === 0 && type !== undefined && type !== 'object' && type !== 'array')
      return { kind: 'scalar', index: i, type };
    if (names.size === 0 || open) return { kind: 'open' };
    return { kind: 'missing', index: i, names: [...names] };
  }
  return { kind: 'found', schemas: current };
}

/** The values a field can take, when its schema restricts them. */
export interface AllowedValues {
  values: unknown[];
  /** The field is a list whose items take these values (compare with `in`, not `==`). */
  list: boolean;
}

/** The values a schema allows: enum, const, the two of a boolean; undefined when any value of its type goes. */
function valuesOf(schema: Schema, definitions: Schema): unknown[] | undefined {
  const found: unknown[] = [];
  let restricted = false;
  for (const p of flatten(schema, definitions, false)) {
    if (Array.isArray(p.enum)) {
      found.push(...p.enum);
      restricted = true;
    }
    if ('const' in p) {
      found.push(p.const);
      restricted = true;
    }
    if (p.type === 'boolean') {
      found.push(true, false);
      restricted = true;
    }
  }
  return restricted ? [...new Set(found)] : undefined;
}

/** The values the schemas of a field allow (every one of them restricted), or undefined. */
export function allowedValues(schemas: Schema[], definitions: Schema): AllowedValues | undefined {
  const parts = schemas.map((s) => flatten(s, definitions, false));
  const isList = parts.every((ps) => declaredType(ps) === 'array');
  const values: unknown[] = [];
  for (const ps of parts) {
    const of = isList ? ps.map((p) => p.items).filter(isSchema) : [ps[0]];
    const vals = of.map((s) => valuesOf(s, definitions));
    if (vals.length === 0 || vals.some((v) => v === undefined)) return undefined;
    vals.forEach((v) => values.push(...v!));
  }
  return values.length ? { values: [...new Set(values)], list: isList } : undefined;
}

/** Whether every schema a value may match declares it a list (type: array). */
export function declaresList(schemas: Schema[], definitions: Schema): boolean {
  return schemas.length > 0 && schemas.every((s) => declaredType(flatten(s, definitions, false)) === 'array');
}

/** Follows `segments` through a plain value (a constant or a table): the first part that does not exist, if any. */
export function followValue(
  value: unknown,
  segments: string[],
): { index: number; names: string[] } | { index: number; scalar: true } | undefined {
  let node = value;
  for (let i = 0; i < segments.length; i++) {
    if (node === null || typeof node !== 'object') return { index: i, scalar: true };
    const names = Object.keys(node);
    if (!Object.hasOwn(node, segments[i])) return Array.isArray(node) ? undefined : { index: i, names };
    node = (node as Record<string, unknown>)[segments[i]];
  }
  return undefined;
}
