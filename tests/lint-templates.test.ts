/**
 * Placeholders people would read as typed (issue 45, templates and wording): `{{name}}`, `{ name }`, a capitalised
 * `{Name}`, a name the text does not fill, and any placeholder in a text no engine fills (a form's titles, help,
 * option labels; a document's headings; the usage workflow's labels), each reported at the placeholder itself in
 * forms, document templates and the usage wording file. The repository's own texts have none.
 */

import { describe, expect, it } from 'vitest';
import { placeholderProblems } from '../engine/load/lint-templates.ts';
import { MAIL_TEMPLATES } from '../server/mail/templates.ts';
import { loadRepo } from './load-repo.ts';
import { expectRow, F } from './support/lint-rows.ts';

const DOCS = 'program-defs/_shared/documents.yaml';
const USAGE = 'program-defs/_shared/usage-collection.yaml';
const CODES = ['unknown-placeholder', 'placeholder-braces', 'placeholder-case'];

/** A row: replace `from` by `to` in `file`; expect `code` where `at` first appears in it. */
const ROWS = [
  // Forms: a rule's message fills its params; titles, descriptions, help and option labels fill nothing.
  {
    name: 'a form rule message with double braces around a param',
    program: 'reco',
    file: F('determine_old_equipment_efficiency'),
    from: 'Please complete all {equipment} fields.',
    to: 'Please complete all {{equipment}} fields.',
    code: 'placeholder-braces',
    at: '{{equipment}}',
  },
  {
    name: 'a form rule message with spaces inside the braces',
    program: 'reco',
    file: F('determine_old_equipment_efficiency'),
    from: 'manufacturer and model for each {equipment}',
    to: 'manufacturer and model for each { equipment }',
    code: 'placeholder-braces',
    at: '{ equipment }',
  },
  {
    name: 'a placeholder in a field help',
    program: 'reco',
    file: F('review_electric_and_gas_usage'),
    from: '"Use that does not depend on the weather: lights, appliances, water heating."',
    to: '"Use that does not depend on the weather: {examples}."',
    code: 'unknown-placeholder',
    at: '{examples}',
  },
  {
    name: "a capitalised placeholder in a form's title",
    program: 'reco',
    file: F('provide_utility_credentials'),
    from: 'title: Connect your utility account',
    to: 'title: Connect your {Utility} account',
    code: 'placeholder-case',
    at: '{Utility}',
  },
  {
    name: 'a mustache placeholder in an option label',
    program: 'reco',
    file: F('provide_utility_credentials'),
    from: '"ui:enumNames": [Electric, Gas]',
    to: '"ui:enumNames": [Electric, "{{gas}}"]',
    code: 'placeholder-braces',
    at: '{{gas}}',
  },
  {
    name: "a placeholder on the second line of a form's folded description",
    program: 'reco',
    file: F('review_electric_and_gas_usage'),
    from: 'cooling, in kWh and therms',
    to: 'cooling, in {units}',
    code: 'unknown-placeholder',
    at: '{units}',
  },
  // Document templates: a paragraph fills the template's fields; the title and headings nothing.
  {
    name: 'a document paragraph with double braces',
    program: 'ca-heehra',
    file: DOCS,
    from: '"{contractor} installed',
    to: '"{{contractor}} installed',
    code: 'placeholder-braces',
    at: '{{contractor}}',
  },
  {
    name: 'a capitalised field in a document paragraph',
    program: 'ca-heehra',
    file: DOCS,
    from: 'The homeowner, {homeowner}, confirms',
    to: 'The homeowner, {Homeowner}, confirms',
    code: 'placeholder-case',
    at: '{Homeowner}',
  },
  {
    name: 'a field in a document heading, which is not filled',
    program: 'ca-heehra',
    file: DOCS,
    from: 'heading: Certificate of completion',
    to: 'heading: Certificate of completion for {job_code}',
    code: 'unknown-placeholder',
    at: '{job_code}',
  },
  {
    name: 'a document paragraph naming a field the template does not have',
    program: 'ca-heehra',
    file: DOCS,
    from: 'at {address}. The equipment',
    to: 'at {adress}. The equipment',
    code: 'unknown-field',
    at: '"{contractor} installed',
  },
  // The usage wording: steps fill {detail}; failures {detail}, {months}, {required}; the homeowner's failure
  // wording {months} and {required}; the overall status nothing.
  {
    name: "a misspelt name in a step's wording",
    program: 'reco',
    file: USAGE,
    from: 'success: "Invite sent to {detail}"',
    to: 'success: "Invite sent to {detial}"',
    code: 'unknown-placeholder',
    at: '{detial}',
  },
  {
    name: "a capitalised name in a step's wording",
    program: 'reco',
    file: USAGE,
    from: 'success: "Credentials validated ({detail})"',
    to: 'success: "Credentials validated ({Detail})"',
    code: 'placeholder-case',
    at: '{Detail}',
  },
  {
    name: "double braces in a failure's wording",
    program: 'reco',
    file: USAGE,
    from: 'internal: "The invite could not be sent: {detail}"',
    to: 'internal: "The invite could not be sent: {{detail}}"',
    code: 'placeholder-braces',
    at: '{{detail}}',
  },
  {
    name: "the service's detail in the homeowner's wording, which never fills it",
    program: 'reco',
    file: USAGE,
    from: 'homeowner: Your utility took too long to answer. Please try again.',
    to: 'homeowner: "Your utility took too long to answer ({detail}). Please try again."',
    code: 'unknown-placeholder',
    at: '{detail}).',
  },
  {
    name: 'a placeholder in the overall status, which fills nothing',
    program: 'reco',
    file: USAGE,
    from: '    complete: Complete\n',
    to: '    complete: "Complete ({months} months)"\n',
    code: 'unknown-placeholder',
    at: '{months} months',
  },
] as const;

describe('templates and wording: placeholders at their lines', () => {
  it.each(ROWS)('$name: $code', (row) => {
    const found = expectRow({ ...row, at: { text: row.at } });
    expect(found.some((d) => /shown as typed/.test(d.message))).toBe(true);
  });

  it('says what was meant', () => {
    const [d] = expectRow({ ...ROWS[10], at: { text: ROWS[10].at } });
    expect(d.message).toContain("did you mean '{detail}'?");
    const [doc] = expectRow({ ...ROWS[9], at: { text: ROWS[9].at } });
    expect(doc.message).toContain("did you mean '{address}'?");
  });
});

describe("the repository's texts", () => {
  it('have no placeholder shown as typed', () => {
    const { diagnostics } = loadRepo({ lazy_forms: true });
    expect(diagnostics.filter((d) => CODES.includes(d.code))).toEqual([]);
  });

  it.each(Object.keys(MAIL_TEMPLATES))('mail %s fills every placeholder it writes', (key) => {
    const t = MAIL_TEMPLATES[key as keyof typeof MAIL_TEMPLATES];
    const kind = { names: Object.keys(t.placeholders), what: `mail ${key}`, shape: /^\w+$/ };
    expect(placeholderProblems(`${t.subject}\n${t.body}`, kind)).toEqual([]);
  });

  it('a mail written with double braces would be caught', () => {
    const kind = { names: ['link'], what: 'mail', shape: /^\w+$/ };
    expect(placeholderProblems('Open {{link}} or {Link}', kind).map((p) => p.code)).toEqual([
      'placeholder-braces',
      'placeholder-case',
    ]);
  });
});
