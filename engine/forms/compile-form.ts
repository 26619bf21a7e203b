/**
 * A task form as it runs: its schema made self-contained (shared definitions inlined, so ajv and
 * RJSF read the same document), its conditional fields, its rules, and its validator, compiled once
 * on first use and reused. Its types are in form-runtime.ts.
 */

import type { ErrorObject, ValidateFunction } from 'ajv';
import type { CompiledRule } from '../logic/evaluators.ts';
import { factsRead, unknownOperations, type Logic } from '../logic/walk.ts';
import { compileFieldConditions } from './field-conditions.ts';
import type { FormRuntime } from './form-runtime.ts';
import { compilePredicate } from './predicate.ts';
import { generatePick, type PickBuilder } from './pick.ts';

/**
 * What turns a JSON Schema into its validator: an ajv instance (compiles with generated code: the
 * server, the CLI), or validators the server generated ahead (ajv standalone code, looked up by the
 * schema's content: the browser, see precompiled.ts).
 */
export interface SchemaCompiler {
  compile(schema: Record<string, unknown>): ValidateFunction;
  /**
   * What the definition checks ask of a compiler when it can tell (an ajv instance can): its keywords,
   * its formats, and whether a schema is valid JSON Schema (why not: `errors`). Absent: not checked.
   */
  RULES?: { keywords: Record<string, unknown> };
  formats?: Record<string, unknown>;
  validateSchema?(schema: object): boolean | Promise<unknown>;
  errors?: ErrorObject[] | null;
}

type Schema = Record<string, unknown>;

/** Field names a schema fragment declares in `properties`. */
function propertiesOf(s: unknown): string[] {
  const p = (s as Schema | undefined)?.properties;
  return p && typeof p === 'object' ? Object.keys(p) : [];
}

/** The form schema with the shared definitions merged into its own `definitions`. */
export function resolveSchema(schema: Schema, shared: Record<string, unknown>): Schema {
  return { ...schema, definitions: { ...shared, ...((schema.definitions as Schema | undefined) ?? {}) } };
}

/** The top-level if/then/else groups of a schema (a bare if/then/else, or each entry of allOf). */
export function conditionalsOf(schema: Schema): { if: Schema; then?: Schema; else?: Schema; index: number | null }[] {
  const out: { if: Schema; then?: Schema; else?: Schema; index: number | null }[] = [];
  if (schema.if)
    out.push({ if: schema.if as Schema, then: schema.then as Schema, else: schema.else as Schema, index: null });
  (Array.isArray(schema.allOf) ? schema.allOf : []).forEach((s: Schema, index: number) => {
    if (s && s.if) out.push({ if: s.if as Schema, then: s.then as Schema, else: s.else as Schema, index });
  });
  return out;
}

/** The schema with its conditional groups removed (they are validated branch by branch). */
function withoutConditionals(schema: Schema, conds: ReturnType<typeof conditionalsOf>): Schema {
  const out: Schema = { ...schema };
  delete out.if;
  delete out.then;
  delete out.else;
  if (Array.isArray(schema.allOf)) {
    const rest = schema.allOf.filter((_: unknown, i: number) => !conds.some((c) => c.index === i));
    if (rest.length) out.allOf = rest;
    else delete out.allOf;
  }
  return out;
}

/**
 * A fragment of the form made self-contained with only the definitions it reaches (through `$ref`,
 * transitively): unused definitions change no answer, and each compiled (or generated) validator
 * stays the size of what it checks.
 */
function withDefinitions(fragment: Schema, definitions: Record<string, Schema> | undefined): Schema {
  const used: Record<string, Schema> = {};
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') {
          const name = /^#\/definitions\/(.+)$/.exec(v)?.[1];
          if (
            name !== undefined &&
            definitions &&
            Object.prototype.hasOwnProperty.call(definitions, name) &&
            !(name in used)
          ) {
            used[name] = definitions[name];
            visit(definitions[name]);
          }
        } else if (k !== 'definitions') visit(v);
      }
    }
  };
  const { definitions: _own, ...rest } = fragment;
  visit(rest);
  return { definitions: used, ...rest };
}

/** A form rule as written in a form document (`rules:` of form.yaml). */
export interface FormRuleDocument {
  id: string;
  field?: string;
  applies_if?: Logic;
  valid_if: Logic;
  message: string;
  severity?: 'error' | 'warning';
  params?: Record<string, string>;
}

/** Builds the runtime of a form; validators compile lazily, once. */
export function buildFormRuntime(
  schema: Schema,
  rules: FormRuleDocument[],
  ajv: SchemaCompiler,
  compile: (logic: Logic) => CompiledRule,
  pick: PickBuilder = generatePick,
  shownIf?: Record<string, Logic>,
): FormRuntime {
  const once = (s: Schema): (() => ValidateFunction) => {
    let fn: ValidateFunction | undefined;
    return () => (fn ??= ajv.compile(s));
  };
  const definitions = schema.definitions as Record<string, Schema> | undefined;
  const base_fields = propertiesOf(schema);
  const conds = conditionalsOf(schema);
  const raw = conds.map((c) => ({
    test: (() => {
      const fast = compilePredicate(c.if);
      if (fast) return () => fast;
      const slow = once(withDefinitions(c.if, definitions));
      return () => slow() as (data: unknown) => boolean;
    })(),
    then_validator: c.then ? once(withDefinitions(c.then, definitions)) : null,
    else_validator: c.else ? once(withDefinitions(c.else, definitions)) : null,
    tests: (c.if.required as string[] | undefined) ?? [],
    then_fields: propertiesOf(c.then),
    else_fields: propertiesOf(c.else),
  }));
  // Order: a group testing a field shown by another group is evaluated after it.
  const shownBy = (f: string) =>
    raw.map((c, i) => (c.then_fields.includes(f) || c.else_fields.includes(f) ? i : -1)).filter((i) => i >= 0);
  const ordered: typeof raw = [];
  const placed = new Set<number>();
  const place = (i: number, depth: number) => {
    if (placed.has(i) || depth > raw.length) return;
    for (const f of raw[i].tests)
      if (!base_fields.includes(f)) for (const j of shownBy(f)) if (j !== i) place(j, depth + 1);
    placed.add(i);
    ordered.push(raw[i]);
  };
  raw.forEach((_, i) => place(i, 0));
  const owners = new Map<string, [number, 'then' | 'else'][] | null>();
  for (const f of base_fields) owners.set(f, null);
  ordered.forEach((c, i) => {
    for (const [branch, fields] of [
      ['then', c.then_fields],
      ['else', c.else_fields],
    ] as const) {
      for (const f of fields) {
        if (owners.get(f) === null) continue;
        owners.set(f, [...(owners.get(f) ?? []), [i, branch]]);
      }
    }
  });
  // Owners flattened to [index, branch, index, branch, ...] so hiding a field is a few integer compares.
  const flat = (o: [number, 'then' | 'else'][] | null | undefined): Int32Array | null =>
    o ? Int32Array.from(o.flatMap(([i, b]) => [i, b === 'then' ? 1 : 2])) : null;
  const field_list = [...owners.keys()];
  const field_owners = field_list.map((f) => flat(owners.get(f)));
  const isAttachment = (s: unknown, depth = 0): boolean => {
    if (!s || typeof s !== 'object' || depth > 6) return false;
    const x = s as Schema;
    if (typeof x.$ref === 'string') {
      const name = x.$ref.split('/').pop()!;
      return name === 'attachment' || isAttachment(definitions?.[name], depth + 1);
    }
    if (x.type === 'array') return isAttachment(x.items, depth + 1);
    if (x.type === 'object' && x.properties)
      return Object.values(x.properties as object).some((p) => isAttachment(p, depth + 1));
    return false;
  };
  const allProps: Record<string, unknown> = { ...((schema.properties as object) ?? {}) };
  for (const c of conditionalsOf(schema))
    Object.assign(allProps, (c.then?.properties as object) ?? {}, (c.else?.properties as object) ?? {});
  return {
    base_fields,
    conditionals: ordered,
    owners,
    field_list,
    field_owners,
    pick_shown: pick(field_list, field_owners),
    message_cache: new Map(),
    test_owners: ordered.map((c) => c.tests.map((f) => (owners.has(f) ? flat(owners.get(f)) : new Int32Array(0)))),
    attachment_fields: Object.keys(allProps).filter((f) => isAttachment(allProps[f])),
    rules: rules.map((r) => {
      const message = r.params ? r.message.replace(/\{(\w+)\}/g, (m, k: string) => r.params?.[k] ?? m) : r.message;
      const ok = (l: Logic | undefined) => l !== undefined && unknownOperations(l).length === 0;
      return {
        id: r.id,
        field: r.field,
        applies_if: ok(r.applies_if) ? compile(r.applies_if) : undefined,
        valid_if: ok(r.valid_if) ? compile(r.valid_if) : () => true,
        logic: { applies_if: r.applies_if, valid_if: r.valid_if },
        message,
        severity: r.severity ?? 'error',
        reads: [...factsRead(r.valid_if), ...(r.applies_if === undefined ? [] : factsRead(r.applies_if))],
      };
    }),
    field_conditions: compileFieldConditions(shownIf, compile),
    validator: once(schema),
    base_validator: once(withDefinitions(withoutConditionals(schema, conds), definitions)),
  };
}

/** Field names a form's data may hold at top level (properties, including those of if/then/else and allOf branches). */
export function formFields(schema: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const s = node as Record<string, unknown>;
    if (s.properties && typeof s.properties === 'object') Object.keys(s.properties).forEach((k) => found.add(k));
    for (const key of ['then', 'else', 'if']) visit(s[key]);
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[key])) (s[key] as unknown[]).forEach(visit);
    if (s.dependencies && typeof s.dependencies === 'object') Object.values(s.dependencies).forEach(visit);
  };
  visit(schema);
  return [...found];
}
