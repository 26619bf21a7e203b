/**
 * Forms a program manager gets wrong: each row mutates a small copy of the definitions (the shared
 * form definitions and the forms the rows touch) and expects a diagnostic with its code at the file,
 * line and column of the mistake itself, and no error anywhere else.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { textPosition, type MutationRow } from './support/definition-copy.ts';
import { loadDefinitions, type SourceFile } from '../engine/index.ts';
import { ruleFieldProblem } from '../engine/load/rule-field.ts';
import { ROOT } from './load-repo.ts';

const DEFS = 'task-schemas/_shared/definitions.yaml';
const form = (key: string) => `task-schemas/${key}/form.yaml`;
const CAS = form('cas_testing_post');
const INVOICE = form('create_initial_invoice');
const ENERGY = form('provide_energy_uses');
const SERVICES = form('provide_services');
const BILL = form('bill_impact_estimate_review');
const OLD_EQUIPMENT = form('determine_old_equipment_efficiency');
const INCOME = form('apply_for_income_verification_contractor');
const SIGN = form('sign_document');
const SCOPE = form('scope_of_work_project');
const PROPOSED = form('scope_of_work_proposed');
const FORMS = [CAS, INVOICE, ENERGY, SERVICES, BILL, OLD_EQUIPMENT, INCOME, SIGN, SCOPE, PROPOSED];

const read = (path: string): SourceFile => ({ path, text: readFileSync(join(ROOT, path), 'utf8') });
// The shared constants: form rules read them.
const CONSTANTS = 'program-defs/_shared/constants.yaml';
const BASE = new Map([CONSTANTS, DEFS, ...FORMS].map((p) => [p, read(p)]));
// Eager (the CLI's way): every form schema is compiled, so what only the compiler finds is found too.
const load = (files: SourceFile[]) => loadDefinitions(files, { unused_forms: false });

interface Row extends MutationRow {
  /** Other forms loaded beside the definitions (the mutated file is always loaded). */
  with?: string[];
}

const rows: Row[] = [
  // required naming a field that is not there
  {
    name: 'then.required names a misspelt field',
    file: CAS,
    from: 'required: [post_venting_photo]',
    to: 'required: [post_venting_foto]',
    mark: 'post_venting_foto',
    code: 'unknown-required-field',
  },
  {
    name: 'top-level required names a misspelt field',
    file: BILL,
    from: 'required: [primary_heating_fuel, existing_system,',
    to: 'required: [primary_heating_fuels, existing_system,',
    mark: 'primary_heating_fuels',
    code: 'unknown-required-field',
  },
  {
    name: 'required of a nested object names a field it lacks',
    file: BILL,
    from: 'required: [electric]',
    to: 'required: [electricity]',
    mark: 'electricity',
    code: 'unknown-required-field',
  },
  {
    name: "an if's required names an unknown field",
    file: BILL,
    from: 'required: [existing_system] }',
    to: 'required: [existing_sytem] }',
    mark: 'existing_sytem',
    code: 'unknown-required-field',
  },
  {
    name: 'a shared definition requires a field it lacks',
    file: DEFS,
    from: 'required: [id]',
    to: 'required: [ids]',
    mark: 'ids',
    code: 'unknown-required-field',
  },
  // if compares a field with a value it cannot take
  {
    name: 'an if enum value that is not an option',
    file: CAS,
    from: 'enum: [passed, failed] }',
    to: 'enum: [passed, faild] }',
    mark: 'faild',
    code: 'if-value-not-option',
  },
  {
    name: 'an if const of the wrong type for a yes/no field',
    file: CAS,
    from: '{ const: true } }, required: [combustion',
    to: '{ const: "yes" } }, required: [combustion',
    mark: '"yes"',
    code: 'if-value-not-option',
  },
  {
    name: 'an if const that is not an option',
    file: BILL,
    from: '{ existing_system: { const: other } }',
    to: '{ existing_system: { const: others } }',
    mark: 'others',
    code: 'if-value-not-option',
  },
  {
    name: 'an if testing a field the form does not have',
    file: BILL,
    from: '{ properties: { existing_system: { const: other } }, required: [existing_system] }',
    to: '{ properties: { existing_sytem: { const: other } }, required: [existing_system] }',
    mark: 'existing_sytem',
    code: 'unknown-field',
  },
  // ui:order
  {
    name: 'ui:order misses a field',
    file: CAS,
    from: '    - post_venting_photo\n    - cas_testing_report',
    to: '    - cas_testing_report',
    mark: '"ui:order"',
    code: 'ui-order-missing',
  },
  {
    name: "an object's ui:order misses one of its fields",
    file: INVOICE,
    from: 'gas_furnace, insulation]',
    to: 'gas_furnace]',
    mark: '"ui:order": [heat_pump',
    code: 'ui-order-missing',
  },
  {
    name: 'ui:order lists a field twice',
    file: CAS,
    from: '    - post_venting_photo\n    - cas_testing_report',
    to: '    - post_venting_photo\n    - post_venting_photo\n    - cas_testing_report',
    mark: 'post_venting_photo',
    nth: 4,
    code: 'ui-order-duplicate',
  },
  {
    name: "an object's ui:order names a field it lacks",
    file: INVOICE,
    from: 'gas_furnace, insulation]',
    to: 'gas_furnace, insulaton]',
    mark: 'insulaton',
    code: 'unknown-field',
  },
  // ui:enumNames
  {
    name: 'ui:enumNames with a label too few',
    file: CAS,
    from: '[Passed, Failed, Not applicable]',
    to: '[Passed, Failed]',
    mark: '[Passed, Failed]',
    nth: 5,
    code: 'enum-names-count',
  },
  {
    name: "checkboxes' ui:enumNames with a label too few",
    file: ENERGY,
    from: '"ui:enumNames": [Electric, Natural gas, Propane, Oil, Wood, None], "ui:help": Tick None if the home has no air',
    to: '"ui:enumNames": [Electric, Natural gas, Propane, Oil, Wood], "ui:help": Tick None if the home has no air',
    mark: '[Electric, Natural gas, Propane, Oil, Wood]',
    code: 'enum-names-count',
  },
  {
    name: 'ui:enumNames of a shared enum with a label too many',
    file: BILL,
    from: '[Electric, Natural gas, Propane, Oil, Wood, None]',
    to: '[Electric, Natural gas, Propane, Oil, Wood, None, Solar]',
    mark: '[Electric, Natural gas, Propane, Oil, Wood, None, Solar]',
    code: 'enum-names-count',
  },
  // widgets and UI options
  {
    name: 'a misspelt widget',
    file: CAS,
    from: '"ui:widget": yes_no',
    to: '"ui:widget": yesno',
    mark: 'yesno',
    code: 'schema-enum',
  },
  {
    name: 'a misspelt widget in ui:options',
    file: SERVICES,
    from: '"ui:options": { unit: dollars }',
    to: '"ui:options": { unit: dollars, widget: currncy }',
    mark: 'currncy',
    code: 'unknown-widget',
  },
  {
    name: 'a misspelt ui: key',
    file: CAS,
    from: '"ui:widget": yes_no',
    to: '"ui:widgte": yes_no',
    mark: '"ui:widgte"',
    code: 'unknown-ui-key',
  },
  // messages
  {
    name: 'a misspelt keyword in a messages key',
    file: CAS,
    from: 'post_venting_photo: Please upload photos',
    to: 'post_venting_photo.requried: Please upload photos',
    mark: 'post_venting_photo.requried',
    code: 'unknown-message-key',
  },
  {
    name: 'a misspelt sub-field in a messages key',
    file: BILL,
    from: 'customer_rates.electric.required:',
    to: 'customer_rates.electrc.required:',
    mark: 'customer_rates.electrc.required',
    code: 'unknown-message-key',
  },
  {
    name: 'a {param} with no params value',
    file: OLD_EQUIPMENT,
    from: 'params: { equipment: heat pump or air conditioner }',
    to: 'params: { equipmnt: heat pump or air conditioner }',
    mark: 'Please provide both manufacturer',
    code: 'unknown-message-param',
  },
  {
    name: 'a {param} in a messages entry (which takes none)',
    file: CAS,
    from: 'post_venting_photo: Please upload photos',
    to: 'post_venting_photo: Please upload {what}',
    mark: 'Please upload {what}',
    code: 'unknown-message-param',
  },
  // JSON Schema inside a form, reported at the keyword
  {
    name: 'a misspelt keyword in a form schema',
    file: CAS,
    from: 'maximum: 1000',
    to: 'maximun: 1000',
    mark: 'maximun',
    code: 'form-schema-keyword',
  },
  {
    name: 'type: int in a form schema',
    file: CAS,
    from: 'type: number, minimum: 0, maximum: 1000',
    to: 'type: int, minimum: 0, maximum: 1000',
    mark: 'int, minimum',
    code: 'form-schema-invalid',
  },
  {
    name: 'a number written as text for a keyword',
    file: CAS,
    from: 'minimum: 0, maximum: 1000',
    to: 'minimum: "0", maximum: 1000',
    mark: '"0"',
    code: 'form-schema-invalid',
  },
  {
    name: 'a pattern that is no regular expression',
    file: INCOME,
    from: 'pattern: "^[A-Za-z0-9-]+$"',
    to: 'pattern: "^[A-Za-z0-9-+$"',
    mark: '"^[A-Za-z0-9-+$"',
    code: 'form-schema-invalid',
  },
  {
    name: 'an unknown format',
    file: INCOME,
    from: 'pattern: "^[A-Za-z0-9-]+$"',
    to: 'format: emial',
    mark: 'emial',
    code: 'form-schema-invalid',
  },
  {
    name: 'a keyword only the compiler refuses, at the keyword it names',
    file: CAS,
    from: 'type: number, minimum: 0, maximum: 1000',
    to: 'type: number, minimum: 0, maximum: 1000, additionalItems: false',
    mark: 'additionalItems',
    code: 'schema-compile',
  },
  // conditions that hold while unanswered, text split by an unquoted comma, signatures without documents
  {
    name: 'an if testing a field it does not require',
    file: CAS,
    from: 'if: { properties: { combustion_appliances_left_in_home_after_install: { const: true } }, required: [combustion_appliances_left_in_home_after_install] }',
    to: 'if: { properties: { combustion_appliances_left_in_home_after_install: { const: true } } }',
    mark: '{ properties: { combustion_appliances_left_in_home_after_install: { const: true } } }',
    code: 'if-without-required',
  },
  {
    name: 'a ui:help text split by an unquoted comma in a flow map',
    file: CAS,
    from: 'cas_testing_report: { "ui:widget": pdf_upload, "ui:help": Upload the CAS testing report as a PDF. }',
    to: 'cas_testing_report: { "ui:widget": pdf_upload, "ui:help": Upload the CAS testing report, as a PDF. }',
    mark: 'as a PDF. }',
    code: 'split-text',
  },
  {
    name: 'signature fields on a form that produces no documents',
    file: SIGN,
    from: 'produces_documents: true\n',
    to: '',
    mark: 'signatures:',
    code: 'signatures-without-documents',
  },
  // reuse_uploads: another form's upload field of the same kind
  {
    name: 'reuse_uploads names a form that does not exist',
    file: SCOPE,
    from: '{ form: scope_of_work_proposed, field',
    to: '{ form: scope_of_work_propsed, field',
    mark: 'scope_of_work_propsed',
    code: 'reuse-uploads',
    with: [PROPOSED],
  },
  {
    name: 'reuse_uploads names a field of the other form that takes no uploads',
    file: SCOPE,
    from: 'field: upload_scope_of_work }]',
    to: 'field: notes }]',
    mark: 'notes }]',
    code: 'reuse-uploads',
    with: [PROPOSED],
  },
  {
    name: 'reuse_uploads names a field of its own form that takes no uploads',
    file: SCOPE,
    from: 'reuse_uploads:\n  upload_scope_of_work:',
    to: 'reuse_uploads:\n  notes:',
    mark: 'notes:',
    nth: 2,
    code: 'reuse-uploads',
    with: [PROPOSED],
  },
  // task-schemas/_shared/definitions.yaml: reported there, once, not by every form using it
  {
    name: 'a wrong type in a shared definition',
    file: DEFS,
    from: 'type: integer\n    minimum: 0',
    to: 'type: integr\n    minimum: 0',
    mark: 'integr',
    code: 'form-schema-invalid',
    with: FORMS,
  },
  {
    name: 'a misspelt keyword in a shared definition',
    file: DEFS,
    from: 'maxLength: 255',
    to: 'maxLenght: 255',
    mark: 'maxLenght',
    code: 'form-schema-keyword',
    with: FORMS,
  },
  {
    name: 'a keyword value of the wrong type in a shared definition',
    file: DEFS,
    from: 'minItems: 1\n    items: { $ref: "#/definitions/photo" }',
    to: 'minItems: one\n    items: { $ref: "#/definitions/photo" }',
    mark: 'one\n    items',
    code: 'form-schema-invalid',
    with: FORMS,
  },
  {
    name: 'a $ref to a misspelt definition in a shared definition',
    file: DEFS,
    from: 'items: { $ref: "#/definitions/photo" }',
    to: 'items: { $ref: "#/definitions/phot" }',
    mark: '"#/definitions/phot"',
    code: 'bad-ref',
    with: FORMS,
  },
  {
    name: 'a shared definition that only refers to itself',
    file: DEFS,
    from: 'yes_no:\n    description: A yes/no answer (true = yes).\n    type: boolean',
    to: 'yes_no:\n    description: A yes/no answer (true = yes).\n    $ref: "#/definitions/yes_no"',
    mark: '"#/definitions/yes_no"',
    code: 'bad-ref',
    with: FORMS,
  },
  {
    name: 'a shared definition only the compiler refuses, at the keyword it names',
    file: DEFS,
    from: 'yes_no:\n    description: A yes/no answer (true = yes).\n    type: boolean',
    to: 'yes_no:\n    description: A yes/no answer (true = yes).\n    type: boolean\n    additionalItems: false',
    mark: 'additionalItems',
    code: 'schema-compile',
    with: FORMS,
  },
];

describe('form checks: each mistake at its place', () => {
  it('the unmutated copy is clean', () => {
    expect(load([...BASE.values()]).diagnostics).toEqual([]);
  });

  it.each(rows)('$name -> $code', (row) => {
    const base = BASE.get(row.file)!;
    expect(base.text, `'${row.from}' in ${row.file}`).toContain(row.from);
    const text = base.text.replace(row.from, row.to);
    const files = [...new Set([CONSTANTS, DEFS, row.file, ...(row.with ?? [])])].map((p) =>
      p === row.file ? { path: p, text } : BASE.get(p)!,
    );
    const { diagnostics } = load(files);
    const at = textPosition(text, row.mark, row.nth);
    const hit = diagnostics.find(
      (d) => d.code === row.code && d.file === row.file && d.range.line === at.line && d.range.col === at.col,
    );
    expect(
      hit,
      JSON.stringify(
        diagnostics.map((d) => `${d.file}:${d.range.line}:${d.range.col} ${d.code} ${d.message}`),
        null,
        1,
      ),
    ).toBeDefined();
    expect(hit!.severity).toBe('error');
    // Said once, where it is: no error in any other file (a shared definition's mistake is not the forms').
    expect(diagnostics.filter((d) => d.severity === 'error' && d.file !== row.file)).toEqual([]);
  });

  it('a form with a broken shared definition still builds (nothing repeated there)', () => {
    const defs = BASE.get(DEFS)!;
    const broken = {
      path: DEFS,
      text: defs.text.replace('type: integer\n    minimum: 0', 'type: integr\n    minimum: 0'),
    };
    const loaded = load([BASE.get(CONSTANTS)!, broken, BASE.get(INVOICE)!]);
    expect(loaded.diagnostics.map((d) => d.file)).toEqual([DEFS]);
    expect(Object.keys(loaded.forms)).toEqual(['create_initial_invoice']);
  });

  it.each([
    [
      'a list of choices (checkboxes)',
      SERVICES,
      '"ui:widget": checkboxes, "ui:enumNames": [Insulation, Boiler, Electric furnace, Gas furnace, Heat pump, Baseboard heating, Air conditioner, Gas water heater, Electric water heater, Heat pump water heater, Electrical panel, Electrical wiring, Other] }',
      '"ui:widget": checkboxes }',
      'services_being_installed: {',
    ],
    [
      'a choice in a conditional branch (radio)',
      CAS,
      '{ "ui:widget": radio, "ui:enumNames": [Passed, Failed] }',
      '{ "ui:widget": radio }',
      'post_ambient_co_test_pass: {',
    ],
  ])(
    'an enum without labels warns at the field, so raw keys never reach the screen: %s',
    (_name, file, from, to, mark) => {
      const base = BASE.get(file)!;
      expect(base.text).toContain(from);
      const text = base.text.replace(from, to);
      const { diagnostics } = load([...BASE.values()].map((f) => (f.path === file ? { path: file, text } : f)));
      const at = textPosition(text, mark);
      expect(diagnostics.map((d) => [d.code, d.severity, d.file, d.range.line, d.range.col])).toEqual([
        ['enum-without-labels', 'warning', file, at.line, at.col],
      ]);
    },
  );

  it("ui:order with '*' may leave fields out", () => {
    const text = BASE.get(CAS)!.text.replace('    - post_venting_photo\n    - cas_testing_report', "    - '*'");
    expect(load([BASE.get(CONSTANTS)!, BASE.get(DEFS)!, { path: CAS, text }]).diagnostics).toEqual([]);
  });
});

describe("a program rule's field: is a field of its task's form", () => {
  const forms = new Map(Object.entries(load([BASE.get(DEFS)!, BASE.get(BILL)!]).forms));
  const tasks = [
    { id: 'review_bill', form: 'bill_impact_estimate_review' },
    { id: 'later', form: 'not_written_yet' },
  ];
  const cases: [string, unknown, string, string | undefined][] = [
    ['a field of the form', 'customer_rates', 'review_bill', undefined],
    ['a sub-field of a field of the form', 'customer_rates.propane', 'review_bill', undefined],
    [
      'a misspelt field',
      'customer_rate',
      'review_bill',
      "rule 'r' shows its message under 'customer_rate', but form 'bill_impact_estimate_review' (task 'review_bill') has no field 'customer_rate' (did you mean 'customer_rates'?)",
    ],
    ['a form not written yet (reported as such elsewhere)', 'anything', 'later', undefined],
    ['an unknown task (reported as such elsewhere)', 'anything', 'nope', undefined],
    ['no field', undefined, 'review_bill', undefined],
  ];
  it.each(cases)('%s', (_name, field, task, expected) => {
    expect(ruleFieldProblem(field, task, tasks, forms, 'r')).toBe(expected);
  });
});
