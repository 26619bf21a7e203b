/**
 * Checks of the fields a task form leaves to the server (form.yaml `signatures:`, `terms_fields:`) and of the
 * yes/no values a form writes: a signature status field named for one signer but filled from another's signatures;
 * a terms field named for one moment but filled at the other, or filled with the install terms in a task before the
 * job is submitted; and YAML 1.1's `yes`/`no`/`on`/`off`, which YAML 1.2 (and so the portal) reads as text, where
 * a form means true or false.
 */

import taskFormSchema from '../schema/task-form.schema.json' with { type: 'json' };
import type { Diagnostic, Program } from '../types.ts';
import { roleNamed, type SignerDiag } from './lint-signers.ts';
import type { ParsedFile } from './yaml-source.ts';

type Path = (string | number)[];
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Schema = Record<string, unknown>;
/** Reports a finding (an error) at a path of the form. */
export type FieldDiag = SignerDiag;

const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What YAML 1.1 read as true or false and YAML 1.2 reads as text. */
const YAML11_BOOLEANS: Record<string, boolean> = { yes: true, y: true, on: true, no: false, n: false, off: false };
/** The boolean a text meant in YAML 1.1, if it is one of its yes/no words. */
export const yaml11Boolean = (v: unknown): boolean | undefined =>
  typeof v === 'string' ? YAML11_BOOLEANS[v.trim().toLowerCase()] : undefined;

/** `ui:` options whose value is true or false (from the meta-schema). */
const BOOLEAN_UI_KEYS = (() => {
  const out = new Set<string>();
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (isSchema(n))
      for (const [k, v] of Object.entries(n)) {
        if (k.startsWith('ui:') && isSchema(v) && v.type === 'boolean') out.add(k);
        walk(v);
      }
  };
  walk(taskFormSchema);
  return out;
})();
/** JSON Schema keywords whose value is true or false. */
const BOOLEAN_KEYWORDS = ['readOnly', 'writeOnly', 'uniqueItems'];
/** The moments of `terms_fields:` and what they hold. */
const MOMENTS = ['install', 'submit'] as const;

const booleanText = (v: string, meant: boolean, where: string) =>
  `${where} is the text '${v}', not ${meant}: YAML 1.2 reads yes, no, on and off as words. Write ${meant}`;

/** Whether a schema (through its `$ref`s and allOf members) declares type boolean. */
function isBooleanSchema(node: unknown, definitions: Schema, seen = new Set<unknown>()): boolean {
  if (!isSchema(node) || seen.has(node)) return false;
  seen.add(node);
  if (node.type === 'boolean' || (Array.isArray(node.type) && node.type.includes('boolean'))) return true;
  const ref = typeof node.$ref === 'string' ? /^#\/definitions\/(.+)$/.exec(node.$ref) : null;
  if (ref && isBooleanSchema(definitions[ref[1]], definitions, seen)) return true;
  return Array.isArray(node.allOf) && node.allOf.some((n) => isBooleanSchema(n, definitions, seen));
}

/** Every schema node of a form's schema with its path (properties, items, conditions, definitions). */
function schemaNodes(node: unknown, at: Path, out: { node: Schema; at: Path }[] = []) {
  if (!isSchema(node)) return out;
  out.push({ node, at });
  for (const key of ['properties', 'definitions', 'patternProperties', 'dependencies'])
    if (isSchema(node[key]))
      for (const [k, v] of Object.entries(node[key] as Schema)) schemaNodes(v, [...at, key, k], out);
  for (const key of ['items', 'additionalProperties', 'if', 'then', 'else', 'not', 'contains'])
    schemaNodes(node[key], [...at, key], out);
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((n, i) => schemaNodes(n, [...at, key, i], out));
  return out;
}

/** The checks of one form: `raw` its document, `definitions` its schema's definitions with the shared ones. */
export function lintServerFields(raw: Raw, definitions: Schema, roles: readonly string[], diag: FieldDiag): void {
  // yes/no written as text where the form means true or false.
  for (const { node, at } of schemaNodes(raw.schema, ['schema'])) {
    for (const k of BOOLEAN_KEYWORDS) {
      const b = yaml11Boolean(node[k]);
      if (b !== undefined)
        diag({ code: 'yaml-boolean-text', message: booleanText(String(node[k]), b, `'${k}'`), path: [...at, k] });
    }
    if (!isBooleanSchema(node, definitions)) continue;
    for (const k of ['default', 'const']) {
      const b = yaml11Boolean(node[k]);
      if (b !== undefined)
        diag({
          code: 'yaml-boolean-text',
          message: booleanText(String(node[k]), b, `the ${k} of this yes/no field`),
          path: [...at, k],
        });
    }
    for (const k of ['enum', 'examples'])
      if (Array.isArray(node[k]))
        (node[k] as unknown[]).forEach((v, i) => {
          const b = yaml11Boolean(v);
          if (b !== undefined)
            diag({
              code: 'yaml-boolean-text',
              message: booleanText(String(v), b, `an option of this yes/no field`),
              path: [...at, k, i],
            });
        });
  }
  const ui = (node: unknown, at: Path): void => {
    if (!isSchema(node)) return;
    for (const [k, v] of Object.entries(node)) {
      const b = BOOLEAN_UI_KEYS.has(k) ? yaml11Boolean(v) : undefined;
      if (b !== undefined)
        diag({ code: 'yaml-boolean-text', message: booleanText(String(v), b, `'${k}'`), path: [...at, k] });
      else if (!k.startsWith('ui:')) ui(v, [...at, k]);
    }
  };
  ui(raw.ui_schema, ['ui_schema']);
  const props = isSchema(raw.schema?.properties) ? (raw.schema.properties as Schema) : {};
  for (const [field, v] of Object.entries(isSchema(raw.esigned_answers) ? raw.esigned_answers : {})) {
    const b = yaml11Boolean(v);
    if (b !== undefined && isBooleanSchema(props[field], definitions))
      diag({
        code: 'yaml-boolean-text',
        message:
          `${booleanText(String(v), b, `the e-signed answer of '${field}'`)} (as text it ` +
          `never matches the yes/no field, so the task is never completed by e-signature)`,
        path: ['esigned_answers', field],
      });
  }

  // A status field named for one signer, filled from another's signatures.
  for (const [field, role] of Object.entries(isSchema(raw.signatures) ? raw.signatures : {})) {
    if (typeof role !== 'string') continue;
    const named = roleNamed(field, roles);
    const from = role === 'all' ? `signatures of every signer` : `${role.replace(/_/g, ' ')}'s signatures`;
    if (named && named !== role)
      diag({
        code: 'signature-field-role',
        message:
          `'${field}' is the ${named.replace(/_/g, ' ')}'s signature status, but it is ` +
          `filled from the ${from}, so it shows another signer's status (did you mean '${named}'?)`,
        path: ['signatures', field],
      });
  }

  // A terms field named for one moment, filled at the other.
  for (const [field, moment] of Object.entries(isSchema(raw.terms_fields) ? raw.terms_fields : {})) {
    const named = MOMENTS.find((m) => new RegExp(`(^|_)${m}(_|$)`).test(field));
    const fills =
      moment === 'install' ? 'current version, accepted with this submission' : 'version the job was submitted under';
    if (named && moment !== named && (MOMENTS as readonly unknown[]).includes(moment))
      diag({
        code: 'terms-field-moment',
        message:
          `'${field}' holds the ${named} terms by its name, but '${String(moment)}' fills it ` +
          `with the ${fills} (did you mean '${named}'?)`,
        path: ['terms_fields', field],
      });
  }
}

/**
 * The install terms filled in a task at or before the stage that submits the job: they are accepted with the
 * install paperwork, once the job is submitted. Reported at the form's terms field, once per form.
 */
export function lintTermsStages(programs: Record<string, Program>, formFiles: ParsedFile[], out: Diagnostic[]): void {
  const done = new Set<string>();
  const byKey = new Map(formFiles.map((f) => [(f.value as Raw)?.key, f]));
  for (const program of Object.values(programs)) {
    const submit = program.stage_model?.stages.find((s) => s.submits)?.number;
    if (submit === undefined) continue;
    for (const task of program.tasks) {
      if (task.stage > submit) continue;
      const parsed = byKey.get(task.form);
      const terms = (parsed?.value as Raw | undefined)?.terms_fields;
      if (!parsed || !isSchema(terms)) continue;
      for (const [field, moment] of Object.entries(terms)) {
        if (moment !== 'install' || done.has(`${task.form}.${field}`)) continue;
        done.add(`${task.form}.${field}`);
        const path = ['terms_fields', field];
        out.push({
          code: 'terms-field-moment',
          severity: 'error',
          file: parsed.file,
          path,
          range: parsed.locate(path),
          message:
            `'${field}' is filled with the install terms, but task '${task.id}' of program '${program.id}' fills ` +
            `this form in stage ${task.stage}, ${task.stage === submit ? 'the stage that submits the job' : `before the job is submitted (stage ${submit})`}: ` +
            `the install terms are accepted after submission. Write submit, or fill the install terms in a later task`,
        });
      }
    }
  }
}

/**
 * A meta-schema error at a value that is YAML 1.1's yes/no where the meta-schema takes true or false
 * (`produces_documents: yes`, a task's `draft: no`): said as what it is, at the same place.
 */
export function hintBooleanText(parsed: ParsedFile, meta: Diagnostic[]): Diagnostic[] {
  return meta.map((d) => {
    if (!['schema-type', 'schema-const', 'schema-enum'].includes(d.code)) return d;
    if (d.code === 'schema-type' && !/boolean/.test(d.message)) return d;
    let v: unknown = parsed.value;
    for (const k of d.path) v = isSchema(v) || Array.isArray(v) ? (v as Raw)[k] : undefined;
    const b = yaml11Boolean(v);
    if (b === undefined) return d;
    const key = d.path[d.path.length - 1];
    return { ...d, code: 'yaml-boolean-text', message: booleanText(String(v), b, `'${String(key)}'`) };
  });
}
