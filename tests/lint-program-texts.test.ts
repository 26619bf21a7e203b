/**
 * Placeholders in the texts of program.yaml and program-defs/_shared (issue 45): no engine fills any of them (a task's
 * title, an eligibility rule's homeowner_message, a measure's not_qualified_message, an exclusion's message, a
 * household limit's label, reporting's missing words, a program or shared rule's message, an ineligibility reason, a
 * stage's label), so each placeholder is reported at its own line and column, and the definitions as written have
 * none.
 */

import { describe, expect, it } from 'vitest';
import { expectRow, loadFiles, P, programFiles, type LintRow } from './support/lint-rows.ts';

const REASONS = 'program-defs/_shared/ineligibility-reasons.yaml';
const RULES = 'program-defs/_shared/rules.yaml';
const MODELS = 'program-defs/_shared/stage-models.yaml';
const CODES = ['placeholder-braces', 'placeholder-case', 'unknown-placeholder'];

const ROWS: LintRow[] = [
  {
    name: "a task's title with double braces",
    program: 'reco',
    from: 'title: Property owner consent',
    to: 'title: "{{owner}} consent"',
    code: 'placeholder-braces',
    at: { text: '{{owner}}' },
  },
  {
    name: "a task's description with a ${...} placeholder",
    program: 'reco',
    from: 'description: The program sets the deemed range',
    to: 'description: ${program} sets the deemed range',
    code: 'placeholder-braces',
    at: { text: '${program}' },
  },
  {
    name: "an eligibility rule's homeowner_message with a capitalised placeholder",
    program: '3ce',
    from: '"The rebates for your county have all been given out."',
    to: '"The rebates for {County} have all been given out."',
    code: 'placeholder-case',
    at: { text: '{County}' },
  },
  {
    name: "a measure's not_qualified_message naming a constant",
    program: '3ce',
    from: 'not_qualified_message: New panel must be at least 200 amps to qualify.',
    to: 'not_qualified_message: New panel must be at least {new_panel_min_amps} amps to qualify.',
    code: 'unknown-placeholder',
    at: { text: '{new_panel_min_amps}' },
  },
  {
    name: "an exclusion's message naming the other program",
    program: 'ca-heehra',
    from: "message: This home's heat pump already has a TECH Clean California incentive",
    to: "message: This home's heat pump already has a {program} incentive",
    code: 'unknown-placeholder',
    at: { text: '{program}' },
  },
  {
    name: "a household limit's label with spaced braces",
    program: 'ca-tech',
    from: 'label: Heat pumps per household',
    to: 'label: "{ measure } per household"',
    code: 'placeholder-braces',
    at: { text: '{ measure }' },
  },
  {
    name: "reporting's missing words naming the task in capitals",
    program: 'ca-heehra',
    from: 'the health and safety checks are not recorded (Confirm install dates)',
    to: 'the health and safety checks are not recorded ({Task})',
    code: 'placeholder-case',
    at: { text: '{Task}' },
  },
  {
    name: "a program rule's message (a program rule has no params)",
    program: 'pce',
    from: 'message: Please upload the most recent utility bill, no more than three months old.',
    to: 'message: Please upload the most recent utility bill, no more than {months} months old.',
    code: 'unknown-placeholder',
    at: { text: '{months}' },
  },
  {
    name: 'a shared ineligibility reason',
    program: 'wi-hear',
    file: REASONS,
    from: 'income_too_high: income too high',
    to: 'income_too_high: income above {income_limit}',
    code: 'unknown-placeholder',
    at: { text: '{income_limit}' },
  },
  {
    name: "a shared rule's message with double braces and spaces",
    program: '3ce',
    file: RULES,
    from: 'message: New panel must be at least 200 amps to qualify.',
    to: 'message: New panel must be at least {{ new_panel_min_amps }} amps to qualify.',
    code: 'placeholder-braces',
    at: { text: '{{ new_panel_min_amps }}' },
  },
  {
    name: "a stage's label",
    program: 'hiasp',
    file: MODELS,
    from: 'label: Draft, progress: [Draft, Submitted]',
    to: 'label: "Draft {Number}", progress: [Draft, Submitted]',
    code: 'placeholder-case',
    at: { text: '{Number}' },
  },
];

describe('placeholders in program texts', () => {
  it.each(ROWS)('$name: $code at the placeholder', (row) => {
    const found = expectRow(row);
    expect(found.every((d) => /shown as written/.test(d.message))).toBe(true);
  });

  it('the second of two placeholders in one text is reported at its own column', () => {
    expectRow({
      name: 'two placeholders',
      program: 'reco',
      from: 'title: Property owner consent',
      to: 'title: "{owner} consent for {owner}"',
      code: 'unknown-placeholder',
      at: { text: '{owner}', offset: '{owner} consent for '.length },
    });
  });

  it.each(['3ce', 'ca-heehra', 'ca-tech', 'hiasp', 'pce', 'reco', 'wi-hear'])(
    '%s and the shared definitions as written: no placeholder in a program text',
    (program) => {
      const found = loadFiles(programFiles(program)).diagnostics.filter(
        (d) => CODES.includes(d.code) && (d.file === P(program) || d.file.startsWith('program-defs/_shared/')),
      );
      expect(found).toEqual([]);
    },
  );
});
