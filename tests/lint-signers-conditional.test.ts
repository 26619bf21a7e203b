/**
 * A signer a form requires but a document lists only under an `applies_if` (issue 45): on the jobs where the
 * condition fails no one of that role signs, the required status field stays empty and the task can never complete.
 * Reported at the signer's `applies_if`; the programs and forms as written have none (their property manager signs
 * conditionally, and collect_document_signatures does not require that status).
 */

import { describe, expect, it } from 'vitest';
import { expectRow, F, loadFiles, P, programFiles, type LintRow } from './support/lint-rows.ts';

const SIGN = F('collect_document_signatures');
const REQUIRED = 'required: [homeowner_signature_status, contractor_signature_status, sign_manually]';
const CODE = 'required-signer-conditional';

const ROWS: LintRow[] = [
  {
    name: 'the homeowner signs the final documents only when they own the home',
    program: 'hiasp',
    from: '      - { role: homeowner }\n',
    to: '      - { role: homeowner, applies_if: { "!=": [{ var: provide_homeowner_details.renter_or_owner }, renter] } }\n',
    code: CODE,
    at: { text: 'applies_if: { "!="' },
  },
  {
    name: 'the contractor signs only on deemed jobs',
    program: 'udve',
    from: '      - { role: contractor }',
    to: '      - { role: contractor, applies_if: { var: job.is_deemed } }',
    code: CODE,
    at: { text: 'applies_if: { var: job.is_deemed } }' },
  },
  {
    name: "the form made to require the property manager's status, whom the documents list only for renters",
    program: 'ca-heehra',
    file: SIGN,
    from: REQUIRED,
    to: 'required: [homeowner_signature_status, contractor_signature_status, property_manager_signature_status, sign_manually]',
    code: CODE,
    at: { file: P('ca-heehra'), text: 'applies_if', after: '  - id: final_documents_bundle' },
  },
  {
    name: 'the homeowner of the final documents made conditional on the install being done',
    program: 'wi-hear',
    from: '    terms: install\n    signers:\n      - { role: homeowner }',
    to: '    terms: install\n    signers:\n      - { role: homeowner, applies_if: { var: confirm_install_dates.install_completion_date } }',
    code: CODE,
    at: { text: 'applies_if: { var: confirm_install_dates' },
  },
  {
    name: 'the final documents made conditional while another document of the task always applies',
    program: 'hiasp',
    from: '  - id: final_documents_bundle\n    template: final_documents_bundle\n    task: collect_document_signatures\n',
    to:
      '  - id: contractor_attestation\n    template: final_documents_bundle\n    task: collect_document_signatures\n' +
      '    signers:\n      - { role: contractor }\n' +
      '  - id: final_documents_bundle\n    template: final_documents_bundle\n    task: collect_document_signatures\n' +
      '    applies_if: { var: job.is_deemed }\n',
    code: CODE,
    at: { text: 'applies_if: { var: job.is_deemed }' },
  },
];

describe('a required signer listed only under a condition', () => {
  it.each(ROWS)('$name: $code at the applies_if', (row) => {
    const [d] = expectRow(row);
    expect(d.message).toMatch(/can never complete/);
    expect(d.message).toMatch(/stop requiring/);
  });

  it('not when the form shows the status field only under a condition (shown_if) of its own', () => {
    const files = programFiles('ca-heehra').map((f) =>
      f.path !== SIGN
        ? f
        : {
            ...f,
            text: f.text
              .replace(REQUIRED, ROWS[2].to!)
              .replace(
                'ui_schema:\n',
                'shown_if:\n  property_manager_signature_status: { var: job.is_deemed }\nui_schema:\n',
              ),
          },
    );
    expect(files.find((f) => f.path === SIGN)!.text).toContain('shown_if:');
    expect(loadFiles(files).diagnostics.filter((d) => d.code === CODE)).toEqual([]);
  });

  it('the programs as written: the renter-only property manager, whose status no form requires, is fine', () => {
    for (const program of ['ca-heehra', 'ca-tech', 'ga-hear', 'hiasp', 'udve', 'wi-hear']) {
      const found = loadFiles(programFiles(program)).diagnostics.filter((d) => d.code === CODE);
      expect(found, program).toEqual([]);
    }
  });
});
