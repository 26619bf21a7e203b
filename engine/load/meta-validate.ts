/** Validates definition documents against the meta-schemas and reports diagnostics with positions. */

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import programSchema from '../schema/program.schema.json' with { type: 'json' };
import taskFormSchema from '../schema/task-form.schema.json' with { type: 'json' };
import casesSchema from '../schema/cases.schema.json' with { type: 'json' };
import sharedSchema from '../schema/shared.schema.json' with { type: 'json' };
import formSharedSchema from '../schema/form-shared.schema.json' with { type: 'json' };
import type { Diagnostic } from '../types.ts';
import type { ParsedFile } from './yaml-source.ts';
import { closest } from './suggest.ts';
import { unitMessage } from './lint-money.ts';
import { hashDefinition } from './hash.ts';

/** The kinds of definition file. */
export type FileKind = 'program' | 'task-form' | 'cases' | 'shared' | 'form-shared';

/**
 * A meta-schema as the loader checks with it: each subschema marked `"x-editor": true` made empty. Those
 * are for editors (the files' `$schema` modeline): yaml-language-server flags a misspelt JSON Schema
 * keyword of a form, an unknown `ui:` option or a task status of a case as you type, while the loader's
 * own checks report the same mistakes with codes and words of their own (lint-form*.ts, lint-cases.ts)
 * instead of a meta-schema error that would stop the file from being checked further.
 */
export function forLoader<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(forLoader) as T;
  if (!schema || typeof schema !== 'object') return schema;
  if ((schema as Record<string, unknown>)['x-editor'] === true) return {} as T;
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, forLoader(v)])) as T;
}

/** The meta-schema of each kind of file (as the loader checks with it). */
export const META_SCHEMAS: Record<FileKind, object> = {
  program: forLoader(programSchema),
  'task-form': forLoader(taskFormSchema),
  cases: forLoader(casesSchema),
  shared: forLoader(sharedSchema),
  'form-shared': forLoader(formSharedSchema),
};

/** Meta-schema validators, compiled once per loader call (or generated ahead: engine/forms/standalone.ts). */
export type MetaValidators = Record<FileKind, ValidateFunction>;

/** The meta-schemas' ajv options (the standalone generator uses the same). */
export const META_AJV_OPTIONS = { allErrors: true, strict: false, verbose: true } as const;

/** The hash of the meta-schemas: the version of their generated validators (GET
 * /api/definitions/meta-validators.js?v=). */
export function metaSchemasHash(): string {
  return hashDefinition(META_SCHEMAS);
}

/** Compiles the meta-schemas. */
export function createMetaValidators(): MetaValidators {
  const ajv = new Ajv(META_AJV_OPTIONS);
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  const out = {} as MetaValidators;
  for (const [kind, schema] of Object.entries(META_SCHEMAS) as [FileKind, object][]) out[kind] = ajv.compile(schema);
  return out;
}

/** Meta validators from a generated module's exports (by file kind); a missing kind is an error. */
export function metaValidatorsFrom(exports: Record<string, ValidateFunction>): MetaValidators {
  const out = {} as MetaValidators;
  for (const kind of Object.keys(META_SCHEMAS) as FileKind[]) {
    if (typeof exports[kind] !== 'function')
      throw new Error(`The generated meta validators have no '${kind}': reload the page`);
    out[kind] = exports[kind];
  }
  return out;
}

function pathOf(instancePath: string): (string | number)[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function allowedKeys(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

/** Keeps the most useful errors: oneOf branches produce noise, so report the branch that matched best. */
function prune(errors: ErrorObject[]): ErrorObject[] {
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  return errors.filter((e) => {
    if (e.keyword === 'oneOf') return false;
    // "must match the then schema" only restates the error inside it (the UI schema's entries).
    if (e.keyword === 'if') return false;
    // For a oneOf item (rule or `use:`), errors about `use` are only noise when other errors exist.
    if (
      oneOfPaths.has(e.instancePath) &&
      e.keyword === 'required' &&
      (e.params as { missingProperty?: string }).missingProperty === 'use'
    )
      return false;
    if (oneOfPaths.has(e.instancePath) && e.keyword === 'additionalProperties' && e.schemaPath.includes('/oneOf/1/'))
      return false;
    return true;
  });
}

/** Checks a parsed file against its meta-schema. */
export function validateMeta(validators: MetaValidators, kind: FileKind, parsed: ParsedFile): Diagnostic[] {
  const validate = validators[kind];
  if (validate(parsed.value)) return [];
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const e of prune(validate.errors ?? [])) {
    const path = pathOf(e.instancePath);
    let message: string;
    let range = parsed.locate(path);
    let at = path;
    // A key's name the map does not allow (propertyNames): at that key, not at the map's first.
    const named = (e as { propertyName?: string }).propertyName;
    if (named !== undefined) {
      at = [...path, named];
      range = parsed.locate(at, true);
    }
    if (e.keyword === 'additionalProperties') {
      const key = (e.params as { additionalProperty: string }).additionalProperty;
      at = [...path, key];
      range = parsed.locate(at, true);
      const suggestion = closest(key, allowedKeys(e.parentSchema));
      message = `unknown key '${key}'` + (suggestion ? ` (did you mean '${suggestion}'?)` : '');
    } else if (e.keyword === 'required') {
      message = `missing required key '${(e.params as { missingProperty: string }).missingProperty}'`;
    } else if (e.keyword === 'enum') {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String);
      const suggestion = typeof e.data === 'string' ? closest(e.data, allowed) : undefined;
      message =
        `${e.instancePath || 'value'} must be one of: ${allowed.join(', ')}` +
        (suggestion ? ` (did you mean '${suggestion}'?)` : '');
    } else {
      message =
        unitMessage(e.keyword, e.data, e.parentSchema, e.instancePath.slice(1).replace(/\//g, '.')) ??
        `${e.instancePath || 'document'} ${e.message ?? 'is invalid'}`;
    }
    const sig = `${range.line}:${range.col}:${message}`;
    if (seen.has(sig)) continue;
    seen.add(sig);
    out.push({ code: `schema-${e.keyword}`, message, severity: 'error', file: parsed.file, path: at, range });
  }
  return out;
}
