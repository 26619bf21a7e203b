/**
 * Documents and signers, and the fields of task forms the server fills (issue 45): each mistake is reported at the
 * line and column a program manager must change, with its code (what `rebate validate` prints), and the programs
 * and forms as written have none of them.
 */

import { describe, expect, it } from 'vitest';
import { expectRow, F, loadFiles, programFiles, type LintRow } from './support/lint-rows.ts';

const SIGN = F('collect_document_signatures');
const TERMS = F('final_documents_and_terms');
const HOME = F('home_details');
const PM_NAME = '{ var: provide_homeowner_details.property_manager_name }';
const PM_EMAIL = '{ var: provide_homeowner_details.property_manager_email }';
const PM = `{ role: property_manager, name: ${PM_NAME}, email: ${PM_EMAIL} }`;
const YES_NO = 'sign_manually: { $ref: "#/definitions/yes_no", title: Sign manually instead? }';

/** Documents and signers (program.yaml `documents:`). */
const DOCUMENT_ROWS: LintRow[] = [
  {
    name: 'a signer the form requires, removed from the document',
    program: 'ca-heehra',
    from: '      - { role: contractor }\n',
    to: '',
    code: 'signer-not-listed',
    at: { text: 'signers:', after: '  - id: final_documents_bundle' },
  },
  {
    name: 'the homeowner removed from the final documents',
    program: 'hiasp',
    from: '    signers:\n      - { role: homeowner }\n',
    to: '    signers:\n',
    code: 'signer-not-listed',
    at: { text: 'signers:' },
  },
  {
    name: 'the contractor replaced by a company representative',
    program: 'udve',
    from: '      - { role: contractor }',
    to: '      - { role: company_representative, name: { var: job.code }, email: reviews@example.org }',
    code: 'signer-not-listed',
    at: { text: 'signers:' },
  },
  {
    name: "a signer's email reading a name field",
    program: 'wi-hear',
    from: `name: ${PM_NAME}, email: ${PM_EMAIL} }\n  # The final`,
    to: `name: ${PM_NAME}, email: ${PM_NAME} }\n  # The final`,
    code: 'signer-email-not-email',
    at: { text: 'email: {', after: '  - id: ira_tenant_owner_acknowledgment', offset: 7 },
  },
  {
    name: "a signer's email reading the homeowner's name",
    program: 'ca-tech',
    from: '    signers:\n      - { role: homeowner }',
    to: '    signers:\n      - { role: homeowner, email: { var: parties.homeowner.name } }',
    code: 'signer-email-not-email',
    at: { text: '{ var: parties.homeowner.name }' },
  },
  {
    name: "a signer's email reading a yes/no answer",
    program: 'ca-tech',
    from: 'email: { var: program_documents.signer_email } }\n      - { role: property_manager',
    to: 'email: { var: program_documents.manually_sign_program_forms } }\n      - { role: property_manager',
    code: 'signer-email-not-email',
    at: { text: 'email: { var: program_documents.manually_sign_program_forms }', offset: 7 },
  },
  {
    name: "a signer's email written as text that is no address",
    program: 'ga-hear',
    from: `name: ${PM_NAME}, email: ${PM_EMAIL} }\n  # The final`,
    to: `name: ${PM_NAME}, email: property manager }\n  # The final`,
    code: 'signer-email-not-email',
    at: { text: 'property manager }', after: '  - id: ira_tenant_owner_acknowledgment' },
  },
  {
    name: 'a property manager with neither name nor email',
    program: 'reco',
    from: `      - ${PM}`,
    to: '      - { role: property_manager }',
    code: 'signer-without-address',
    at: { text: 'property_manager }' },
  },
  {
    name: 'a property manager without an email',
    program: 'ca-heehra',
    from: `      - ${PM}`,
    to: `      - { role: property_manager, name: ${PM_NAME} }`,
    code: 'signer-without-address',
    at: { text: 'property_manager, name' },
  },
  {
    name: 'a company representative without a name',
    program: 'hiasp',
    from: '      - { role: contractor }',
    to: `      - { role: contractor }\n      - { role: company_representative, email: ${PM_EMAIL} }`,
    code: 'signer-without-address',
    at: { text: 'company_representative' },
  },
  {
    name: 'submit terms on a document signed after submission',
    program: 'wi-hear',
    from: '    terms: install',
    to: '    terms: submit',
    code: 'terms-wrong-stage',
    at: { text: 'submit', after: '  - id: final_documents_bundle' },
  },
  {
    name: 'install terms on a document signed before submission',
    program: 'ca-tech',
    from: '    terms: submit',
    to: '    terms: install',
    code: 'terms-wrong-stage',
    at: { text: 'install', after: '  - id: tech_customer_agreement' },
  },
  {
    name: 'install terms on a document of the submitting stage',
    program: 'ga-hear',
    from: '    task: sign_ira_tenant_owner_acknowledgment\n    terms: submit',
    to: '    task: sign_ira_tenant_owner_acknowledgment\n    terms: install',
    code: 'terms-wrong-stage',
    at: { text: 'install', after: '  - id: ira_tenant_owner_acknowledgment' },
  },
];

/** The fields the server fills, and the yes/no values of forms. */
const FIELD_ROWS: LintRow[] = [
  {
    name: "the homeowner's status filled from the contractor's signatures",
    program: 'ca-heehra',
    file: SIGN,
    from: 'homeowner_signature_status: homeowner',
    to: 'homeowner_signature_status: contractor',
    code: 'signature-field-role',
    at: { text: 'contractor', after: 'signatures:' },
  },
  {
    name: "the property manager's status filled from every signature",
    program: 'ga-hear',
    file: SIGN,
    from: 'property_manager_signature_status: property_manager',
    to: 'property_manager_signature_status: all',
    code: 'signature-field-role',
    at: { text: 'all', after: 'signatures:' },
  },
  {
    name: "the contractor's status filled from the company representative's",
    program: 'wi-hear',
    file: SIGN,
    from: 'contractor_signature_status: contractor',
    to: 'contractor_signature_status: company_representative',
    code: 'signature-field-role',
    at: { text: 'company_representative', after: '  homeowner_signature_status: homeowner' },
  },
  {
    name: 'an e-signed answer written no',
    program: 'ca-heehra',
    file: SIGN,
    from: 'esigned_answers: { sign_manually: false }',
    to: 'esigned_answers: { sign_manually: no }',
    code: 'yaml-boolean-text',
    at: { text: 'no }' },
  },
  {
    name: 'read_only written no',
    program: 'ca-heehra',
    file: SIGN,
    from: '  manual_signing_reason: { "ui:widget": textarea }',
    to: '  manual_signing_reason: { "ui:widget": textarea, "ui:readonly": no }',
    code: 'yaml-boolean-text',
    at: { text: 'no }', after: 'ui_schema:' },
  },
  {
    name: 'a yes/no default written yes',
    program: 'hiasp',
    file: SIGN,
    from: YES_NO,
    to: YES_NO.replace(' }', ', default: yes }'),
    code: 'yaml-boolean-text',
    at: { text: 'yes }' },
  },
  {
    name: 'a yes/no option written off',
    program: 'udve',
    file: SIGN,
    from: YES_NO,
    to: YES_NO.replace(' }', ', enum: [on, off] }'),
    code: 'yaml-boolean-text',
    at: { text: 'off]' },
  },
  {
    name: 'readOnly written yes',
    program: 'ca-tech',
    file: TERMS,
    from: 'install_terms_id: { $ref: "#/definitions/terms_id", title: Install terms version }',
    to: 'install_terms_id: { $ref: "#/definitions/terms_id", title: Install terms version, readOnly: yes }',
    code: 'yaml-boolean-text',
    at: { text: 'yes }' },
  },
  {
    name: 'produces_documents written yes',
    program: 'ca-heehra',
    file: SIGN,
    from: 'produces_documents: true',
    to: 'produces_documents: yes',
    code: 'yaml-boolean-text',
    at: { text: 'yes' },
  },
  {
    name: 'a draft task written draft: no',
    program: 'udve',
    from: 'stage: 4, owner: contractor, after: [confirm_project_final_costs] }',
    to: 'stage: 4, owner: contractor, after: [confirm_project_final_costs], draft: no }',
    code: 'yaml-boolean-text',
    at: {
      text: 'no }',
      after: '  # assumption: the final documents are collected once the final costs are confirmed.',
    },
  },
  {
    name: 'the install terms field filled with the submit terms',
    program: 'ca-tech',
    file: TERMS,
    from: '  install_terms_id: install',
    to: '  install_terms_id: submit',
    code: 'terms-field-moment',
    at: { text: 'submit', after: 'terms_fields:' },
  },
  {
    name: 'the submit terms field filled with the install terms',
    program: 'ca-tech',
    file: TERMS,
    from: '  submit_terms_id: submit',
    to: '  submit_terms_id: install',
    code: 'terms-field-moment',
    at: { text: 'install', after: '  install_terms_id: install' },
  },
  {
    name: 'a moment that does not exist',
    program: 'ca-tech',
    file: TERMS,
    from: '  install_terms_id: install',
    to: '  install_terms_id: installation',
    code: 'schema-enum',
    at: { text: 'installation' },
  },
  {
    name: 'the install terms filled in a task before submission',
    program: 'ca-tech',
    from: 'form: final_documents_and_terms, stage: 4, owner: contractor, after: [confirm_project_final_costs] }',
    to: 'form: final_documents_and_terms, stage: 2, owner: contractor }',
    code: 'terms-field-moment',
    at: { file: TERMS, text: ': install', after: 'terms_fields:', offset: 2 },
  },
  {
    name: 'shown_if comparing the state with its name',
    program: 'ca-heehra',
    file: HOME,
    from: 'income_qualified_rate_program: { "==": [{ var: job.state }, CA] }',
    to: 'income_qualified_rate_program: { "==": [{ var: job.state }, California] }',
    code: 'unknown-value',
    at: { text: 'California]' },
  },
  {
    name: 'shown_if comparing the state with a lower-case code',
    program: 'ca-tech',
    file: HOME,
    from: 'cpuc_funded_program: { "==": [{ var: job.state }, CA] }',
    to: 'cpuc_funded_program: { "==": [{ var: job.state }, ca] }',
    code: 'unknown-value',
    at: { text: 'ca]' },
  },
  {
    name: 'shown_if comparing the state with a list holding a name',
    program: '3ce',
    file: HOME,
    from: 'cpuc_funded_program: { "==": [{ var: job.state }, CA] }',
    to: 'cpuc_funded_program: { in: [{ var: job.state }, [CA, Nevada]] }',
    code: 'unknown-value',
    at: { text: 'Nevada' },
  },
  {
    name: 'a rule comparing a job flag with text',
    program: 'reco',
    from: 'applies_if: { "!": [{ var: job.is_deemed }] } }',
    to: 'applies_if: { "==": [{ var: job.is_deemed }, "no"] } }',
    code: 'unknown-value',
    at: { text: '"no"' },
  },
];

describe('documents and signers', () => {
  it.each(DOCUMENT_ROWS.map((r) => [r.name, r] as const))('%s', (_, row) => {
    expectRow(row);
  });
});

describe('server-filled form fields and yes/no values', () => {
  it.each(FIELD_ROWS.map((r) => [r.name, r] as const))('%s', (_, row) => {
    expectRow(row);
  });

  it('a state written by its name is told its code', () => {
    const row = FIELD_ROWS.find((r) => r.name.includes('with its name'))!;
    expect(
      expectRow(row)
        .map((d) => d.message)
        .join('\n'),
    ).toContain("did you mean 'CA'?");
  });

  it('a yes/no written as text is told to write true or false', () => {
    for (const row of FIELD_ROWS.filter((r) => r.code === 'yaml-boolean-text'))
      expect(
        expectRow(row)
          .map((d) => d.message)
          .join('\n'),
      ).toMatch(/Write (true|false)/);
  });
});

const CODES = [
  'signer-not-listed',
  'signer-email-not-email',
  'signer-without-address',
  'terms-wrong-stage',
  'signature-field-role',
  'yaml-boolean-text',
  'terms-field-moment',
];

describe('the definitions as written', () => {
  it.each(['ca-heehra', 'ca-tech', 'ga-hear', 'hiasp', 'reco', 'udve', 'wi-hear', '3ce'])(
    '%s has no document, signer or server field mistakes',
    (program) => {
      const found = loadFiles(programFiles(program)).diagnostics.filter(
        (d) => CODES.includes(d.code) || d.code === 'unknown-value',
      );
      expect(found.map((d) => `${d.file}:${d.range.line} ${d.code} ${d.message}`)).toEqual([]);
    },
  );
});
