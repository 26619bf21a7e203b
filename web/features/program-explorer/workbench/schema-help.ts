/**
 * What the DSL's meta-schemas (engine/schema/*.schema.json) say at a path of a definition file: the keys a mapping may
 * hold, the values a key may take, and a key's description (the DSL reference's words), for the workbench's
 * completion and hover.
 */

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema with its $ref followed (local references only: the meta-schemas hold no other). */
function resolve(root: Schema, s: unknown, seen = 0): Schema | undefined {
  if (!isSchema(s)) return undefined;
  const ref = s.$ref;
  if (typeof ref !== 'string' || seen > 20) return s;
  const target = ref
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((node, part) => (isSchema(node) ? node[part] : undefined), root);
  return resolve(root, target, seen + 1);
}

/** The schema and every alternative it allows (anyOf, oneOf, allOf, then/else), references followed. */
function alternatives(root: Schema, s: unknown, depth = 0): Schema[] {
  const r = resolve(root, s);
  if (!r || depth > 8) return [];
  const out = [r];
  for (const k of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(r[k])) for (const sub of r[k] as unknown[]) out.push(...alternatives(root, sub, depth + 1));
  for (const k of ['then', 'else']) if (isSchema(r[k])) out.push(...alternatives(root, r[k], depth + 1));
  return out;
}

/** What a schema says of one key or list item below it. */
function child(s: Schema, seg: string): unknown[] {
  if (seg === '*') {
    if (isSchema(s.items)) return [s.items];
    if (Array.isArray(s.prefixItems)) return s.prefixItems as unknown[];
    return [];
  }
  const props = isSchema(s.properties) ? s.properties : {};
  if (Object.prototype.hasOwnProperty.call(props, seg)) return [props[seg]];
  const out: unknown[] = [];
  if (isSchema(s.patternProperties))
    for (const [pattern, sub] of Object.entries(s.patternProperties))
      if (new RegExp(pattern, 'u').test(seg)) out.push(sub);
  if (!out.length && isSchema(s.additionalProperties)) out.push(s.additionalProperties);
  return out;
}

/** Every schema that applies at `path` (keys, '*' for a list's item). */
export function schemasAt(root: Schema, path: string[]): Schema[] {
  let here = alternatives(root, root);
  for (const seg of path) here = here.flatMap((s) => child(s, seg).flatMap((c) => alternatives(root, c)));
  return here;
}

export interface Help {
  label: string;
  detail?: string;
}

const describe = (s: unknown): string | undefined =>
  isSchema(s) && typeof s.description === 'string' ? s.description : undefined;

/** The keys a mapping at `path` may hold, each with its description. */
export function keysAt(root: Schema, path: string[]): Help[] {
  const keys = new Map<string, string | undefined>();
  for (const s of schemasAt(root, path))
    if (isSchema(s.properties))
      for (const [k, sub] of Object.entries(s.properties))
        if (!keys.get(k)) keys.set(k, describe(sub) ?? describe(resolve(root, sub)));
  return [...keys].map(([label, detail]) => ({ label, detail }));
}

/** The values the key `key` of the mapping at `path` may take (enums, constants, booleans). */
export function valuesAt(root: Schema, path: string[], key: string): Help[] {
  const values = new Map<string, string | undefined>();
  const add = (v: unknown, detail?: string) => {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values.set(String(v), detail);
  };
  for (const s of schemasAt(root, [...path, key])) {
    if (Array.isArray(s.enum)) for (const v of s.enum) add(v, describe(s));
    if ('const' in s) add(s.const, describe(s));
    if (s.type === 'boolean') ['true', 'false'].forEach((v) => add(v));
  }
  return [...values].map(([label, detail]) => ({ label, detail }));
}

/** The description of the key `key` of the mapping at `path`, if the meta-schemas give one. */
export function descriptionOf(root: Schema, path: string[], key: string): string | undefined {
  for (const parent of schemasAt(root, path))
    for (const raw of child(parent, key)) {
      const d = describe(raw) ?? alternatives(root, raw).map(describe).find(Boolean);
      if (d) return d;
    }
  return undefined;
}
