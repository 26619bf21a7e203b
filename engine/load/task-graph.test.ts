import { describe, expect, it } from 'vitest';
import { evaluateJob } from '../evaluate-job.ts';
import { DEMO_FORMS, DEMO_PROGRAM, demoProgram, SHARED_FILES } from '../testing/fixtures.ts';
import type { JobInput, SourceFile } from '../types.ts';
import { loadDefinitions } from './load-definitions.ts';
import { checkTaskGraph, unusedForms, type GraphForm } from './task-graph.ts';

type T = {
  id: string;
  stage: number;
  owner: 'contractor' | 'homeowner' | 'ops' | 'finance';
  form: string;
  after: string[];
};
const task = (
  id: string,
  stage: number,
  after: string[] = [],
  owner: T['owner'] = 'contractor',
  form = 'plain',
): T => ({ id, stage, owner, form, after });
const form = (
  schema: Record<string, unknown>,
  ui_schema: Record<string, unknown> = {},
  more: Partial<GraphForm> = {},
): GraphForm => ({ schema: { type: 'object', ...schema }, ui_schema, ...more });
const PLAIN = form({ properties: { a: {} }, required: ['a'] });
/** A form with an internal-only field `note` that it requires as given. */
const internalNote = (schema: Record<string, unknown>, more: Partial<GraphForm> = {}) =>
  form(schema, { note: { 'ui:internal': true }, flag: { 'ui:internal': true } }, more);
const check = (tasks: T[], forms: Record<string, GraphForm> = {}) =>
  checkTaskGraph(tasks, new Map(Object.entries({ plain: PLAIN, ...forms })));

describe('a task waiting for a task of a later stage', () => {
  it.each([
    ['a later stage', [task('a', 2, ['b']), task('b', 4)], [['waits-for-later-stage', ['tasks', 0, 'after', 0]]]],
    [
      'one later stage among earlier and same-stage waits',
      [task('x', 2), task('b', 3), task('a', 3, ['x', 'b', 'c']), task('c', 5)],
      [['waits-for-later-stage', ['tasks', 2, 'after', 2]]],
    ],
    ['the same stage (the usual order within a stage)', [task('a', 3, ['b']), task('b', 3)], []],
    ['an earlier stage', [task('a', 4, ['b']), task('b', 2)], []],
    ['an unknown task (reported as unknown-task, not here)', [task('a', 2, ['nope'])], []],
  ] as [string, T[], [string, (string | number)[]][]][])('%s', (_, tasks, expected) => {
    expect(check(tasks).map((f) => [f.code, f.path])).toEqual(expected);
  });

  it('names both tasks and stages', () => {
    expect(
      check([task('provide_services', 2, ['confirm_install_dates']), task('confirm_install_dates', 4)])[0].message,
    ).toBe(
      "task 'provide_services' (stage 2) waits for 'confirm_install_dates' of stage 4: stage 4 opens only when every task of stage 2 is complete, so no job where both apply can finish",
    );
  });
});

describe('a required field only ops can fill', () => {
  it.each([
    ['required on a contractor task', 'contractor', internalNote({ properties: { note: {} }, required: ['note'] }), 1],
    ['required on a homeowner task', 'homeowner', internalNote({ properties: { note: {} }, required: ['note'] }), 1],
    [
      'required in a plain allOf entry',
      'contractor',
      internalNote({ properties: { note: {} }, allOf: [{ required: ['note'] }] }),
      1,
    ],
    [
      'required in a then-branch chosen by a field the owner answers',
      'contractor',
      internalNote({
        properties: { a: {}, note: {} },
        if: { properties: { a: { const: true } }, required: ['a'] },
        then: { required: ['note'] },
      }),
      1,
    ],
    [
      'required in an else-branch of allOf',
      'contractor',
      internalNote({
        properties: { a: {}, note: {} },
        allOf: [
          { if: { properties: { a: { const: true } }, required: ['a'] }, then: {}, else: { required: ['note'] } },
        ],
      }),
      1,
    ],
    [
      'on an ops task (ops see internal fields)',
      'ops',
      internalNote({ properties: { note: {} }, required: ['note'] }),
      0,
    ],
    [
      'on a finance task (only ops can work it, and ops see internal fields)',
      'finance',
      internalNote({ properties: { note: {} }, required: ['note'] }),
      0,
    ],
    ['internal but optional', 'contractor', internalNote({ properties: { note: {} } }), 0],
    [
      'required in a branch only internal fields choose (ops choose it, and fill it)',
      'contractor',
      internalNote({
        properties: { flag: {}, note: {} },
        if: { properties: { flag: { const: true } }, required: ['flag'] },
        then: { required: ['note'] },
      }),
      0,
    ],
    [
      'a signature status the server fills',
      'contractor',
      internalNote({ properties: { note: {} }, required: ['note'] }, { signatures: { note: 'all' } }),
      0,
    ],
    [
      'a usage field the server fills',
      'contractor',
      internalNote({ properties: { note: {} }, required: ['note'] }, { usage_fields: { note: 'connected' } }),
      0,
    ],
    [
      'a terms version the server fills',
      'contractor',
      internalNote({ properties: { note: {} }, required: ['note'] }, { terms_fields: { note: 'install' } }),
      0,
    ],
  ] as [string, T['owner'], GraphForm, number][])('%s: %d finding(s)', (_, owner, f, count) => {
    const found = check([task('t', 2, [], owner, 'f')], { f });
    expect(found).toHaveLength(count);
    for (const x of found) expect(x).toMatchObject({ code: 'internal-required-field', path: ['tasks', 0, 'form'] });
  });

  it('names the task, its owner, the form and the field (and the condition of a branch)', () => {
    const f = internalNote({
      properties: { a: {}, note: {} },
      required: ['note'],
      allOf: [{ if: { properties: { a: { const: true } }, required: ['a'] }, then: { required: ['note'] } }],
    });
    expect(check([task('final_docs', 4, [], 'contractor', 'f')], { f }).map((x) => x.message)).toEqual([
      "task 'final_docs' is owned by contractor, but its form 'f' requires 'note', an internal-only field (ui:internal) only ops can fill: the contractor can never submit it",
      "task 'final_docs' is owned by contractor, but its form 'f' requires 'note' when the condition on a holds (schema allOf[0].then), an internal-only field (ui:internal) only ops can fill: the contractor can never submit it",
    ]);
  });

  it('is reported for each task using the form, and not for a task whose form is missing', () => {
    const f = internalNote({ properties: { note: {} }, required: ['note'] });
    expect(
      check(
        [
          task('a', 2, [], 'contractor', 'f'),
          task('b', 3, [], 'homeowner', 'f'),
          task('c', 3, [], 'contractor', 'missing'),
        ],
        { f },
      ).map((x) => x.path),
    ).toEqual([
      ['tasks', 0, 'form'],
      ['tasks', 1, 'form'],
    ]);
  });
});

describe('forms no program uses', () => {
  it('are the forms no task of any program names, sorted; documents that are not programs are ignored', () => {
    const docs = [
      {
        tasks: [
          { id: 'a', form: 'used_a' },
          { id: 'b', form: 'used_b' },
        ],
      },
      { tasks: [{ id: 'c', form: 'used_a' }] },
      null,
      { tasks: 'broken' },
      { tasks: [null, { id: 'd' }] },
    ];
    expect(unusedForms({ z_unused: {}, used_b: {}, used_a: {}, a_unused: {} }, docs)).toEqual(['a_unused', 'z_unused']);
  });

  it('leave out a form that is a screen of the portal (portal_screen)', () => {
    expect(unusedForms({ invite: { portal_screen: 'homeowner invitation' }, orphan: {} }, [{ tasks: [] }])).toEqual([
      'orphan',
    ]);
  });
});

describe('in the loader, at the line', () => {
  const PROGRAM = DEMO_PROGRAM.replace('STAGE_MODEL', 'six_stage');
  const load = (program: string, forms: SourceFile[] = DEMO_FORMS, options = {}) =>
    loadDefinitions([...SHARED_FILES, ...forms, { path: 'program-defs/demo/program.yaml', text: program }], options);
  const at = (text: string, line: string, needle: string) => {
    const i = text.split('\n').findIndex((l) => l.includes(line));
    return { line: i + 1, col: text.split('\n')[i].indexOf(needle) + 1 };
  };

  it('a wait for a later stage is an error at the `after` item, and the program is not built', () => {
    const text = PROGRAM.replace(
      '{ id: services, form: services_form, stage: 2, owner: contractor }',
      '{ id: services, form: services_form, stage: 2, owner: contractor, after: [costs] }',
    );
    const defs = load(text);
    const d = defs.diagnostics.find((x) => x.code === 'waits-for-later-stage')!;
    expect(d).toMatchObject({
      severity: 'error',
      file: 'program-defs/demo/program.yaml',
      path: ['tasks', 1, 'after', 0],
    });
    expect(d.message).toBe(
      "task 'services' (stage 2) waits for 'costs' of stage 4: stage 4 opens only when every task of stage 2 is complete, so no job where both apply can finish",
    );
    expect(d.range).toMatchObject(at(text, 'id: services,', 'costs]'));
    expect(defs.programs.demo).toBeUndefined();
  });

  it('what it reports really deadlocks: both tasks stay LOCKED and nothing else is open', () => {
    const p = demoProgram();
    const stuck = { ...p, tasks: p.tasks.map((t) => (t.id === 'services' ? { ...t, after: ['costs'] } : t)) };
    const ev = evaluateJob(
      stuck,
      { site: { state: 'CA', county: 'Alameda' }, tasks: { income: { status: 'COMPLETE', data: {} } } } as JobInput,
      { today: '2026-06-01' },
    );
    const byId = Object.fromEntries(ev.tasks.map((t) => [t.id, t]));
    expect(byId.services).toMatchObject({ status: 'LOCKED', blocked_by: ['costs'] });
    expect(byId.costs.status).toBe('LOCKED');
    expect(ev.tasks.filter((t) => t.status === 'READY' || t.status === 'IN_PROGRESS')).toEqual([]);
  });

  it('a wait for a task that may not apply is no error: a skipped task counts as done', () => {
    const text = PROGRAM.replace(
      '{ id: costs, form: costs_form, stage: 4, owner: contractor, after: [dates] }',
      '{ id: costs, form: costs_form, stage: 4, owner: contractor, after: [dates, panel_photos] }',
    );
    const defs = load(text);
    expect(defs.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const done = { status: 'COMPLETE' as const, data: {} };
    const tasks = {
      income: done,
      services: { ...done, data: { services_being_installed: ['heat_pump'] } },
      review: done,
      dates: done,
    };
    const ev = evaluateJob(defs.programs.demo, { site: { state: 'CA', county: 'Alameda' }, tasks } as JobInput, {
      today: '2026-06-01',
    });
    expect(ev.skipped_tasks).toEqual(['panel_photos']);
    expect(ev.tasks.find((t) => t.id === 'costs')?.status).toBe('READY');
  });

  it("a required internal-only field on a contractor task is an error at the task's form", () => {
    const forms = DEMO_FORMS.map((f) =>
      f.path.includes('/services_form/')
        ? {
            ...f,
            text: `${f.text}    reviewer_note: {}\n  required: [reviewer_note]\nui_schema:\n  reviewer_note: { "ui:internal": true }\n`,
          }
        : f,
    );
    const d = load(PROGRAM, forms).diagnostics.find((x) => x.code === 'internal-required-field')!;
    expect(d).toMatchObject({ severity: 'error', file: 'program-defs/demo/program.yaml', path: ['tasks', 1, 'form'] });
    expect(d.message).toBe(
      "task 'services' is owned by contractor, but its form 'services_form' requires 'reviewer_note', an internal-only field (ui:internal) only ops can fill: the contractor can never submit it",
    );
    expect(d.range).toMatchObject(at(PROGRAM, 'id: services,', 'services_form'));
  });

  it('a form no program uses is a warning at its `key:` line, unless told the files are a part of the definitions', () => {
    const orphan = {
      path: 'task-schemas/orphan/form.yaml',
      text: '# a form nobody asks for\nkey: orphan\ntitle: Orphan\nschema: { type: object, properties: { a: {} } }\n',
    };
    const defs = load(PROGRAM, [...DEMO_FORMS, orphan]);
    const w = defs.diagnostics.filter((x) => x.code === 'unused-form');
    expect(w.map((x) => [x.severity, x.file, x.range.line, x.range.col, x.message])).toEqual([
      [
        'warning',
        'task-schemas/orphan/form.yaml',
        2,
        1,
        "form 'orphan' is used by no program: no task names it, so no one is ever asked to fill it in",
      ],
    ]);
    expect(defs.forms.orphan).toBeDefined();
    expect(
      load(PROGRAM, [...DEMO_FORMS, orphan], { unused_forms: false }).diagnostics.filter(
        (x) => x.code === 'unused-form',
      ),
    ).toEqual([]);
    // With no program at all there is nothing to use a form: no warning either.
    expect(
      loadDefinitions([...SHARED_FILES, ...DEMO_FORMS, orphan]).diagnostics.filter((x) => x.code === 'unused-form'),
    ).toEqual([]);
  });
});
