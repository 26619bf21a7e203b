/**
 * A task form as it runs: its schema made self-contained (shared definitions inlined, so ajv and
 * RJSF read the same document), its conditional fields, its rules, and its validator, compiled once
 * on first use and reused.
 */

import type { Ajv, ValidateFunction } from 'ajv';
import type { CompiledRule } from '../logic/evaluators.ts';
import { factsRead, unknownOperations, type Logic } from '../logic/walk.ts';

/** A compiled cross-field rule of a form. */
export interface FormRule {
  id: string;
  field?: string;
  applies_if?: CompiledRule;
  valid_if: CompiledRule;
  logic: { applies_if?: Logic; valid_if: Logic };
  message: string;
  severity: 'error' | 'warning';
  reads: string[];
}

/** A conditional group: fields shown only while `if` holds (then) or does not (else). */
export interface Conditional {
  test: () => ValidateFunction;
  then_fields: string[];
  else_fields: string[];
}

/** Everything validateTask needs about a form. */
export interface FormRuntime {
  /** Fields that are always shown. */
  base_fields: string[];
  conditionals: Conditional[];
  rules: FormRule[];
  validator: () => ValidateFunction;
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
  if (schema.if) out.push({ if: schema.if as Schema, then: schema.then as Schema, else: schema.else as Schema, index: null });
  (Array.isArray(schema.allOf) ? schema.allOf : []).forEach((s: Schema, index: number) => {
    if (s && s.if) out.push({ if: s.if as Schema, then: s.then as Schema, else: s.else as Schema, index });
  });
  return out;
}

/** Builds the runtime of a form; validators compile lazily, once. */
export function buildFormRuntime(
  schema: Schema,
  rules: { id: string; field?: string; applies_if?: Logic; valid_if: Logic; message: string; severity?: 'error' | 'warning'; params?: Record<string, string> }[],
  ajv: Ajv,
  compile: (logic: Logic) => CompiledRule,
): FormRuntime {
  const once = (s: Schema): (() => ValidateFunction) => {
    let fn: ValidateFunction | undefined;
    return () => (fn ??= ajv.compile(s));
  };
  const definitions = schema.definitions;
  return {
    base_fields: propertiesOf(schema),
    conditionals: conditionalsOf(schema).map((c) => ({
      test: once({ definitions, ...c.if }),
      then_fields: propertiesOf(c.then),
      else_fields: propertiesOf(c.else),
    })),
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
    validator: once(schema),
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

