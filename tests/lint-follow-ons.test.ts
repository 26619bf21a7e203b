/**
 * Follow-ons of a renamed shared key (issue 45): a key of program-defs/_shared (a constant, a shared rule, a shared
 * eligibility rule, an ineligibility reason, a document template) misspelt or renamed used to be reported at every
 * use of the old name, tens of errors for one mistake. Two or more uses of one unknown shared name, with a near miss
 * of it in the shared file, are one diagnostic at the shared key, with the code the uses had; one use, or no near
 * miss, keeps the uses' own diagnostics.
 */

import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../engine/index.ts';
import { expectedAt, loadFiles, P, programFiles, type LintRow } from './support/lint-rows.ts';

const SHARED = 'program-defs/_shared';
const CONSTANTS = `${SHARED}/constants.yaml`;

/** A row whose shared key is used by `program` and, loaded beside it, the programs of `also`. */
interface RenameRow extends LintRow {
  also?: string[];
}

/** The files of the row's programs (each once), the row's file edited. */
function rowFiles(row: RenameRow): SourceFile[] {
  const byPath = new Map<string, SourceFile>();
  for (const program of [row.program, ...(row.also ?? [])])
    for (const f of programFiles(program)) if (!byPath.has(f.path)) byPath.set(f.path, f);
  const file = row.file ?? P(row.program);
  return [...byPath.values()].map((f) => {
    if (f.path !== file) return f;
    expect(f.text, `${file} holds the text to replace`).toContain(row.from!);
    return { ...f, text: f.text.replace(row.from!, row.to!) };
  });
}

const errors = (files: SourceFile[]) => loadFiles(files).diagnostics.filter((d) => d.severity === 'error');
const at = (d: { file: string; range: { line: number; col: number } }) => `${d.file}:${d.range.line}:${d.range.col}`;

const ROWS: RenameRow[] = [
  {
    name: 'a constant misspelt where it is defined (read by a shared rule, a measure and two forms)',
    program: 'wi-hear',
    file: CONSTANTS,
    from: '  new_panel_min_amps: 200',
    to: '  new_panel_min_amp: 200',
    code: 'unknown-fact',
    at: { text: 'new_panel_min_amp: 200' },
  },
  {
    name: 'a constant two forms read, its letters swapped',
    program: '3c-ren',
    file: CONSTANTS,
    from: '  co_max_ppm: 9',
    to: '  co_max_pmm: 9',
    code: 'unknown-fact',
    at: { text: 'co_max_pmm: 9' },
  },
  {
    name: 'a constant two programs read, renamed to the singular',
    program: 'udve',
    also: ['pce'],
    file: CONSTANTS,
    from: '  utility_bill_max_age_months: 3',
    to: '  utility_bill_max_age_month: 3',
    code: 'unknown-fact',
    at: { text: 'utility_bill_max_age_month: 3' },
  },
  {
    name: 'a shared task rule renamed (two programs use it)',
    program: 'wi-hear',
    also: ['3ce'],
    file: `${SHARED}/rules.yaml`,
    from: '  final_invoice_signed:',
    to: '  final_invoice_signd:',
    code: 'unknown-rule',
    at: { text: 'final_invoice_signd:' },
  },
  {
    name: 'a shared eligibility rule renamed to the plural (three programs use it)',
    program: '3ce',
    also: ['ca-tech', 'wi-hear'],
    file: `${SHARED}/eligibility-rules.yaml`,
    from: '  building_type:\n    reason: building_type',
    to: '  building_types:\n    reason: building_type',
    code: 'unknown-rule',
    at: { text: 'building_types:' },
  },
  {
    name: 'an ineligibility reason in British spelling (three programs name it)',
    program: '3ce',
    also: ['ca-tech', 'pce'],
    file: `${SHARED}/ineligibility-reasons.yaml`,
    from: '  preapproval_or_enrollment_issue:',
    to: '  preapproval_or_enrolment_issue:',
    code: 'unknown-reason',
    at: { text: 'preapproval_or_enrolment_issue:' },
  },
  {
    name: 'a document template renamed (two programs have the document)',
    program: 'wi-hear',
    also: ['udve'],
    file: `${SHARED}/documents.yaml`,
    from: '  final_documents_bundle:',
    to: '  final_document_bundle:',
    code: 'unknown-template',
    at: { text: 'final_document_bundle:' },
  },
];

describe('a renamed shared key is one diagnostic, at the key', () => {
  it.each(ROWS)('$name', (row) => {
    const files = rowFiles(row);
    const found = errors(files);
    // Exactly one error remains: at the shared key's line and column, with the code the uses had.
    expect(
      found.map((d) => `${at(d)} ${d.code}`),
      found.map((d) => d.message).join('\n'),
    ).toEqual([`${expectedAt(row, files)} ${row.code}`]);
    expect(found[0].message).toMatch(/ is (read|used|named) by \d+ [a-z ]+ \(first at [^)]+:\d+\) but defined as '/);
    expect(found[0].message).toContain('rename it to');
  });

  it('one use of the old name keeps its own diagnostic, with its did-you-mean', () => {
    const row: RenameRow = { ...ROWS[3], also: [] };
    const found = errors(rowFiles(row));
    expect(found.map((d) => `${d.file} ${d.code}`)).toEqual([`${P('wi-hear')} unknown-rule`]);
    expect(found[0].message).toContain("(did you mean 'final_invoice_signd'?)");
  });

  it('a new name that is no near miss keeps the uses (no key to point at)', () => {
    const found = errors(rowFiles({ ...ROWS[0], to: '  panel_floor: 200' }));
    expect(found.length).toBeGreaterThan(2);
    expect(found.every((d) => d.code === 'unknown-fact' && d.file !== CONSTANTS)).toBe(true);
  });

  it('two programs misspelling one use each stay at their own lines when the shared key is fine', () => {
    // Nothing renamed: each program's own slip names a different wrong name.
    const files = rowFiles({
      name: 'two slips',
      program: 'wi-hear',
      also: ['3ce'],
      file: P('wi-hear'),
      from: '{ use: final_invoice_signed, task: upload_final_invoice }',
      to: '{ use: final_invoice_sign, task: upload_final_invoice }',
      code: 'unknown-rule',
      at: { text: '' },
    }).map((f) =>
      f.path === P('3ce')
        ? { ...f, text: f.text.replace('{ use: final_invoice_signed,', '{ use: final_invoice_sined,') }
        : f,
    );
    expect(errors(files).map((d) => `${d.file} ${d.code}`)).toEqual([
      `${P('wi-hear')} unknown-rule`,
      `${P('3ce')} unknown-rule`,
    ]);
  });
});
