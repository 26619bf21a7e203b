/** Builds a task form: self-contained schema, runtime, and the checks a meta-schema cannot make. */

import { USAGE_FACTS } from '../usage.ts';
import {
  buildFormRuntime,
  conditionalsOf,
  formFields,
  resolveSchema,
  type SchemaCompiler,
} from '../forms/compile-form.ts';
import { unreadableFacts } from '../forms/field-conditions.ts';
import type { PickBuilder } from '../forms/pick.ts';
import type { CompiledRule } from '../logic/evaluators.ts';
import type { Logic } from '../logic/walk.ts';
import { checkFormRule } from './form-logic.ts';
import type { Diagnostic, TaskForm } from '../types.ts';
import { closest } from './suggest.ts';
import { lintEnumLabels } from './lint-enum-labels.ts';
import { lintServerFields } from './lint-server-fields.ts';
import { SIGNER_ROLES } from '../api/signing.ts';
import { lintForm, locateSchemaFailure } from './lint-form.ts';
import type { ParsedFile } from './yaml-source.ts';

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every `$ref` in a schema with its path. */
function refs(node: unknown, at: (string | number)[], out: { ref: string; path: (string | number)[] }[]) {
  if (Array.isArray(node)) node.forEach((n, i) => refs(n, [...at, i], out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push({ ref: v, path: [...at, k] });
      else refs(v, [...at, k], out);
    }
  }
  return out;
}

/** Builds one form; diagnostics are pushed to `out`. */
export function buildForm(
  parsed: ParsedFile,
  shared: { definitions: Record<string, unknown>; constants: Record<string, unknown> },
  ajv: SchemaCompiler,
  compile: (logic: Logic) => CompiledRule,
  out: Diagnostic[],
  eager: boolean,
  pick?: PickBuilder,
): TaskForm | undefined {
  const raw = parsed.value as Raw;
  const start = out.length;
  const diag = (
    code: string,
    message: string,
    path: (string | number)[],
    severity: 'error' | 'warning' = 'error',
    key = false,
  ) => out.push({ code, message, severity, file: parsed.file, path, range: parsed.locate(path, key) });

  const schema = resolveSchema(raw.schema, shared.definitions);
  const defs = Object.keys(schema.definitions as object);
  for (const r of refs(raw.schema, ['schema'], [])) {
    const m = /^#\/definitions\/([a-z0-9_]+)$/.exec(r.ref);
    if (!m) diag('bad-ref', `$ref '${r.ref}' must be '#/definitions/<name>'`, r.path);
    else if (!defs.includes(m[1])) {
      const hint = closest(m[1], defs);
      diag('bad-ref', `$ref to unknown definition '${m[1]}'` + (hint ? ` (did you mean '${hint}'?)` : ''), r.path);
    }
  }
  for (const c of conditionalsOf(raw.schema)) {
    const base: (string | number)[] = c.index === null ? ['schema', 'if'] : ['schema', 'allOf', c.index, 'if'];
    const tested = Object.keys((c.if.properties as object | undefined) ?? {});
    const required = Array.isArray(c.if.required) ? (c.if.required as string[]) : [];
    const untested = tested.filter((f) => !required.includes(f));
    if (untested.length)
      diag(
        'if-without-required',
        `this 'if' tests ${untested.join(', ')} without listing them in required, so it holds while they are unanswered`,
        base,
      );
  }
  lintForm(raw, schema.definitions as Record<string, unknown>, ajv, (code, message, path, key) =>
    diag(code, message, path, 'error', key),
  );
  lintEnumLabels(
    raw.schema as Raw | undefined,
    raw.ui_schema,
    ['schema'],
    schema.definitions as Record<string, unknown>,
    (code, message, path, key) => diag(code, message, path, 'warning', key),
  );
  lintServerFields(raw, schema.definitions as Record<string, unknown>, SIGNER_ROLES, (f) =>
    diag(f.code, f.message, f.path, 'error', f.key),
  );

  const fields = formFields(raw.schema);
  const fieldCheck = (name: string, path: (string | number)[], what: string) => {
    if (fields.includes(name)) return;
    const hint = closest(name, fields);
    diag(
      'unknown-field',
      `${what} names unknown field '${name}'` + (hint ? ` (did you mean '${hint}'?)` : ''),
      path,
      'error',
      true,
    );
  };
  for (const key of Object.keys(raw.ui_schema ?? {})) {
    if (!key.startsWith('ui:')) fieldCheck(key, ['ui_schema', key], 'ui_schema');
  }
  // In a one-line YAML map, an unquoted value with a comma splits into a second key with no value:
  // `{ "ui:help": Leave empty, if none }` silently loses ", if none". Refuse such keys.
  const splitText = (node: unknown, at: (string | number)[]) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (!k.startsWith('ui:') && v === null)
        diag(
          'split-text',
          `'${k}' has no value: quote the text before it if it contains a comma`,
          [...at, k],
          'error',
          true,
        );
      else splitText(v, [...at, k]);
    }
  };
  splitText(raw.ui_schema, ['ui_schema']);
  const order = raw.ui_schema?.['ui:order'];
  if (Array.isArray(order))
    order.forEach(
      (f: string, i: number) => f !== '*' && fieldCheck(String(f), ['ui_schema', 'ui:order', i], 'ui:order'),
    );
  for (const key of Object.keys(raw.messages ?? {})) fieldCheck(key.split('.')[0], ['messages', key], 'messages');
  // Signature statuses are filled by the server from the documents it generated: only a form that produces them has
  // any.
  for (const key of Object.keys(raw.signatures ?? {})) fieldCheck(key, ['signatures', key], 'signatures');
  for (const key of Object.keys(raw.esigned_answers ?? {}))
    fieldCheck(key, ['esigned_answers', key], 'esigned_answers');
  for (const key of Object.keys(raw.terms_fields ?? {})) fieldCheck(key, ['terms_fields', key], 'terms_fields');
  for (const key of Object.keys(raw.reuse_uploads ?? {})) fieldCheck(key, ['reuse_uploads', key], 'reuse_uploads');
  if (raw.signatures && !raw.produces_documents)
    diag(
      'signatures-without-documents',
      'a form with signatures must produce documents (produces_documents: true)',
      ['signatures'],
      'error',
      true,
    );
  // Fields the server fills from energy usage collection (always, or as a suggestion while empty).
  for (const part of ['usage_fields', 'usage_prefill'] as const) {
    for (const [key, fact] of Object.entries((raw[part] ?? {}) as Record<string, string>)) {
      fieldCheck(key, [part, key], part);
      if (!(USAGE_FACTS as readonly string[]).includes(fact))
        diag(
          'unknown-fact',
          `${part} '${key}' reads usage fact '${fact}', but usage collection sets no such fact (usage facts: ${USAGE_FACTS.join(', ')})`,
          [part, key],
        );
    }
  }

  (raw.rules ?? []).forEach((r: Raw, i: number) => {
    for (const part of ['applies_if', 'valid_if'] as const) {
      if (r[part] === undefined) continue;
      checkFormRule(
        r[part],
        ['rules', i, part],
        { schema, fields, constants: shared.constants },
        `rule '${r.id}'`,
        diag,
      );
    }
    if (r.field !== undefined) fieldCheck(String(r.field).split('.')[0], ['rules', i, 'field'], `rule '${r.id}'`);
  });

  // Questions that follow the job: each names a field and reads only what the browser has too.
  for (const [field, logic] of Object.entries((raw.shown_if ?? {}) as Record<string, Logic>)) {
    fieldCheck(field, ['shown_if', field], 'shown_if');
    checkFormRule(
      logic,
      ['shown_if', field],
      { schema, fields, constants: shared.constants },
      `shown_if of '${field}'`,
      diag,
    );
    for (const fact of unreadableFacts(logic))
      diag(
        'unknown-fact',
        `shown_if of '${field}' reads '${fact}', but a field's condition reads only job.* and derived.today (what the browser has too)`,
        ['shown_if', field],
      );
  }

  const runtime = buildFormRuntime(schema, raw.rules ?? [], ajv, compile, pick, raw.shown_if);
  if (eager && out.length === start) {
    try {
      runtime.validator();
      runtime.base_validator();
      runtime.conditionals.forEach((c) => {
        c.test();
        c.then_validator?.();
        c.else_validator?.();
      });
    } catch (e) {
      const located = locateSchemaFailure(
        raw,
        schema,
        ajv,
        (code, message, path, key) => diag(code, message, path, 'error', key),
        (e as Error).message,
      );
      if (!located) diag('schema-compile', `form schema does not compile: ${(e as Error).message}`, ['schema']);
    }
  }
  if (out.slice(start).some((d) => d.severity === 'error')) return undefined;
  return {
    key: raw.key,
    title: raw.title,
    description: raw.description,
    section: raw.section,
    produces_documents: raw.produces_documents,
    signatures: raw.signatures,
    esigned_answers: raw.esigned_answers,
    attestation: raw.attestation,
    portal_screen: raw.portal_screen,
    terms_fields: raw.terms_fields,
    usage_fields: raw.usage_fields,
    usage_prefill: raw.usage_prefill,
    reuse_uploads: raw.reuse_uploads,
    schema,
    ui_schema: raw.ui_schema,
    messages: raw.messages,
    shown_if: raw.shown_if,
    file: parsed.file,
    fields,
    runtime,
  };
}
