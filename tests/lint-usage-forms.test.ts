/**
 * A form's rules reading `usage.*` in a program that collects no energy usage (issue 45): usage collection alone
 * sets those facts, so the read is reported once per form, at its line in the form file, naming the programs that
 * use the form without `usage_collection:` (a program that collects usage is not named), and the forms as written
 * have none.
 */

import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../engine/index.ts';
import { editedFiles, expectRow, F, loadFiles, programFiles, type LintRow } from './support/lint-rows.ts';

const REVIEW = F('review_electric_and_gas_usage');
const SIGN = F('collect_document_signatures');
const DATES = F('confirm_install_dates');
const BASELINE = 'applies_if: { and: [{ "!==": [{ var: form.annual_baseline_kwh }, null] }';

const ROWS: LintRow[] = [
  {
    name: 'an applies_if reading whether the utility account is connected',
    program: 'udve',
    file: REVIEW,
    from: BASELINE,
    to: 'applies_if: { and: [{ var: usage.connected }, { "!==": [{ var: form.annual_baseline_kwh }, null] }',
    code: 'usage-not-collected',
    at: { text: 'usage.connected' },
  },
  {
    name: 'a valid_if reading a usage fact with a default',
    program: 'ca-heehra',
    file: SIGN,
    from: 'valid_if: { "==": [{ var: form.homeowner_signature_status }, success] }',
    to: 'valid_if: { or: [{ "==": [{ var: form.homeowner_signature_status }, success] }, { var: [usage.consent, false] }] }',
    code: 'usage-not-collected',
    at: { text: 'usage.consent' },
  },
  {
    name: 'a new rule asking for twelve months of usage',
    program: 'wi-hear',
    file: DATES,
    from: 'rules:\n  - id: completion_not_before_start',
    to:
      'rules:\n  - id: usage_enough\n    valid_if: { ">=": [{ var: usage.months_covered }, 12] }\n' +
      '    message: Twelve months of usage are needed.\n  - id: completion_not_before_start',
    code: 'usage-not-collected',
    at: { text: 'usage.months_covered' },
  },
  {
    name: 'a missing: check of usage facts',
    program: 'hiasp',
    file: DATES,
    from: 'applies_if: { and: [{ var: form.install_start_date }, { var: form.install_completion_date }] }',
    to: 'applies_if: { "!": [{ missing: [usage.annual_heating_kwh] }] }',
    code: 'usage-not-collected',
    at: { text: 'usage.annual_heating_kwh' },
  },
];

/** The files of several programs (shared files and forms once). */
const filesOf = (programs: string[], edit?: { file: string; from: string; to: string }): SourceFile[] => {
  const byPath = new Map<string, SourceFile>();
  for (const p of programs)
    for (const f of edit ? editedFiles({ program: p, ...edit }) : programFiles(p)) byPath.set(f.path, f);
  return [...byPath.values()];
};

describe("a form's rules reading usage in a program that collects none", () => {
  it.each(ROWS)('$name: $code at the read in the form', (row) => {
    const found = expectRow(row);
    expect(found.filter((d) => d.file === row.file)).toHaveLength(1);
    expect(found[0].message).toContain(`program ${row.program} uses this form and collects no energy usage`);
  });

  it('reported once per form, however many rules read usage', () => {
    const found = expectRow({
      ...ROWS[0],
      to:
        'applies_if: { and: [{ var: usage.connected }, { var: usage.consent }, ' +
        '{ "!==": [{ var: form.annual_baseline_kwh }, null] }',
    });
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain('(and 1 more usage read)');
  });

  it('names only the programs that collect no usage: udve, not reco', () => {
    const edit = { file: REVIEW, from: BASELINE, to: ROWS[0].to! };
    const found = loadFiles(filesOf(['reco', 'udve'], edit)).diagnostics.filter(
      (d) => d.code === 'usage-not-collected',
    );
    expect(found.map((d) => d.file)).toEqual([REVIEW]);
    expect(found[0].message).toContain('program udve uses');
    expect(found[0].message).not.toContain('reco');
    // reco collects usage: alone, the same read is fine.
    const reco = loadFiles(editedFiles({ program: 'reco', ...edit })).diagnostics;
    expect(reco.filter((d) => d.code === 'usage-not-collected')).toEqual([]);
  });

  it('the forms and programs as written: no form reads usage where none is collected', () => {
    const all = ['3c-ren', '3ce', 'ca-heehra', 'ca-tech', 'ga-hear', 'hiasp', 'pce', 'reco', 'udve', 'wi-hear'];
    const found = loadFiles(filesOf(all)).diagnostics.filter((d) => d.code === 'usage-not-collected');
    expect(found).toEqual([]);
  });
});
