import { describe, expect, it } from 'vitest';
import sharedDefinitions from '../../task-schemas/_shared/definitions.yaml?raw';
import casTestingPost from '../../task-schemas/cas_testing_post/form.yaml?raw';
import { loadDefinitions } from '../load/load-definitions.ts';
import { DEMO_FORMS, DEMO_PROGRAM, SHARED_FILES } from '../testing/fixtures.ts';
import type { Facts } from '../facts.ts';
import { validateTask, validateTaskSubmission } from './validate-task.ts';

const FORM = `key: sample
title: Sample
schema:
  type: object
  required: [name, email, phone, count, amount_cents, has_panel]
  properties:
    name: { $ref: "#/definitions/name_text" }
    email: { $ref: "#/definitions/email" }
    phone: { $ref: "#/definitions/phone" }
    count: { $ref: "#/definitions/whole_number" }
    ratio: { type: number }
    amount_cents: { $ref: "#/definitions/money_cents" }
    has_panel: { $ref: "#/definitions/yes_no" }
    units: { type: array, items: { $ref: "#/definitions/equipment_unit" } }
    photos: { $ref: "#/definitions/photos" }
  allOf:
    - if: { properties: { has_panel: { const: true } }, required: [has_panel] }
      then:
        required: [panel_amps]
        properties:
          panel_amps: { $ref: "#/definitions/panel_capacity_option" }
    - if: { properties: { panel_amps: { const: other } }, required: [panel_amps] }
      then:
        required: [panel_amps_other]
        properties:
          panel_amps_other: { type: integer, minimum: 1 }
messages:
  photos: Please upload photos
  units.*.model: Please provide both manufacturer and model for each unit
rules:
  - id: partial_units
    field: units
    applies_if: { "!!": [{ var: form.units }] }
    valid_if: { all: [{ var: form.units }, { "==": [{ "!": { var: manufacturer } }, { "!": { var: model } }] }] }
    message: "Cannot submit partial equipment details. Please complete all {equipment} fields."
    params: { equipment: heat pump }
ui_schema:
  photos: { "ui:widget": photo_upload }
`;

const defs = loadDefinitions([
  ...SHARED_FILES,
  { path: 'task-schemas/_shared/definitions.yaml', text: sharedDefinitions },
  { path: 'task-schemas/sample/form.yaml', text: FORM },
  { path: 'task-schemas/cas_testing_post/form.yaml', text: casTestingPost },
]);
const form = defs.forms.sample;
const good = {
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  phone: '(415) 555-0100',
  count: 2,
  amount_cents: 1500,
  has_panel: false,
};
const site = {
  job: { lat: 37.7749, lon: -122.4194 },
  constants: defs.shared.constants,
  derived: {},
} as unknown as Facts;

describe('validateTask', () => {
  it('loads the form without diagnostics', () => {
    expect(defs.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('accepts complete data and returns it as saved', () => {
    expect(validateTask(form, good)).toEqual({ ok: true, errors: [], warnings: [], data: good });
  });

  it.each([
    ['name', '', 'This field is required'],
    ['name', 'x'.repeat(51), 'Please enter a value less than 50 characters'],
    ['email', 'ana@', 'Please enter a valid email address'],
    ['phone', '555-01', 'Please enter a valid phone number'],
    ['count', 2.5, 'Please enter a whole number'],
    ['ratio', 'lots', 'Please enter a valid number'],
    ['amount_cents', -1, 'Please enter a valid number'],
  ])('%s = %j -> %s', (field, value, message) => {
    const r = validateTask(form, { ...good, [field]: value });
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([{ path: field, message }]);
  });

  it('accepts a 50-character name and common phone formats', () => {
    expect(validateTask(form, { ...good, name: 'x'.repeat(50) }).ok).toBe(true);
    for (const phone of ['4155550100', '415-555-0100', '+1 415 555 0100', '(415)555-0100'])
      expect(validateTask(form, { ...good, phone }).ok, phone).toBe(true);
  });

  it('hides and drops conditional fields, including a field shown by a field that is itself hidden', () => {
    const typed = { ...good, panel_amps: 'other', panel_amps_other: 150 };
    expect(validateTask(form, typed).data).toEqual(good);
    const shown = validateTask(form, { ...typed, has_panel: true });
    expect(shown.ok).toBe(true);
    expect(shown.data).toMatchObject({ panel_amps: 'other', panel_amps_other: 150 });
    expect(validateTask(form, { ...good, has_panel: true, panel_amps: 'other' }).errors).toEqual([
      { path: 'panel_amps_other', message: 'This field is required' },
    ]);
    expect(validateTask(form, { ...good, has_panel: true }).errors).toEqual([
      { path: 'panel_amps', message: 'This field is required' },
    ]);
  });

  it('drops unknown fields and empty answers', () => {
    expect(validateTask(form, { ...good, injected: 'x', ratio: '' }).data).toEqual(good);
  });

  it('uses form messages by path with array indices, and the rule with its {equipment} filled in', () => {
    const r = validateTask(form, {
      ...good,
      units: [
        { manufacturer: 'Mitsubishi', model: 'MXZ' },
        { manufacturer: 'Daikin', model: '' },
      ],
    });
    expect(r.errors).toEqual([
      { path: 'units.1.model', message: 'Please provide both manufacturer and model for each unit' },
      { path: 'units', message: 'Cannot submit partial equipment details. Please complete all heat pump fields.' },
    ]);
  });

  it('shows an error inside an upload reference under the upload field, and refuses embedded file contents', () => {
    const r = validateTask(form, { ...good, photos: [{ id: 'ok-1' }, { id: 'x', data: 'iVBORw0KGgo=' }] });
    expect(r.errors).toEqual([{ path: 'photos', message: 'Please upload photos' }]);
    expect(validateTask(form, { ...good, photos: [] }).errors).toEqual([
      { path: 'photos', message: 'Please upload photos' },
    ]);
  });

  it('warns (without blocking) when a photo was taken more than a mile from the job site', () => {
    const near = validateTask(form, { ...good, photos: [{ id: 'p1', lat: 37.7749, lon: -122.4194 }] }, site);
    expect(near.warnings).toEqual([]);
    const far = validateTask(
      form,
      {
        ...good,
        photos: [
          { id: 'p1', lat: 37.7749, lon: -122.4194 },
          { id: 'p2', lat: 37.8, lon: -122.4194 },
        ],
      },
      site,
    );
    expect(far.ok).toBe(true);
    expect(far.warnings).toEqual([
      { path: 'photos.1', message: 'This photo was taken more than one mile from the job site.' },
    ]);
  });

  it('runs a program rule on submission beside the form', () => {
    const program = loadDefinitions([
      ...SHARED_FILES,
      ...DEMO_FORMS,
      { path: 'program-defs/demo/program.yaml', text: DEMO_PROGRAM.replace('STAGE_MODEL', 'six_stage') },
    ]);
    const p = program.programs.demo;
    const costs = program.forms.costs_form;
    const facts = { job: {}, derived: {}, constants: p.constants, tables: {}, task_status: {} } as unknown as Facts;
    const bad = validateTaskSubmission(p, costs, 'costs', { heat_pump_cost: 0, signed_by_homeowner: true }, facts);
    expect(bad.errors).toEqual([{ path: 'heat_pump_cost', message: 'Please enter a valid number' }]);
    const unsigned = validateTaskSubmission(
      p,
      costs,
      'costs',
      { heat_pump_cost: 10, signed_by_homeowner: false },
      facts,
    );
    expect(unsigned.errors).toEqual([
      { path: 'signed_by_homeowner', message: 'Final invoice must be signed by the homeowner.' },
    ]);
  });
});
