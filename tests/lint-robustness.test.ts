/**
 * Robustness (issue 45): input that used to throw inside the loader is a diagnostic at its line, and one mistake
 * is one diagnostic. A YAML alias naming no anchor (`unknown-alias`, at the alias); a stage number used twice in
 * a stage model (`duplicate-stage`, at the stage to renumber) or out of order (`stage-number-order`); and a broken
 * shared definition (an upload kind, a stage model, a shared rule) reported once, in its file, not again at every
 * form or program using it.
 */

import { describe, expect, it } from 'vitest';
import { editedFiles, expectRow, loadFiles, P, programFiles, type LintRow } from './support/lint-rows.ts';

const MODELS = 'program-defs/_shared/stage-models.yaml';
const UPLOADS = 'task-schemas/_shared/definitions.yaml';

const ALIAS: LintRow[] = [
  {
    name: 'a stage model written as an alias of nothing',
    program: 'wi-hear',
    from: '\nstage_model: seven_stage',
    to: '\nstage_model: *nope',
    code: 'unknown-alias',
    at: { text: '*nope' },
  },
  {
    name: 'a shared constant repeating an anchor no value sets',
    program: 'reco',
    file: 'program-defs/_shared/constants.yaml',
    from: 'reinsulation_lookback_years: 10',
    to: 'reinsulation_lookback_years: *lookback',
    code: 'unknown-alias',
    at: { text: '*lookback' },
  },
  {
    name: 'a shared definition whose type is an alias',
    program: 'wi-hear',
    file: UPLOADS,
    from: '    type: boolean',
    to: '    type: *bool',
    code: 'unknown-alias',
    at: { text: '*bool' },
  },
  {
    name: 'an alias written above the anchor it repeats',
    program: 'reco',
    file: 'program-defs/_shared/constants.yaml',
    from: 'change_lookback_months: 12             # heating or solar changes within 12 months\n  reinsulation_lookback_years: 10',
    to: 'change_lookback_months: *years             # heating or solar changes within 12 months\n  reinsulation_lookback_years: &years 10',
    code: 'unknown-alias',
    at: { text: '*years' },
  },
];

const STAGES: LintRow[] = [
  {
    name: 'the final-docs stage numbered like the review before it',
    program: 'wi-hear',
    file: MODELS,
    from: '{ number: 4, key: final_docs',
    to: '{ number: 3, key: final_docs',
    code: 'duplicate-stage',
    at: { text: '3, key: final_docs' },
  },
  {
    name: 'the payment stage numbered like the last one',
    program: 'wi-hear',
    file: MODELS,
    from: '{ number: 6, key: payment',
    to: '{ number: 7, key: payment',
    code: 'duplicate-stage',
    at: { text: '7, key: payment' },
  },
  {
    name: 'the submitting draft stage numbered 1',
    program: 'reco',
    file: MODELS,
    from: '{ number: 2, key: draft',
    to: '{ number: 1, key: draft',
    code: 'duplicate-stage',
    at: { text: '1, key: draft' },
  },
  {
    name: 'the last stage numbered one past the count',
    program: 'wi-hear',
    file: MODELS,
    from: '{ number: 7, key: completed',
    to: '{ number: 8, key: completed',
    code: 'stage-number-order',
    at: { text: '8, key: completed' },
  },
];

/** One mistake in a shared file: reported once, in that file, and nowhere else. */
const FOLLOW_ONS: LintRow[] = [
  {
    name: "an upload kind's accept misspelt (every photo field used to report it)",
    program: 'wi-hear',
    file: UPLOADS,
    from: 'accept: { jpg:',
    to: 'acept: { jpg:',
    code: 'schema-additionalProperties',
    at: { text: 'acept' },
  },
  {
    name: 'an upload kind renamed to a name the kinds do not allow',
    program: 'wi-hear',
    file: UPLOADS,
    from: '  pdf_upload:',
    to: '  pdf_uplaod:',
    code: 'schema-enum',
    at: { text: 'pdf_uplaod' },
  },
  {
    name: "a stage's tab misspelt in the stage model (every program used to miss its model)",
    program: 'wi-hear',
    file: MODELS,
    from: 'key: final_docs, label: Upload final docs, progress: [Upload final docs, Final docs uploaded], tab:',
    to: 'key: final_docs, label: Upload final docs, progress: [Upload final docs, Final docs uploaded], tabb:',
    code: 'schema-additionalProperties',
    at: { text: 'tabb' },
  },
  {
    name: "a shared rule's message misspelt (every program using the rule used to report it unknown)",
    program: 'reco',
    file: 'program-defs/_shared/rules.yaml',
    from: '    message: New panel must be at least 200 amps',
    to: '    mesage: New panel must be at least 200 amps',
    code: 'schema-additionalProperties',
    at: { text: 'mesage' },
  },
  {
    name: "a shared eligibility rule's reason misspelt",
    program: 'wi-hear',
    file: 'program-defs/_shared/eligibility-rules.yaml',
    from: '    reason: ops_override',
    to: '    reasn: ops_override',
    code: 'schema-additionalProperties',
    at: { text: 'reasn' },
  },
  {
    name: 'a stage number used twice: the programs on the model say nothing more',
    program: 'reco',
    file: MODELS,
    from: '{ number: 5, key: enroll',
    to: '{ number: 4, key: enroll',
    code: 'duplicate-stage',
    at: { text: '4, key: enroll' },
  },
];

const errors = (row: LintRow) => loadFiles(editedFiles(row)).diagnostics.filter((d) => d.severity === 'error');

describe('robustness', () => {
  it.each(ALIAS)('$name', (row) => {
    const found = expectRow(row);
    expect(found[0].message).toMatch(/alias '\*\w+'/);
  });

  it.each(STAGES)('$name', (row) => {
    expectRow(row);
  });

  // (An unreadable task-schemas/_shared file still leaves the forms without its definitions: they are stubbed as
  // accepting anything, which some form checks still report; so that row is checked for its place only.)
  it.each([...ALIAS.filter((r) => r.file !== UPLOADS), ...STAGES])('$name: nothing else is reported', (row) => {
    expect(errors(row).map((d) => d.code)).toEqual([row.code]);
  });

  it.each(FOLLOW_ONS)('$name: reported once, at the mistake', (row) => {
    expectRow(row);
    const found = errors(row);
    expect(
      found.map((d) => `${d.file}:${d.range.line} ${d.code}`),
      found.map((d) => d.message).join('\n'),
    ).toHaveLength(1);
  });

  it('the unedited programs report none of these codes', () => {
    const codes = ['unknown-alias', 'duplicate-stage', 'stage-number-order', 'loader-error'];
    for (const program of ['wi-hear', 'reco'])
      expect(loadFiles(programFiles(program)).diagnostics.filter((d) => codes.includes(d.code))).toEqual([]);
    expect(P('reco')).toBe('program-defs/reco/program.yaml');
  });
});
