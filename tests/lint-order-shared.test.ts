/**
 * Shared rules in the order of the program using them (issue 45): a shared rule (`rules: - { use, task }`) or a
 * document template whose reads, bound to a program, name a task of a later stage than the one the rule is needed at
 * is `reads-later-stage`, reported at the program's `use:` (or `template:`) line: the shared rule may be right for
 * another program.
 */

import { describe, expect, it } from 'vitest';
import { editedFiles, expectRow, loadFiles, P, programFiles, type LintRow } from './support/lint-rows.ts';

const RULES = 'program-defs/_shared/rules.yaml';
const DOCUMENTS = 'program-defs/_shared/documents.yaml';

const ROWS: LintRow[] = [
  {
    name: 'a shared rule reading the pre-install details (stage 4) put on a stage 2 task',
    program: 'wi-hear',
    from: '{ use: skipped_pre_install_details_completed, task: collect_document_signatures }',
    to: '{ use: skipped_pre_install_details_completed, task: provide_services }',
    code: 'reads-later-stage',
    at: { text: 'skipped_pre_install_details_completed, task: provide_services' },
  },
  {
    name: "a shared rule's applies_if made to wait for the install dates (stage 4), used on a stage 3 review",
    program: '3ce',
    file: RULES,
    from: 'applies_if: { "==": [{ var: $task.manual_j_report_done }, true] }',
    to: 'applies_if: { "==": [{ var: task_status.confirm_install_dates }, COMPLETE] }',
    code: 'reads-later-stage',
    at: { file: P('3ce'), text: 'manual_j_51_percent, task: manual_j_review' },
  },
  {
    name: "a shared rule's valid_if comparing with the final costs (stage 4), used on a stage 3 review",
    program: 'ca-tech',
    file: RULES,
    from: 'valid_if: { "==": [{ var: $task.manual_j_shows_equipment_will_provide_51_load }, true] }',
    to: 'valid_if: { ">": [{ var: confirm_project_final_costs.total_project_cost }, 0] }',
    code: 'reads-later-stage',
    at: { file: P('ca-tech'), text: 'manual_j_51_percent, task: manual_j_review' },
  },
  {
    name: 'a template field reading the final costs (stage 4) in a document signed at stage 2',
    program: 'ca-tech',
    file: DOCUMENTS,
    from: 'installed: { label: Installed, value: { var: provide_services.services_being_installed } }',
    to: 'installed: { label: Installed, value: { var: confirm_project_final_costs.total_project_cost } }',
    code: 'reads-later-stage',
    at: { file: P('ca-tech'), text: 'template: tech_project_application', offset: 10 },
  },
];

describe('a shared rule is read in the order of the program using it', () => {
  it.each(ROWS)('$name', (row) => {
    const found = expectRow(row);
    // At the program's line, naming the shared rule and the later task; nothing in the shared file.
    expect(found.every((d) => d.file.endsWith('/program.yaml'))).toBe(true);
    expect(found[0].message).toMatch(/^(shared rule|template) '[a-z_0-9]+' \(program-defs\/_shared\/[a-z-]+\.yaml\)/);
    expect(found[0].message).toMatch(/task '[a-z_]+' is in stage \d of this program/);
  });

  it('the same shared rule is fine where its task is in a stage early enough', () => {
    // skipped_pre_install_details_completed reads provide_pre_install_details (stage 4): fine on a stage 4 task.
    const files = editedFiles({
      program: 'wi-hear',
      from: '{ use: skipped_pre_install_details_completed, task: collect_document_signatures }',
      to: '{ use: skipped_pre_install_details_completed, task: upload_final_invoice }',
    });
    expect(loadFiles(files).diagnostics.filter((d) => d.code === 'reads-later-stage')).toEqual([]);
  });

  it('a later answer with an earlier one as its default is fine in a shared rule too', () => {
    const files = editedFiles({
      program: '3ce',
      file: RULES,
      from: 'applies_if: { "==": [{ var: $task.manual_j_report_done }, true] }',
      to: 'applies_if: { "==": [{ var: [install_photos.manual_j_report_done, { var: $task.manual_j_report_done }] }, true] }',
    });
    expect(loadFiles(files).diagnostics.filter((d) => d.code === 'reads-later-stage')).toEqual([]);
  });

  it('the unedited programs use their shared rules in order', () => {
    for (const program of ['wi-hear', '3ce', 'ca-tech', 'ca-heehra', 'ga-hear', 'udve', 'reco', 'hiasp'])
      expect(
        loadFiles(programFiles(program)).diagnostics.filter((d) => d.code === 'reads-later-stage'),
        program,
      ).toEqual([]);
  });
});
