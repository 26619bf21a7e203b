/**
 * Checks a task's answers written in a cases.yaml against its form's schema: field names, options and
 * types. A case's data is partial (deep-merged over `base`, and a task may be unfinished), so what a
 * case may leave out is not checked (`required`), nor limits a case may break on purpose to see a
 * form's message fire (minimum, pattern, format...). Conditional groups are flattened: a field any
 * branch declares is a field of the form.
 */

import { closest } from './suggest.ts';

type Schema = Record<string, unknown>;

/** One problem in a task's data, at a path relative to the data. */
export interface DataProblem {
  kind: 'unknown-field' | 'invalid-value';
  path: (string | number)[];
  message: string;
}

const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Follows `$ref`s to the form's (self-contained) definitions. */
function deref(schema: unknown, definitions: Record<string, Schema>, depth = 0): Schema {
  if (!isPlain(schema)) return {};
  const ref = schema.$ref;
  if (typeof ref !== 'string' || depth > 20) return schema;
  const name = /^#\/definitions\/(.+)$/.exec(ref)?.[1];
  const target =
    name !== undefined && Object.prototype.hasOwnProperty.call(definitions, name) ? definitions[name] : undefined;
  // Keywords beside a $ref (title, description) do not constrain; the definition does.
  return target ? { ...deref(target, definitions, depth + 1), ...withoutRef(schema) } : schema;
}

function withoutRef(s: Schema): Schema {
  const { $ref: _ref, ...rest } = s;
  return rest;
}

/** The parts that must all hold: the schema and its `allOf` entries (then/else only declare fields). */
function conjuncts(schema: Schema, definitions: Record<string, Schema>): Schema[] {
  const out = [schema];
  if (Array.isArray(schema.allOf))
    for (const s of schema.allOf) out.push(...conjuncts(deref(s, definitions), definitions));
  return out;
}

/** Every field declared anywhere in an object schema (properties, allOf, then, else, anyOf, oneOf, dependencies), with
 * each declaration. */
function declaredFields(
  schema: Schema,
  definitions: Record<string, Schema>,
  out = new Map<string, Schema[]>(),
  depth = 0,
): Map<string, Schema[]> {
  if (depth > 10) return out;
  if (isPlain(schema.properties)) {
    for (const [k, v] of Object.entries(schema.properties)) out.set(k, [...(out.get(k) ?? []), v as Schema]);
  }
  for (const key of ['then', 'else'])
    if (isPlain(schema[key])) declaredFields(deref(schema[key], definitions), definitions, out, depth + 1);
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    if (Array.isArray(schema[key]))
      for (const s of schema[key] as unknown[]) declaredFields(deref(s, definitions), definitions, out, depth + 1);
  }
  if (isPlain(schema.dependencies))
    for (const s of Object.values(schema.dependencies))
      if (isPlain(s)) declaredFields(deref(s, definitions), definitions, out, depth + 1);
  return out;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map of fields',
  null: 'null',
};

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlain(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

const shown = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The problems of one value against one declaration of it. */
function checkValue(
  schema: unknown,
  value: unknown,
  path: (string | number)[],
  name: string,
  definitions: Record<string, Schema>,
  depth: number,
): DataProblem[] {
  // null reads as "no answer" (a case clears a base answer with it).
  if (value === null || depth > 20) return [];
  const parts = conjuncts(deref(schema, definitions), definitions);
  const out: DataProblem[] = [];
  for (const s of parts) {
    if (Array.isArray(s.enum)) {
      if (!s.enum.some((e) => same(e, value))) {
        const options = s.enum.map(String);
        const hint =
          typeof value === 'string'
            ? (options.find((o) => o.toLowerCase() === value.toLowerCase()) ?? closest(value, options))
            : undefined;
        out.push({
          kind: 'invalid-value',
          path,
          message:
            `${shown(value)} is not an option of ${name} (options: ${options.join(', ')})` +
            (hint ? `; did you mean '${hint}'?` : ''),
        });
        return out;
      }
    } else if (s.const !== undefined && !same(s.const, value)) {
      out.push({ kind: 'invalid-value', path, message: `${name} can only be ${shown(s.const)}, not ${shown(value)}` });
      return out;
    }
    const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : [];
    if (types.length && !types.some((t) => hasType(value, t))) {
      out.push({
        kind: 'invalid-value',
        path,
        message: `${name} must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}, not ${shown(value)}`,
      });
      return out;
    }
    for (const key of ['anyOf', 'oneOf']) {
      if (!Array.isArray(s[key])) continue;
      const tries = (s[key] as unknown[]).map((alt) => checkValue(alt, value, path, name, definitions, depth + 1));
      if (!tries.some((t) => t.length === 0)) out.push(...tries.reduce((a, b) => (b.length < a.length ? b : a)));
    }
  }
  if (Array.isArray(value)) {
    const items = parts.map((s) => s.items).find((i) => isPlain(i));
    if (items)
      value.forEach((v, i) =>
        out.push(...checkValue(items, v, [...path, i], `an item of ${name}`, definitions, depth + 1)),
      );
  } else if (isPlain(value)) {
    out.push(...checkObject(parts, value, path, definitions, depth + 1));
  }
  return out;
}

/** The problems of an object's keys and values against an object schema (its parts). */
function checkObject(
  parts: Schema[],
  value: Record<string, unknown>,
  path: (string | number)[],
  definitions: Record<string, Schema>,
  depth: number,
  form = '',
): DataProblem[] {
  const fields = new Map<string, Schema[]>();
  for (const s of parts) declaredFields(s, definitions, fields);
  // A schema that declares no field, or lets other keys in, has no unknown keys.
  const open =
    fields.size === 0 ||
    parts.some(
      (s) =>
        s.patternProperties !== undefined || (s.additionalProperties !== undefined && s.additionalProperties !== false),
    );
  const out: DataProblem[] = [];
  for (const [key, v] of Object.entries(value)) {
    const decls = fields.get(key);
    if (!decls) {
      if (open) continue;
      const hint = closest(key, [...fields.keys()]);
      out.push({
        kind: 'unknown-field',
        path: [...path, key],
        message:
          `'${key}' is not a field of ${path.length ? `'${path.join('.')}'` : `form '${form}'`}` +
          (hint ? ` (did you mean '${hint}'?)` : ''),
      });
      continue;
    }
    // A field declared in several branches: its value need only fit one of them.
    const tries = decls.map((d) => checkValue(d, v, [...path, key], key, definitions, depth));
    if (!tries.some((t) => t.length === 0)) out.push(...tries[0]);
  }
  return out;
}

/** The problems of a task's answers against its form's schema (self-contained: shared definitions merged in). */
export function checkTaskData(form: string, schema: Schema, data: Record<string, unknown>): DataProblem[] {
  const definitions = (isPlain(schema.definitions) ? schema.definitions : {}) as Record<string, Schema>;
  return checkObject(conjuncts(schema, definitions), data, [], definitions, 0, form);
}
