/**
 * Energy usage collection checks a meta-schema cannot make, each at the line to change:
 * - the workflow's stages (_shared/usage-collection.yaml) list every step exactly once, or a step is never shown;
 * - a form's usage_fields / usage_prefill put a fact in a field of the same unit (kWh, therms) and kind;
 * - a field the form requires but shows read-only is filled by the server (usage_fields, signatures,
 *   terms_fields, esigned_answers), or no one can ever complete the task;
 * - a program that reads usage.* or fills usage_fields collects usage (`usage_collection:`).
 */

import type { Logic } from '../logic/walk.ts';
import type { Diagnostic, TaskForm } from '../types.ts';
import { USAGE_FACTS, USAGE_STEPS } from '../usage.ts';
import type { SharedDefs } from './definition-types.ts';
import { deref, levelParts } from './form-fields.ts';
import { closest } from './suggest.ts';
import type { ParsedFile } from './yaml-source.ts';

type Path = (string | number)[];
/** A finding: code, message, path (inside the file), whether the key (not the value) is at fault. */
interface Finding {
  code: string;
  message: string;
  path: Path;
  key?: boolean;
}
type Node = Record<string, unknown>;
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);
const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Reports in one file: code, message, path (inside the file), whether the key (not the value) is at fault. */
const reporter = (parsed: ParsedFile, out: Diagnostic[]) => (d: Finding) =>
  out.push({
    code: d.code,
    severity: 'error',
    file: parsed.file,
    path: d.path,
    range: parsed.locate(d.path, d.key),
    message: d.message,
  });

/** The stage each step belongs to (spec sect. 4). */
const SPEC_STAGE: Record<(typeof USAGE_STEPS)[number], string> = {
  send_homeowner_invite: 'invite',
  visit_collection_page: 'invite',
  attempt_authentication: 'authenticate',
  validate_credentials: 'authenticate',
  identify_meters: 'collect',
  extract_usage_from_utility: 'collect',
  collect_from_vendor: 'collect',
  evaluate_usage: 'process',
  set_derived_usage_profile: 'process',
};

/** Every step of the workflow in exactly one stage of _shared/usage-collection.yaml. */
export function lintUsageStages(parsed: ParsedFile, out: Diagnostic[]): void {
  const stages = (parsed.value as { usage_collection?: { stages?: unknown } })?.usage_collection?.stages;
  if (!Array.isArray(stages)) return;
  const diag = reporter(parsed, out);
  const keyOf = (i: number) => String((stages[i] as Node)?.key);
  const places = new Map<string, [number, number][]>();
  stages.forEach((s, i) =>
    listOf((s as Node)?.steps).forEach((step, j) => places.set(step, [...(places.get(step) ?? []), [i, j]])),
  );
  // A step listed twice keeps the listing in the stage the spec puts it in (else its first); the others are reported.
  const stageOf = new Map<string, number>();
  for (const [step, at] of places) {
    const kept = at.find(([i]) => keyOf(i) === SPEC_STAGE[step as (typeof USAGE_STEPS)[number]]) ?? at[0];
    stageOf.set(step, kept[0]);
    for (const [i, j] of at) {
      if (i === kept[0] && j === kept[1]) continue;
      diag({
        code: 'usage-step-twice',
        message:
          `step '${step}' is also listed in stage '${keyOf(kept[0])}': a step is shown in one stage only, ` +
          `so remove it here`,
        path: ['usage_collection', 'stages', i, 'steps', j],
      });
    }
  }
  USAGE_STEPS.forEach((step, n) => {
    if (stageOf.has(step)) return;
    // Reported at the stage the spec puts it in (or the stage of the step the workflow runs just before it).
    const spec = stages.findIndex((s) => (s as Node)?.key === SPEC_STAGE[step]);
    const near = [...USAGE_STEPS.slice(0, n).reverse(), ...USAGE_STEPS.slice(n + 1)].find((s) => stageOf.has(s));
    const i = spec !== -1 ? spec : near === undefined ? undefined : stageOf.get(near)!;
    const stage = i === undefined ? undefined : String((stages[i] as Node)?.key);
    diag({
      code: 'usage-step-unlisted',
      message:
        `step '${step}' is listed in no stage, so it is never shown while the workflow runs it` +
        (stage ? `: add it to the steps of stage '${stage}'` : ': add it to a stage'),
      path: i === undefined ? ['usage_collection', 'stages'] : ['usage_collection', 'stages', i, 'steps'],
    });
  });
}

/** What each usage fact holds. */
type FactKind = 'number' | 'string' | 'boolean' | 'array';
function factKind(fact: string): FactKind {
  if (['accounts', 'partial_months'].includes(fact)) return 'array';
  if (['consent', 'connected'].includes(fact)) return 'boolean';
  if (/^(months_covered|electric_months|gas_months)$|^annual_/.test(fact)) return 'number';
  return 'string';
}
const unitOfName = (s: string): 'kWh' | 'therms' | undefined =>
  /kwh/i.test(s) ? 'kWh' : /\btherms?\b|_therms?\b/i.test(s) ? 'therms' : undefined;

/** A field's unit: by its name, its title, the definition it references or its description. */
function fieldUnit(field: string, node: Node | undefined, definitions: Record<string, unknown>) {
  const ref = typeof node?.$ref === 'string' ? node.$ref.split('/').pop()! : '';
  const target = deref(node, definitions);
  for (const s of [
    field,
    String(node?.title ?? ''),
    ref,
    String(node?.description ?? ''),
    String(target?.description ?? ''),
  ]) {
    const u = unitOfName(s);
    if (u) return u;
  }
  return undefined;
}

/** A top-level field's schema (the first that declares it, in properties or a branch). */
function fieldSchema(schema: Node, field: string): Node | undefined {
  for (const part of levelParts(schema, [])) {
    const props = part.node.properties;
    if (isNode(props) && isNode(props[field])) return props[field] as Node;
  }
  return undefined;
}

/** The usage facts a form's fields take, and its required read-only fields nothing fills. */
export function lintUsageForm(parsed: ParsedFile, form: TaskForm, out: Diagnostic[]): void {
  const raw = parsed.value as Raw;
  const schema = form.schema;
  const definitions = (schema.definitions ?? {}) as Record<string, unknown>;
  const diag = reporter(parsed, out);
  for (const part of ['usage_fields', 'usage_prefill'] as const) {
    for (const [field, fact] of Object.entries((raw[part] ?? {}) as Record<string, string>)) {
      if (!(USAGE_FACTS as readonly string[]).includes(fact)) continue; // unknown-fact says so
      const node = fieldSchema(schema, field);
      if (!node) continue; // unknown-field says so
      const want = fieldUnit(field, node, definitions);
      const have = unitOfName(fact);
      if (want && have && want !== have) {
        const same = fact.replace(/kwh|therms?/i, want === 'kWh' ? 'kwh' : 'therms');
        const hint = (USAGE_FACTS as readonly string[]).includes(same) ? ` (did you mean '${same}'?)` : '';
        diag({
          code: 'usage-unit-mismatch',
          message:
            `${part} puts usage fact '${fact}' (in ${have}) into '${field}', a field in ${want}: the number would be ` +
            `read in the wrong unit${hint}`,
          path: [part, field],
        });
        continue;
      }
      const type = deref(node, definitions)?.type;
      const kind = factKind(fact);
      const fits =
        typeof type !== 'string' ||
        type === kind ||
        (kind === 'number' && type === 'integer') ||
        (kind === 'string' && type === 'string');
      if (!fits)
        diag({
          code: 'usage-fact-type',
          message:
            `${part} puts usage fact '${fact}' (a ${kind}) into '${field}', a field of type ${type}: the value would ` +
            `fail the form's own check` +
            (closest(field, [...USAGE_FACTS]) ? ` (did you mean '${closest(field, [...USAGE_FACTS])}'?)` : ''),
          path: [part, field],
        });
    }
  }
  lintReadonlyRequired(parsed, raw, form, out);
}

/** Required fields shown read-only that the server does not fill: no one can complete the task. */
function lintReadonlyRequired(parsed: ParsedFile, raw: Raw, form: TaskForm, out: Diagnostic[]): void {
  const ui = (raw.ui_schema ?? {}) as Record<string, unknown>;
  const definitions = (form.schema.definitions ?? {}) as Record<string, unknown>;
  const filled = new Set(
    ['usage_fields', 'signatures', 'terms_fields', 'esigned_answers'].flatMap((k) => Object.keys(raw[k] ?? {})),
  );
  const readonly = (f: string) => {
    const u = ui[f];
    if (isNode(u) && (u['ui:readonly'] === true || u['ui:disabled'] === true)) return true;
    const node = fieldSchema(form.schema, f);
    return node?.readOnly === true || deref(node, definitions)?.readOnly === true;
  };
  const seen = new Set<string>();
  const diag = reporter(parsed, out);
  for (const part of levelParts((raw.schema ?? {}) as Node, ['schema'])) {
    if (part.at.includes('if') || part.at.includes('not')) continue;
    listOf(part.node.required).forEach((field, i) => {
      if (seen.has(field) || filled.has(field) || !readonly(field)) return;
      seen.add(field);
      const fact = (USAGE_FACTS as readonly string[]).includes(field) ? field : closest(field, [...USAGE_FACTS]);
      const usageForm = raw.usage_fields !== undefined || raw.usage_prefill !== undefined;
      const atUsageFields = raw.usage_fields !== undefined;
      const fix = usageForm
        ? `add it to usage_fields` + (fact ? ` (${field}: ${fact})` : '') + ' so usage collection fills it'
        : 'let people fill it (drop ui:readonly) or stop requiring it';
      diag({
        code: 'readonly-required-field',
        message:
          `'${field}' is required but read-only, and the server does not fill it (it is not in usage_fields, ` +
          `signatures, terms_fields or esigned_answers): no task of this form can ever be completed; ${fix}`,
        path: atUsageFields ? ['usage_fields'] : [...part.at, 'required', i],
        key: atUsageFields,
      });
    });
  }
}

/** Tools lintUsageProgram borrows from buildProgram. */
type Diag = (code: string, message: string, path: Path) => void;

/** The `var` paths reading usage.* in a logic tree, each with its place. */
function usageReads(node: unknown, at: Path, out: { fact: string; at: Path }[]): void {
  if (Array.isArray(node)) node.forEach((v, i) => usageReads(v, [...at, i], out));
  else if (isNode(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'var') {
        const p = Array.isArray(v) ? v[0] : v;
        if (typeof p === 'string' && (p === 'usage' || p.startsWith('usage.')))
          out.push({ fact: p, at: Array.isArray(v) ? [...at, k, 0] : [...at, k] });
      } else usageReads(v, [...at, k], out);
    }
  }
}

/** A program that reads usage.* or has a task fill usage_fields must collect usage. */
export function lintUsageProgram(raw: Raw, shared: SharedDefs, forms: Map<string, TaskForm>, diag: Diag): void {
  if (raw.usage_collection) return;
  const report = (d: Finding) => diag(d.code, d.message, d.path);
  const reads: { fact: string; at: Path }[] = [];
  for (const k of Object.keys(raw)) if (k !== 'usage_collection') usageReads(raw[k], [k], reads);
  const fix = 'add usage_collection: { task: <the task that connects the utility account> }, or read another fact';
  for (const r of reads)
    report({
      code: 'usage-not-collected',
      message:
        `this program reads '${r.fact}', but it collects no energy usage (no usage_collection:), so '${r.fact}' is ` +
        `never set: ${fix}`,
      path: r.at,
    });
  const sharedReads = (section: 'rules' | 'eligibility_rules', list: unknown, at: string) =>
    (Array.isArray(list) ? list : []).forEach((item, i) => {
      const def = isNode(item) && typeof item.use === 'string' ? shared[section][item.use] : undefined;
      if (!def) return;
      const found: { fact: string; at: Path }[] = [];
      usageReads({ ...(def as object), file: undefined, key: undefined } as Logic, [], found);
      if (found.length)
        report({
          code: 'usage-not-collected',
          message:
            `shared rule '${String(item.use)}' reads '${found[0].fact}', but this program collects no energy usage ` +
            `(no usage_collection:), so it is never set: ${fix}`,
          path: [at, i, 'use'],
        });
    });
  sharedReads('rules', raw.rules, 'rules');
  sharedReads('eligibility_rules', raw.eligibility, 'eligibility');
  (Array.isArray(raw.tasks) ? (raw.tasks as Raw[]) : []).forEach((t, i) => {
    const fields = Object.keys(forms.get(t.form)?.usage_fields ?? {});
    if (!fields.length) return;
    report({
      code: 'usage-not-collected',
      message:
        `task '${t.id}' has form '${t.form}', whose usage_fields (${fields.join(', ')}) only usage collection fills, ` +
        `but this program collects no energy usage: add usage_collection: { task: ${t.id} }`,
      path: ['tasks', i, 'form'],
    });
  });
}
