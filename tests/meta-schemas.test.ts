/** The meta-schemas are the DSL's contract: every key documented, unknown keys refused, files linked to them. */

import { readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDefinitionFiles } from '../cli/read-files.ts';
import { kindOf } from '../engine/index.ts';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ACTION_OWNER_ROLES, STORED_TASK_STATUSES } from '../engine/constants.ts';
import { JOB_FACTS } from '../engine/facts.ts';
import { createFormAjv } from '../engine/forms/form-ajv.ts';
import { UI_KEYS } from '../engine/load/lint-form-ui.ts';
import { createMetaValidators, validateMeta, type FileKind } from '../engine/load/meta-validate.ts';
import { parseSource } from '../engine/load/yaml-source.ts';
import { ROOT } from './load-repo.ts';

const SCHEMAS = ['program', 'task-form', 'cases', 'shared', 'form-shared'].map(
  (n) => [n, JSON.parse(readFileSync(join(ROOT, `engine/schema/${n}.schema.json`), 'utf8'))] as const,
);

/** Every object schema with properties, with its JSON pointer. */
function objects(node: unknown, at = '#'): [string, Record<string, unknown>][] {
  if (!node || typeof node !== 'object') return [];
  const out: [string, Record<string, unknown>][] = [];
  const s = node as Record<string, unknown>;
  if (s.properties) out.push([at, s]);
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties' || k === 'definitions')
      for (const [pk, pv] of Object.entries(v as object)) out.push(...objects(pv, `${at}/${k}/${pk}`));
    else if (k === 'items' || k === 'additionalProperties') out.push(...objects(v, `${at}/${k}`));
    else if (k === 'oneOf' && Array.isArray(v)) v.forEach((x, i) => out.push(...objects(x, `${at}/oneOf/${i}`)));
  }
  return out;
}

describe.each(SCHEMAS)('meta-schema %s', (_name, schema) => {
  it('is JSON Schema draft-07', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
  });
  it('documents every key with a description', () => {
    const undocumented = objects(schema).flatMap(([at, s]) =>
      Object.entries(s.properties as Record<string, Record<string, unknown>>)
        .filter(([, p]) => !p.description && !p.$ref)
        .map(([k]) => `${at}/${k}`),
    );
    expect(undocumented).toEqual([]);
  });
  it('refuses unknown keys in every object it defines', () => {
    // A task form's embedded JSON Schema is free-form by design (it is checked by ajv itself), and so is
    // a UI schema entry: its keys are the form's field names and RJSF's ui:* options (ui:widget is checked).
    const free = ['#/properties/schema', '#/definitions/ui_node'];
    const open = objects(schema)
      .filter(([at, s]) => s.additionalProperties !== false && !free.includes(at))
      .map(([at]) => at);
    expect(open).toEqual([]);
  });
});

describe('definition files', () => {
  it('start with a yaml-language-server $schema line pointing at an existing meta-schema', () => {
    const files = readDefinitionFiles([], ROOT).filter((f) => f.path.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const first = f.text.split('\n')[0];
      const m = /^# yaml-language-server: \$schema=(.+)$/.exec(first);
      expect(m, `${f.path} first line`).not.toBeNull();
      const target = resolve(ROOT, dirname(f.path), m![1]);
      expect(existsSync(target), `${f.path} -> ${m![1]}`).toBe(true);
      const expected = kindOf(f.path)!;
      expect(target.endsWith(`${expected}.schema.json`), f.path).toBe(true);
    }
  });
});

/** A meta-schema as an editor reads it (its `x-editor` parts kept), compiled by ajv as draft-07. */
const editorAjv = new Ajv({ allErrors: true, strict: false });
(((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => void)(editorAjv);
for (const [, schema] of SCHEMAS) editorAjv.addSchema(schema);
function editorValidator(name: string) {
  return editorAjv.getSchema(SCHEMAS.find(([n]) => n === name)![1].$id)!;
}
const editorErrors = (name: string, doc: unknown) => {
  const validate = editorValidator(name);
  return validate(doc)
    ? []
    : validate.errors!.map(
        (e) =>
          `${e.instancePath} ${e.keyword}${e.keyword === 'additionalProperties' ? ` ${(e.params as { additionalProperty: string }).additionalProperty}` : ''}`,
      );
};

// Documents the rows below edit freely, wrong types included.
type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const FORM: Loose = {
  key: 'x',
  title: 'X',
  section: SCHEMAS.find(([n]) => n === 'task-form')![1].properties.section.enum[0] as string,
  schema: {
    type: 'object',
    required: ['count'],
    properties: { count: { type: 'integer', title: 'Count' }, kind: { enum: ['a', 'b'] } },
  },
  ui_schema: { 'ui:order': ['count', 'kind'], kind: { 'ui:widget': 'radio', 'ui:enumNames': ['A', 'B'] } },
};
const CASES: Loose = {
  program: 'x',
  today: '2025-01-01',
  cases: [
    {
      name: 'n',
      job: {
        site: { zip: '53703', lat: 43.1 },
        tasks: { t: { status: 'COMPLETE', data: { a: 1 }, owner_override: { role: 'ops', reason: 'r' } } },
      },
      expect: {},
    },
  ],
};
const edit = (doc: Loose, change: (d: Loose) => void): Loose => {
  const copy = structuredClone(doc);
  change(copy);
  return copy;
};

describe('the editor schemas (the $schema modelines)', () => {
  it('accept every definition file of the repository', () => {
    for (const f of readDefinitionFiles([], ROOT)) {
      const kind = kindOf(f.path)!;
      expect(editorErrors(kind, parseSource(f.path, f.text).value), f.path).toEqual([]);
    }
  });

  it.each([
    [
      'a misspelt keyword in a form schema',
      'task-form',
      edit(FORM, (f) => {
        f.schema.properties.count.requried = true;
      }),
      '/schema/properties/count additionalProperties requried',
    ],
    [
      'a type that is no JSON type',
      'task-form',
      edit(FORM, (f) => {
        f.schema.properties.count.type = 'int';
      }),
      '/schema/properties/count/type anyOf',
    ],
    [
      'an unknown format',
      'task-form',
      edit(FORM, (f) => {
        f.schema.properties.count.format = 'phon';
      }),
      '/schema/properties/count/format enum',
    ],
    [
      'a keyword typo inside a condition',
      'task-form',
      edit(FORM, (f) => {
        f.schema.allOf = [
          { if: { properties: { kind: { const: 'a' } }, required: ['kind'] }, then: { propertes: {} } },
        ];
      }),
      '/schema/allOf/0/then additionalProperties propertes',
    ],
    [
      'an unknown ui: option',
      'task-form',
      edit(FORM, (f) => {
        f.ui_schema.kind['ui:hepl'] = 'x';
      }),
      '/ui_schema/kind/ui:hepl false schema',
    ],
    [
      'ui:order that is not a list',
      'task-form',
      edit(FORM, (f) => {
        f.ui_schema['ui:order'] = 'count';
      }),
      '/ui_schema/ui:order type',
    ],
    [
      'ui:enumNames that are not texts',
      'task-form',
      edit(FORM, (f) => {
        f.ui_schema.kind['ui:enumNames'] = [1, 2];
      }),
      '/ui_schema/kind/ui:enumNames/0 type',
    ],
    [
      'a task status a job never stores',
      'cases',
      edit(CASES, (c) => {
        c.cases[0].job.tasks.t.status = 'COMPLETED';
      }),
      '/cases/0/job/tasks/t/status enum',
    ],
    [
      'a misspelt key of a task state',
      'cases',
      edit(CASES, (c) => {
        c.cases[0].job.tasks.t.stauts = 'COMPLETE';
      }),
      '/cases/0/job/tasks/t additionalProperties stauts',
    ],
    [
      'an override role that is no role',
      'cases',
      edit(CASES, (c) => {
        c.cases[0].job.tasks.t.owner_override.role = 'opps';
      }),
      '/cases/0/job/tasks/t/owner_override/role enum',
    ],
    [
      'a misspelt site key',
      'cases',
      edit(CASES, (c) => {
        c.cases[0].job.site.adress = '1 Main St';
      }),
      '/cases/0/job/site additionalProperties adress',
    ],
  ])('flag %s, which the loader leaves to its own checks', (_what, kind, doc, expected) => {
    expect(editorErrors(kind as string, kind === 'task-form' ? FORM : CASES)).toEqual([]);
    expect(editorErrors(kind as string, doc)).toContain(expected);
    // The loader's meta-schema (x-editor parts dropped) passes it on to lint-form*.ts / lint-cases.ts.
    const parsed = parseSource('x.yaml', JSON.stringify(doc));
    expect(validateMeta(createMetaValidators(), kind as FileKind, parsed)).toEqual([]);
  });

  it('list what the engine knows: ui: options, formats, stored statuses, roles, site keys', () => {
    const form = SCHEMAS.find(([n]) => n === 'task-form')![1];
    const cases = SCHEMAS.find(([n]) => n === 'cases')![1];
    expect(['ui:widget', ...Object.keys(form.definitions.ui_node.allOf[0].properties)].sort()).toEqual(
      [...UI_KEYS].sort(),
    );
    expect([...form.definitions.json_schema.properties.format.enum].sort()).toEqual(
      Object.keys(createFormAjv().formats).sort(),
    );
    expect(cases.definitions.task_state.properties.status.enum).toEqual([...STORED_TASK_STATUSES, null]);
    expect(cases.definitions.task_state.properties.owner_override.properties.role.enum).toEqual([
      ...ACTION_OWNER_ROLES,
    ]);
    const siteKeys = JOB_FACTS.filter((k) => !(k in cases.definitions.job.properties));
    expect(Object.keys(cases.definitions.job.properties.site.allOf[0].properties)).toEqual(siteKeys);
  });
});
