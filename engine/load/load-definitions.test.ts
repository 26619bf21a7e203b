import { describe, expect, it } from 'vitest';
import { DEMO_FORMS, DEMO_PROGRAM, loadDemo, SHARED_FILES } from '../testing/fixtures.ts';
import { loadDefinitions } from './load-definitions.ts';

const errors = (defs: ReturnType<typeof loadDemo>) => defs.diagnostics.filter((d) => d.severity === 'error');
const at = (text: string, needle: string) => {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  return { line: line + 1, col: lines[line].indexOf(needle) + 1 };
};

describe('loadDefinitions', () => {
  it('loads a valid program with no errors and compiles its rules', () => {
    const defs = loadDemo();
    expect(errors(defs)).toEqual([]);
    const p = defs.programs.demo;
    expect(p.tasks.map((t) => t.id)).toEqual([
      'income',
      'services',
      'review',
      'dates',
      'panel_photos',
      'costs',
      'send_payment',
    ]);
    expect(p.eligibility.map((r) => r.id)).toEqual([
      'ops_override',
      'outside_eligible_area',
      'income_check',
      'broken_date',
    ]);
    expect(p.eligibility[2].reason_text).toBe('income too high');
    expect(p.stage_model.stages).toHaveLength(6);
    expect(p.hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('reports a typo in a key at its line and column, with a suggestion', () => {
    const defs = loadDemo({ edit: (t) => t.replace('stage_model:', 'stage_modle:') });
    const typo = errors(defs).find((d) => d.code === 'schema-additionalProperties')!;
    const text = DEMO_PROGRAM.replace('stage_model:', 'stage_modle:');
    expect(typo.message).toBe("unknown key 'stage_modle' (did you mean 'stage_model'?)");
    expect(typo.range).toMatchObject({ file: 'program-defs/demo/program.yaml', ...at(text, 'stage_modle') });
    expect(defs.programs.demo).toBeUndefined();
  });

  it('reports a typo in a nested key (a task) at its position', () => {
    const text = DEMO_PROGRAM.replace('STAGE_MODEL', 'six_stage').replace(
      'owner: ops, after: [income]',
      'ownr: ops, after: [income]',
    );
    const defs = loadDefinitions([...SHARED_FILES, ...DEMO_FORMS, { path: 'program-defs/demo/program.yaml', text }]);
    const typo = errors(defs).find((d) => d.code === 'schema-additionalProperties')!;
    expect(typo.message).toBe("unknown key 'ownr' (did you mean 'owner'?)");
    expect(typo.range).toMatchObject(at(text, 'ownr'));
  });

  it('reports a dependency cycle at the dependency that closes it', () => {
    const edit = (t: string) =>
      t.replace(
        '{ id: income, form: income_form, stage: 2, owner: homeowner }',
        '{ id: income, form: income_form, stage: 2, owner: homeowner, after: [review] }',
      );
    const defs = loadDemo({ edit });
    const cycle = errors(defs).find((d) => d.code === 'dependency-cycle')!;
    expect(cycle.message).toMatch(/dependency cycle: (income -> review -> income|review -> income -> review)/);
    const text = edit(DEMO_PROGRAM.replace('STAGE_MODEL', 'six_stage'));
    expect([at(text, 'after: [review] }').line, at(text, 'after: [income] }').line]).toContain(cycle.range.line);
  });

  it('reports an unknown task id with a suggestion at its position', () => {
    const edit = (t: string) => t.replace('after: [dates] }', 'after: [date] }');
    const defs = loadDemo({ edit });
    const unknown = errors(defs).find((d) => d.code === 'unknown-task')!;
    expect(unknown.message).toBe("task 'costs' waits for unknown task 'date' (did you mean 'dates'?)");
    const text = edit(DEMO_PROGRAM.replace('STAGE_MODEL', 'six_stage'));
    expect(unknown.range).toMatchObject({ line: at(text, 'after: [date] }').line, col: at(text, '[date]').col + 1 });
  });

  it('refuses unknown custom operations', () => {
    const defs = loadDemo({ edit: (t) => t.replace('{ percent_of: [', '{ percent_off: [') });
    expect(errors(defs).map((d) => d.message)).toContain("unknown operation 'percent_off' in measure 'heat_pump'");
  });

  it('refuses rules reading facts no form or job provides', () => {
    const defs = loadDemo({ edit: (t) => t.replace('{ var: income.income_level }', '{ var: income.incom_level }') });
    expect(errors(defs).map((d) => d.message)).toContain(
      "eligibility rule 'income_check' reads 'income.incom_level', but form 'income_form' has no field 'incom_level' (did you mean 'income_level'?)",
    );
    const job = loadDemo({ edit: (t) => t.replace('{ var: income.income_level }', '{ var: job.income_level }') });
    expect(errors(job)[0].message).toMatch(/reads 'job.income_level', but jobs have no field 'income_level'/);
    const unknownTask = loadDemo({
      edit: (t) => t.replace('{ var: income.income_level }', '{ var: incomes.income_level }'),
    });
    expect(errors(unknownTask)[0].message).toBe(
      "eligibility rule 'income_check' reads 'incomes.income_level', which no form or job provides (did you mean 'income'?)",
    );
    const constant = loadDemo({ edit: (t) => t.replace('constants.cost_share_percent', 'constants.cost_share') });
    expect(errors(constant)[0].message).toMatch(
      /reads 'constants.cost_share', but no constant 'cost_share' is defined/,
    );
  });

  it('refuses a task whose form does not exist, listing the fields rules read from it; a draft task only warns', () => {
    const defs = loadDemo({ forms: false });
    const e = errors(defs).find((d) => d.code === 'unknown-form' && d.message.includes("'income_form'"))!;
    expect(e.message).toBe(
      "task 'income' names form 'income_form', which is not in task-schemas/ (mark the task draft: true while its form is being written) (rules read its fields: income_level)",
    );
    expect(defs.programs.demo).toBeUndefined();
    const draft = loadDemo({
      forms: false,
      edit: (t) =>
        t.replace(/(form: \w+_form),/g, '$1, draft: true,').replace(/form: (\w+)\n/g, 'form: $1\n    draft: true\n'),
    });
    expect(errors(draft)).toEqual([]);
    const w = draft.diagnostics.find((d) => d.code === 'unknown-form' && d.message.includes("'income_form'"))!;
    expect(w.severity).toBe('warning');
    expect(w.message).toBe(
      "task 'income' names form 'income_form', which does not exist yet in task-schemas/ (the task is a draft) (rules read its fields: income_level)",
    );
    expect(draft.programs.demo).toBeDefined();
  });

  it('refuses unknown reasons, shared rules, duplicate ids, stages beyond the model and redefined shared constants', () => {
    const cases: [(t: string) => string, string][] = [
      [
        (t) => t.replace('reason: income_too_high', 'reason: income_to_high'),
        "unknown ineligibility reason 'income_to_high' (did you mean 'income_too_high'?)",
      ],
      [
        (t) => t.replace('- use: ops_override', '- use: ops_overide'),
        "unknown shared eligibility rule 'ops_overide' (did you mean 'ops_override'?)",
      ],
      [(t) => t.replace('{ id: services, form', '{ id: income, form'), "duplicate task id 'income'"],
      [
        (t) => t.replace('form: payment_form, stage: 5', 'form: payment_form, stage: 7'),
        "task 'send_payment' is in stage 7, but six_stage has 6 stages",
      ],
      [
        (t) => t.replace('cost_share_percent: 50', 'cost_share_percent: 50\n  co_max_ppm: 12'),
        "constant 'co_max_ppm' is defined in _shared/constants.yaml and may not be redefined",
      ],
      [(t) => t.replace('id: demo', 'id: other'), "program id 'other' must equal its folder name 'demo'"],
    ];
    for (const [edit, message] of cases) expect(errors(loadDemo({ edit })).map((d) => d.message)).toContain(message);
  });

  it('reports YAML syntax errors with their position', () => {
    const defs = loadDefinitions([
      ...SHARED_FILES,
      { path: 'program-defs/demo/program.yaml', text: 'id: demo\nname: [unclosed\n' },
    ]);
    const e = errors(defs)[0];
    expect(e.code).toBe('yaml-syntax');
    expect(e.range.line).toBeGreaterThanOrEqual(2);
  });

  it('gives the same hash for the same definition however it is formatted, and a new one when a rule changes', () => {
    const a = loadDemo().programs.demo.hash;
    const b = loadDemo({ edit: (t) => t.replace('name: DEMO\n', 'name:   DEMO   # same\n') }).programs.demo.hash;
    const c = loadDemo({ edit: (t) => t.replace('caps: { heat_pump: 800000 }', 'caps: { heat_pump: 700000 }') })
      .programs.demo.hash;
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });
});
