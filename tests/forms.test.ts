/**
 * Every task form against its fixture in tests/fixtures/forms/<form>.yaml: valid examples pass (with the
 * data as saved and the warnings expected), invalid ones give exactly the expected messages at exactly
 * the expected paths; and each fixture covers every required field, enum, conditional, message and rule
 * of its form.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { validateTask, conditionalsOf, type Facts, type TaskForm } from '../engine/index.ts';
import { loadRepo, ROOT } from './load-repo.ts';

const defs = loadRepo();
const FIXTURES = join(ROOT, 'tests/fixtures/forms');

type Msg = { path: string; message: string };
type Fixture = {
  form: string;
  job?: Record<string, unknown>;
  today?: string;
  valid: { name: string; data: Record<string, unknown>; saved?: Record<string, unknown>; warnings?: Msg[] }[];
  invalid: { name: string; data: Record<string, unknown>; errors: Msg[] }[];
};

const sortMsgs = (m: Msg[]) =>
  [...m].sort((a, b) => a.path.localeCompare(b.path) || a.message.localeCompare(b.message));

function factsFor(fx: Fixture): Facts {
  return {
    job: fx.job ?? {},
    derived: { today: fx.today ?? '2026-06-01' },
    constants: defs.shared.constants,
    tables: {},
    task_status: {},
    usage: {},
  } as Facts;
}

/** Resolves a property schema's local $ref. */
function deref(form: TaskForm, s: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  let cur = s;
  for (let i = 0; cur && typeof cur.$ref === 'string' && i < 5; i++) {
    cur = (form.schema.definitions as Record<string, Record<string, unknown>>)[(cur.$ref as string).split('/').pop()!];
  }
  return cur;
}
function isEnum(form: TaskForm, s: Record<string, unknown> | undefined): boolean {
  const d = deref(form, s);
  if (!d) return false;
  if (d.enum || d.const !== undefined) return true;
  return d.type === 'array' && isEnum(form, d.items as Record<string, unknown>);
}

/** What a form's fixture must cover. */
function obligations(form: TaskForm) {
  const schema = form.schema as { required?: string[]; properties: Record<string, Record<string, unknown>> };
  const conds = conditionalsOf(form.schema);
  const required = [
    ...(schema.required ?? []),
    ...conds.flatMap((c) => [...((c.then?.required as string[]) ?? []), ...((c.else?.required as string[]) ?? [])]),
  ];
  const props: Record<string, Record<string, unknown>> = { ...schema.properties };
  for (const c of conds) Object.assign(props, c.then?.properties ?? {}, c.else?.properties ?? {});
  const enums = Object.entries(props)
    .filter(([, s]) => isEnum(form, s))
    .map(([k]) => k);
  const conditional_fields = conds.map((c) =>
    [...Object.keys((c.then?.properties as object) ?? {}), ...Object.keys((c.else?.properties as object) ?? {})].filter(
      (f) => !(f in schema.properties),
    ),
  );
  return { required: [...new Set(required)], enums, conditional_fields };
}

const formKeys = Object.keys(defs.forms).sort();

/** JSON Schema keywords a `messages` key may end with. */
const KEYWORDS = [
  'required',
  'type',
  'enum',
  'const',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minProperties',
  'maxProperties',
  'additionalProperties',
  'not',
];

describe('task forms', () => {
  it('every form has a fixture and every fixture a form', () => {
    const fixtures = existsSync(FIXTURES)
      ? readdirSync(FIXTURES)
          .filter((f) => f.endsWith('.yaml'))
          .map((f) => f.replace(/\.yaml$/, ''))
          .sort()
      : [];
    expect(fixtures).toEqual(formKeys);
  });
});

describe.each(formKeys)('form %s', (key) => {
  const form = defs.forms[key];
  const file = join(FIXTURES, `${key}.yaml`);
  const fx: Fixture = existsSync(file) ? parse(readFileSync(file, 'utf8')) : { form: key, valid: [], invalid: [] };
  const facts = factsFor(fx);
  const runs = [
    ...fx.valid.map((v) => ({ kind: 'valid' as const, ex: v, result: validateTask(form, v.data, facts) })),
    ...fx.invalid.map((v) => ({ kind: 'invalid' as const, ex: v, result: validateTask(form, v.data, facts) })),
  ];

  it('fixture names its form', () => expect(fx.form).toBe(key));

  it.each(fx.valid.map((v) => [v.name, v] as const))('valid: %s', (_n, v) => {
    const r = validateTask(form, v.data, facts);
    expect(r.errors).toEqual([]);
    expect(r.ok).toBe(true);
    expect(sortMsgs(r.warnings)).toEqual(sortMsgs(v.warnings ?? []));
    if (v.saved) expect(r.data).toEqual(v.saved);
  });

  it.each(fx.invalid.map((v) => [v.name, v] as const))('invalid: %s', (_n, v) => {
    const r = validateTask(form, v.data, facts);
    expect(r.ok).toBe(false);
    expect(sortMsgs(r.errors)).toEqual(sortMsgs(v.errors));
  });

  it('covers every required field, enum, conditional, message and rule', () => {
    const ob = obligations(form);
    const errorsAt = (path: string) =>
      runs
        .filter((r) => r.kind === 'invalid')
        .flatMap((r) => r.result.errors)
        .filter((e) => e.path === path || e.path.startsWith(`${path}.`));
    const missing: string[] = [];
    for (const f of ob.required) if (errorsAt(f).length === 0) missing.push(`required ${f}`);
    for (const f of ob.enums)
      if (
        !runs.some(
          (r) =>
            r.kind === 'invalid' &&
            (r.ex.data as Record<string, unknown>)[f] !== undefined &&
            r.result.errors.some((e) => e.path === f || e.path.startsWith(`${f}.`)),
        )
      )
        missing.push(`enum ${f}`);
    ob.conditional_fields.forEach((fields, i) => {
      if (fields.length && !runs.some((r) => fields.some((f) => f in r.ex.data && !(f in r.result.data))))
        missing.push(`conditional #${i + 1} (${fields.join(', ')}) never shown dropped`);
    });
    for (const [path, message] of Object.entries(form.messages ?? {})) {
      const at = path.replace(new RegExp(`\\.(${KEYWORDS.join('|')})$`), '');
      if (
        !runs.some((r) =>
          [...r.result.errors, ...r.result.warnings].some(
            (e) => e.message === message && (e.path === at || e.path.startsWith(`${at.split('.*')[0]}`)),
          ),
        )
      )
        missing.push(`message ${path}`);
    }
    for (const rule of form.runtime.rules) {
      const list =
        rule.severity === 'warning'
          ? runs.flatMap((r) => r.result.warnings)
          : runs.filter((r) => r.kind === 'invalid').flatMap((r) => r.result.errors);
      if (!list.some((e) => e.message === rule.message)) missing.push(`rule ${rule.id}`);
    }
    expect(missing).toEqual([]);
  });
});
