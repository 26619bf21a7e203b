import { describe, expect, it } from 'vitest';
import sharedDefinitions from '../../task-schemas/_shared/definitions.yaml?raw';
import homeDetails from '../../task-schemas/home_details/form.yaml?raw';
import { loadDefinitions } from '../load/load-definitions.ts';
import { SHARED_FILES } from '../testing/fixtures.ts';
import { buildFacts } from '../facts.ts';
import { createCompiler } from '../logic/evaluators.ts';
import { taskFormFromDocument } from '../load/form-document.ts';
import { closurePick } from './pick.ts';
import { hiddenFields } from './field-conditions.ts';
import { pruneTaskData, validateTask } from './validate-task.ts';

const DEFS = { path: 'task-schemas/_shared/definitions.yaml', text: sharedDefinitions };
const defs = loadDefinitions([
  ...SHARED_FILES,
  DEFS,
  { path: 'task-schemas/home_details/form.yaml', text: homeDetails },
]);
const form = defs.forms.home_details;
const factsIn = (state: string) => buildFacts(null, { site: { state } }, { today: '2026-06-01' });

const answers = {
  language: 'english',
  native_nation: false,
  the_site_building_type: 'SINGLE_FAMILY_DETACHED',
  renter_or_owner: 'owner',
  number_of_occupants: 3,
  number_of_stories: 1,
  demand_response_program: false,
  prior_ira_rebate: false,
  is_disaster_damaged_home: false,
  data_donation_consent: true,
};
const california = { income_qualified_rate_program: 'CARE', cpuc_funded_program: false };

describe('shown_if: questions that follow the job', () => {
  it('loads home_details without diagnostics', () => {
    expect(defs.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('asks a California home about CARE / FERA and CPUC programs, and requires the answers', () => {
    expect(hiddenFields(form.runtime.field_conditions, factsIn('CA'))).toEqual([]);
    const r = validateTask(form, answers, factsIn('CA'));
    expect(r.errors).toEqual([
      { path: 'income_qualified_rate_program', message: 'This field is required' },
      { path: 'cpuc_funded_program', message: 'This field is required' },
    ]);
    expect(validateTask(form, { ...answers, ...california }, factsIn('CA'))).toMatchObject({
      ok: true,
      data: { ...answers, ...california },
    });
  });

  it('neither shows, requires nor saves them for a Wisconsin or Georgia home', () => {
    for (const state of ['WI', 'GA']) {
      expect(hiddenFields(form.runtime.field_conditions, factsIn(state))).toEqual([
        'income_qualified_rate_program',
        'cpuc_funded_program',
      ]);
      expect(validateTask(form, answers, factsIn(state))).toEqual({
        ok: true,
        errors: [],
        warnings: [],
        data: answers,
      });
      // A value sent anyway is dropped, on submission and on a draft.
      expect(validateTask(form, { ...answers, ...california }, factsIn(state)).data).toEqual(answers);
      expect(pruneTaskData(form, { ...answers, ...california }, factsIn(state))).toEqual(answers);
    }
  });

  it('shows every question without a job (a preview)', () => {
    expect(hiddenFields(form.runtime.field_conditions, undefined)).toEqual([]);
    expect(validateTask(form, answers).ok).toBe(false);
  });

  it('decides the same in the browser (a form built from its document, rules interpreted)', () => {
    const doc = {
      key: form.key,
      title: form.title,
      schema: form.schema,
      ui_schema: form.ui_schema,
      messages: form.messages,
      shown_if: form.shown_if,
    };
    const browser = taskFormFromDocument(
      doc,
      { compile: () => form.runtime.base_validator() },
      createCompiler('interpreted'),
      closurePick,
    );
    for (const state of ['CA', 'WI', 'GA'])
      expect(hiddenFields(browser.runtime.field_conditions, factsIn(state))).toEqual(
        hiddenFields(form.runtime.field_conditions, factsIn(state)),
      );
  });
});

describe('shown_if: the linter', () => {
  const lint = (shownIf: string) =>
    loadDefinitions([
      ...SHARED_FILES,
      DEFS,
      {
        path: 'task-schemas/home_details/form.yaml',
        text: homeDetails.replace(/shown_if:\n( {2}.*\n)+/, `shown_if:\n${shownIf}\n`),
      },
    ])
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => ({ code: d.code, path: d.path.join('.'), message: d.message }));

  it('accepts conditions over job.* and derived.today', () => {
    expect(
      lint(
        '  cpuc_funded_program: { in: [{ var: job.state }, [CA, NV]] }\n  demand_response_program: { "<": [{ var: derived.today }, "2027-01-01"] }',
      ),
    ).toEqual([]);
  });

  it.each([
    [
      'an unknown job field',
      '  cpuc_funded_program: { "==": [{ var: job.stat }, CA] }',
      'unknown-fact',
      "jobs have no field 'stat' (did you mean 'state'?)",
    ],
    [
      'a fact the browser does not have',
      '  cpuc_funded_program: { "==": [{ var: constants.cpuc_states }, CA] }',
      'unknown-fact',
      'reads only job.* and derived.today',
    ],
    [
      'a form answer',
      '  cpuc_funded_program: { "==": [{ var: form.language }, english] }',
      'unknown-fact',
      "reads 'form.language'",
    ],
    [
      'a field the form does not have',
      '  cpuc_funded_programme: { "==": [{ var: job.state }, CA] }',
      'unknown-field',
      "shown_if names unknown field 'cpuc_funded_programme' (did you mean 'cpuc_funded_program'?)",
    ],
    [
      'an unknown operation',
      '  cpuc_funded_program: { "equals": [{ var: job.state }, CA] }',
      'unknown-operation',
      "unknown operation 'equals'",
    ],
  ])('refuses %s', (_name, shownIf, code, text) => {
    const found = lint(shownIf);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((d) => d.path.startsWith('shown_if'))).toBe(true);
    expect(found.some((d) => d.code === code && d.message.includes(text))).toBe(true);
  });
});
