/**
 * Cases and files a program manager gets wrong: each row mutates a small copy of the definitions (one
 * program, the forms it names, the _shared folders) and expects a diagnostic with its code at the file,
 * line and column of the mistake itself.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { textPosition, type MutationRow } from './support/definition-copy.ts';
import { loadDefinitions, type Diagnostic, type SourceFile } from '../engine/index.ts';
import { lintCases } from '../engine/load/lint-cases.ts';
import { createMetaValidators, validateMeta } from '../engine/load/meta-validate.ts';
import { parseSource } from '../engine/load/yaml-source.ts';
import { ROOT } from './load-repo.ts';

const PROGRAM = 'wi-hear';
const PROGRAM_FILE = `program-defs/${PROGRAM}/program.yaml`;
const CASES_FILE = `program-defs/${PROGRAM}/cases.yaml`;

const read = (path: string): SourceFile => ({ path, text: readFileSync(join(ROOT, path), 'utf8') });
const folderFiles = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .sort()
    .map((n) => read(`${dir}/${n}`));

/** One program, the forms its tasks name and both _shared folders: what the program needs, no more. */
function baseFiles(): SourceFile[] {
  const program = read(PROGRAM_FILE);
  const forms = [...new Set([...program.text.matchAll(/\bform: (\w+)/g)].map((m) => m[1]))].sort();
  return [
    ...folderFiles('program-defs/_shared'),
    program,
    read(CASES_FILE),
    ...folderFiles('task-schemas/_shared'),
    ...forms.map((f) => read(`task-schemas/${f}/form.yaml`)),
  ];
}
const BASE = baseFiles();
const load = (files: SourceFile[]) => loadDefinitions(files, { unused_forms: false, lazy_forms: true });
const DEFS = load(BASE);
const META = createMetaValidators();
/** A cases file checked as the loader checks it (meta-schema, then against the program), without reloading the program
 * and forms. */
const checkCases = (text: string): Diagnostic[] => {
  const parsed = parseSource(CASES_FILE, text);
  const meta = validateMeta(META, 'cases', parsed);
  return [
    ...parsed.diagnostics,
    ...meta,
    ...(meta.length ? [] : lintCases(parsed, DEFS.programs[PROGRAM], DEFS.forms)),
  ];
};

type Row = MutationRow;

const C = CASES_FILE;
const rows: Row[] = [
  {
    name: 'a misspelt task id in base',
    file: C,
    from: '    provide_income_estimate: {',
    to: '    provide_income_estimat: {',
    mark: 'provide_income_estimat',
    code: 'case-unknown-task',
  },
  {
    name: "a misspelt field of a task's data",
    file: C,
    from: 'has_lived_for_year: true',
    to: 'has_lived_for_yaer: true',
    mark: 'has_lived_for_yaer',
    code: 'case-unknown-field',
  },
  {
    name: 'a misspelt enum value in a case',
    file: C,
    from: 'income_level: above_ami_150',
    to: 'income_level: above_ami150',
    mark: 'above_ami150',
    code: 'case-invalid-value',
  },
  {
    name: 'a misspelt option inside a list',
    file: C,
    from: 'services_being_installed: [heat_pump, panel]',
    to: 'services_being_installed: [heat_pump, panal]',
    mark: 'panal',
    code: 'case-invalid-value',
  },
  {
    name: 'a number written as text',
    file: C,
    from: 'estimated_total_project_cost: 15000',
    to: 'estimated_total_project_cost: "15000"',
    mark: '"15000"',
    code: 'case-invalid-value',
  },
  {
    name: 'a misspelt task status',
    file: C,
    from: 'status: COMPLETE, data: { income_level: above_ami_150 }',
    to: 'status: COMPLETED, data: { income_level: above_ami_150 }',
    mark: 'COMPLETED',
    code: 'case-unknown-status',
  },
  {
    name: 'a status only the engine derives',
    file: C,
    from: 'provide_site_details: { status: COMPLETE',
    to: 'provide_site_details: { status: READY',
    mark: 'READY',
    code: 'case-unknown-status',
  },
  {
    name: 'a key of a task state that does not exist',
    file: C,
    from: 'provide_site_details: { status:',
    to: 'provide_site_details: { stauts:',
    mark: 'stauts',
    code: 'case-unknown-key',
  },
  {
    name: 'a misspelt site key',
    file: C,
    from: 'zip: "53202"',
    to: 'zipcode: "53202"',
    mark: 'zipcode',
    code: 'case-unknown-key',
  },
  {
    name: 'a zip code left unquoted (a number)',
    file: C,
    from: 'zip: "53202"',
    to: 'zip: 53202',
    mark: '53202',
    code: 'case-invalid-value',
  },
  {
    name: 'a misspelt task in open_tasks',
    file: C,
    from: 'open_tasks: [scope_of_work_proposed,',
    to: 'open_tasks: [scope_of_work_propsed,',
    mark: 'scope_of_work_propsed',
    code: 'case-unknown-task',
  },
  {
    name: 'a misspelt task in owners',
    file: C,
    from: 'owners: { sign_ira_tenant_owner_acknowledgment:',
    to: 'owners: { sign_ira_tenant_owner_acknowledgement:',
    mark: 'sign_ira_tenant_owner_acknowledgement',
    code: 'case-unknown-task',
  },
  {
    name: 'an owner that is not a role',
    file: C,
    from: 'scope_of_work_proposed: ops,',
    to: 'scope_of_work_proposed: opps,',
    mark: 'opps',
    code: 'case-invalid-value',
  },
  {
    name: 'a misspelt ineligibility reason',
    file: C,
    from: 'reasons: [income_too_high]',
    to: 'reasons: [income_to_high]',
    mark: 'income_to_high',
    code: 'case-unknown-reason',
  },
  {
    name: 'a misspelt incentive line',
    file: C,
    from: 'lines: { heat_pump: 800000',
    to: 'lines: { heat_pmup: 800000',
    mark: 'heat_pmup',
    code: 'case-unknown-line',
  },
  {
    name: 'a misspelt key inside an answer',
    file: C,
    from: 'total_measure_costs: { heat_pump: 1200000',
    to: 'total_measure_costs: { heat_pmup: 1200000',
    mark: 'heat_pmup',
    code: 'case-unknown-field',
  },
  {
    name: 'a status in the wrong case',
    file: C,
    from: 'provide_income_estimate: { status: IN_PROGRESS',
    to: 'provide_income_estimate: { status: in_progress',
    mark: 'in_progress',
    code: 'case-unknown-status',
  },
  {
    name: 'a tab the stage model does not have',
    file: C,
    from: 'tab: Apply',
    to: 'tab: Aply',
    mark: 'Aply',
    code: 'case-invalid-value',
  },
];

const mutate = (files: SourceFile[], file: string, from: string, to: string, nth = 1): SourceFile[] =>
  files.map((f) => {
    if (f.path !== file) return f;
    let at = -1;
    for (let i = 0; i < nth; i++) at = f.text.indexOf(from, at + 1);
    if (at < 0) throw new Error(`'${from}' not found in ${file}`);
    return { ...f, text: f.text.slice(0, at) + to + f.text.slice(at + from.length) };
  });

const brief = (d: Diagnostic) => `${d.code} ${d.file}:${d.range.line}:${d.range.col} ${d.message}`;

describe('cases are checked against the program and its forms', () => {
  it('the unchanged program, its cases and forms load clean', () => {
    expect(DEFS.diagnostics.map(brief)).toEqual([]);
  });

  it.each(rows)('$name -> $code at the mistake', (row) => {
    const files = mutate(BASE, row.file, row.from, row.to, row.nth);
    const text = files.find((f) => f.path === row.file)!.text;
    const at = textPosition(text, row.mark, text.slice(0, text.indexOf(row.to)).split(row.mark).length);
    const found = checkCases(text);
    expect(found.map(brief)).toContainEqual(expect.stringContaining(`${row.code} ${row.file}:${at.line}:${at.col} `));
  });

  it('says what was meant: a did-you-mean for a misspelt name and the statuses a job stores', () => {
    const d = (row: Row) =>
      checkCases(mutate(BASE, row.file, row.from, row.to).find((f) => f.path === row.file)!.text).find(
        (x) => x.code === row.code,
      )!.message;
    expect(d(rows[0])).toContain("did you mean 'provide_income_estimate'");
    expect(d(rows[1])).toContain("did you mean 'has_lived_for_year'");
    expect(d(rows[2])).toContain("did you mean 'above_ami_150'");
    expect(d(rows[5])).toContain("did you mean 'COMPLETE'");
    expect(d(rows[6])).toContain('the engine derives READY');
    expect(d(rows.find((r) => r.mark === 'in_progress')!)).toContain("did you mean 'IN_PROGRESS'");
    expect(d(rows.find((r) => r.mark === 'heat_pmup' && r.code === 'case-unknown-field')!)).toContain(
      "not a field of 'total_measure_costs' (did you mean 'heat_pump'?)",
    );
  });
});

/** A file renamed (or removed, `to` undefined) in the copy. */
const rename = (files: SourceFile[], from: string, to: string | undefined) =>
  files.flatMap((f) => (f.path !== from ? [f] : to === undefined ? [] : [{ ...f, path: to }]));

describe('a definition file with a near-miss name is reported at its line 1', () => {
  const P = `program-defs/${PROGRAM}`;
  const form = 'task-schemas/provide_services';
  const fileRows: {
    name: string;
    files: () => SourceFile[];
    code: string;
    file: string;
    severity: string;
    says: string;
  }[] = [
    {
      name: 'programs.yaml',
      files: () => rename(BASE, `${P}/program.yaml`, `${P}/programs.yaml`),
      code: 'misnamed-file',
      file: `${P}/programs.yaml`,
      severity: 'error',
      says: 'must be called program.yaml',
    },
    {
      name: 'Program.yaml',
      files: () => rename(BASE, `${P}/program.yaml`, `${P}/Program.yaml`),
      code: 'misnamed-file',
      file: `${P}/Program.yaml`,
      severity: 'error',
      says: 'must be called program.yaml',
    },
    {
      name: 'progam.yaml',
      files: () => rename(BASE, `${P}/program.yaml`, `${P}/progam.yaml`),
      code: 'misnamed-file',
      file: `${P}/progam.yaml`,
      severity: 'error',
      says: 'must be called program.yaml',
    },
    {
      name: 'only program.yml.bak left',
      files: () => rename(BASE, `${P}/program.yaml`, `${P}/program.yml.bak`),
      code: 'misnamed-file',
      file: `${P}/program.yml.bak`,
      severity: 'error',
      says: 'must be called program.yaml',
    },
    {
      name: 'case.yaml',
      files: () => rename(BASE, `${P}/cases.yaml`, `${P}/case.yaml`),
      code: 'misnamed-file',
      file: `${P}/case.yaml`,
      severity: 'error',
      says: 'these cases never run',
    },
    {
      name: 'froms.yaml',
      files: () => rename(BASE, `${form}/form.yaml`, `${form}/froms.yaml`),
      code: 'misnamed-file',
      file: `${form}/froms.yaml`,
      severity: 'error',
      says: 'must be called form.yaml',
    },
    {
      name: 'a program folder with no program.yaml',
      files: () => rename(BASE, `${P}/program.yaml`, undefined),
      code: 'missing-file',
      file: `${P}/cases.yaml`,
      severity: 'error',
      says: 'has no program.yaml',
    },
    {
      name: 'a stray copy beside program.yaml',
      files: () => [...BASE, { ...read(`${P}/program.yaml`), path: `${P}/program copy.yaml` }],
      code: 'misnamed-file',
      file: `${P}/program copy.yaml`,
      severity: 'warning',
      says: 'program.yaml beside it is',
    },
    {
      name: 'another YAML file in a program folder',
      files: () => [...BASE, { path: `${P}/notes.yaml`, text: 'a: 1\n' }],
      code: 'unknown-file',
      file: `${P}/notes.yaml`,
      severity: 'warning',
      says: 'a program folder holds program.yaml and cases.yaml',
    },
    {
      name: 'a _shared folder misspelt',
      files: () =>
        BASE.map((f) =>
          f.path.startsWith('program-defs/_shared/') ? { ...f, path: f.path.replace('_shared', 'shared') } : f,
        ),
      code: 'misnamed-file',
      file: 'program-defs/shared/rules.yaml',
      severity: 'error',
      says: 'called _shared',
    },
  ];
  it.each(fileRows)('$name -> $code', (row) => {
    const all = load(row.files()).diagnostics;
    const d = all.find((x) => x.code === row.code && x.file === row.file);
    expect(d, all.map(brief).join('\n')).toBeDefined();
    expect([d!.severity, d!.range.line, d!.range.col]).toEqual([row.severity, 1, 1]);
    expect(d!.message).toContain(row.says);
  });
  it('a backup beside the real file is not reported', () => {
    expect(load([...BASE, { ...read(`${P}/program.yaml`), path: `${P}/program.yaml.bak` }]).diagnostics).toEqual([]);
  });
});

describe("a copied program's cases never replace the original's", () => {
  const copy = `program-defs/${PROGRAM}-copy`;
  const copied = (files: SourceFile[]) => [
    ...files,
    ...files
      .filter((f) => f.path.startsWith(`program-defs/${PROGRAM}/`))
      .map((f) => ({
        path: f.path.replace(`program-defs/${PROGRAM}/`, `${copy}/`),
        text: f.path.endsWith('program.yaml') ? f.text.replace(/^id: .*$/m, `id: ${PROGRAM}-copy`) : f.text,
      })),
  ];
  it.each([
    { name: 'the copy sorts after the original', files: () => copied(BASE) },
    { name: 'the copy sorts before the original', files: () => copied(BASE).reverse() },
  ])("$name: id-mismatch at the copy's program: line, and the original keeps its cases", ({ files }) => {
    const defs = load(files());
    const text = files().find((f) => f.path === `${copy}/cases.yaml`)!.text;
    const at = textPosition(text, PROGRAM, text.slice(0, text.indexOf('program: ')).split(PROGRAM).length);
    const d = defs.diagnostics.find((x) => x.code === 'id-mismatch' && x.file === `${copy}/cases.yaml`)!;
    expect([d.range.line, d.range.col]).toEqual([at.line, at.col]);
    expect(d.message).toContain(`'${PROGRAM}' keeps its own cases`);
    expect(defs.cases[PROGRAM].file).toBe(CASES_FILE);
  });
  it('two cases files for one program in its folder: duplicate-id at the second', () => {
    const defs = load([...BASE, { ...read(CASES_FILE), path: `program-defs/${PROGRAM}/cases.yml` }]);
    const d = defs.diagnostics.find((x) => x.code === 'duplicate-id')!;
    expect([d.file, d.range.line]).toEqual([
      `program-defs/${PROGRAM}/cases.yml`,
      textPosition(read(CASES_FILE).text, 'program: ').line,
    ]);
    expect(defs.cases[PROGRAM].file).toBe(CASES_FILE);
  });
});
