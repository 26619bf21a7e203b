/**
 * docs/diagnostics.md against the code: every code the engine and the CLI can emit has an entry, and every
 * documented code is expected by a row of some table test. Then the table of the meta-schema and the
 * documents/usage/incentives codes: each row mutates a small copy of the definitions (one program, the
 * forms it names, the _shared folders) and expects the code at the file, line and column of the mistake.
 */

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validate } from '../cli/commands/validate.ts';
import { ROOT } from './load-repo.ts';
import { expectRow, loadFiles, P, programFiles, type LintRow } from './support/lint-rows.ts';

/** The TypeScript sources (tests aside) under a folder. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
}

/**
 * Every code the engine and CLI can emit: a call whose first argument is a kebab-case code and whose
 * second is its message (`diag('unknown-task', \`...\`)`, as every reporter is written), a `code: '...'`
 * property, and the meta-schema's `schema-${keyword}` family, documented once as `schema-<keyword>`.
 */
function emittedCodes(): string[] {
  const found = new Set<string>();
  for (const text of [...sources('engine'), ...sources('cli')]) {
    for (const m of text.matchAll(/\b[\w.]+\('([a-z0-9]+(?:-[a-z0-9]+)+)',\s*[`'"]/g)) found.add(m[1]);
    for (const m of text.matchAll(/\bcode: '([a-z0-9]+(?:-[a-z0-9]+)+)'/g)) found.add(m[1]);
    if (text.includes('code: `schema-${')) found.add('schema-<keyword>');
  }
  return [...found].sort();
}

const DOC = readFileSync(join(ROOT, 'docs/diagnostics.md'), 'utf8');
const documented = [...DOC.matchAll(/^### `([^`]+)`/gm)].map((m) => m[1]);

/** The table tests: tests/lint-*.test.ts, this file, and the loader's own tests. */
const TABLES = [
  ...readdirSync(join(ROOT, 'tests'))
    .filter((f) => /^lint-.*\.test\.ts$/.test(f) || f === 'diagnostics.test.ts')
    .map((f) => `tests/${f}`),
  ...readdirSync(join(ROOT, 'engine/load'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `engine/load/${f}`),
].map((f) => readFileSync(join(ROOT, f), 'utf8'));

describe('docs/diagnostics.md', () => {
  it('documents every code the engine and CLI can emit', () => {
    const codes = emittedCodes();
    expect(codes.length).toBeGreaterThan(30);
    expect(codes.filter((c) => !documented.includes(c))).toEqual([]);
  });

  it('documents each code once, each with its severity', () => {
    expect(documented.filter((c, i) => documented.indexOf(c) !== i)).toEqual([]);
    for (const section of DOC.split(/^### /m).slice(1))
      expect(section, section.split('\n')[0]).toMatch(/\*\*Severity:\*\* (error|warning)/);
  });

  it('every documented code is expected by a row of a table test', () => {
    const inTable = (code: string) =>
      code === 'schema-<keyword>'
        ? TABLES.some((t) => /'schema-[A-Za-z]+'/.test(t))
        : TABLES.some((t) => t.includes(`'${code}'`));
    expect(documented.filter((c) => !inTable(c))).toEqual([]);
  });
});

const load = loadFiles;
type Row = LintRow & { file: string };
const ROWS: Row[] = [
  {
    name: 'a misspelt key',
    program: 'wi-hear',
    file: P('wi-hear'),
    from: '\nstage_model: ',
    to: '\nstage_modle: ',
    code: 'schema-additionalProperties',
    at: { text: 'stage_modle' },
  },
  {
    name: 'a task without its owner',
    program: 'wi-hear',
    file: P('wi-hear'),
    from: 'stage: 4, owner: contractor }',
    to: 'stage: 4 }',
    code: 'schema-required',
    at: { text: '{ id: confirm_install_dates,' },
  },
  {
    name: 'an owner not in the list',
    program: 'wi-hear',
    file: P('wi-hear'),
    from: 'form: confirm_install_dates, stage: 4, owner: contractor',
    to: 'form: confirm_install_dates, stage: 4, owner: contracter',
    code: 'schema-enum',
    at: { text: 'contracter' },
  },
  {
    name: 'a stage written in words',
    program: 'wi-hear',
    file: P('wi-hear'),
    from: 'form: confirm_install_dates, stage: 4,',
    to: 'form: confirm_install_dates, stage: four,',
    code: 'schema-type',
    at: { text: 'four' },
  },
  {
    name: 'a misspelt document template',
    program: 'ca-heehra',
    file: P('ca-heehra'),
    from: 'template: final_documents_bundle',
    to: 'template: final_documents_bundel',
    code: 'unknown-template',
    at: { text: 'final_documents_bundel' },
  },
  {
    name: 'a document signed in a task whose form has no signatures',
    program: 'ca-heehra',
    file: P('ca-heehra'),
    from: '    task: collect_document_signatures',
    to: '    task: provide_site_details',
    code: 'task-without-signatures',
    at: { text: 'task: provide_site_details', offset: 6 },
  },
  {
    name: 'a signing task no document names',
    program: 'ca-heehra',
    file: P('ca-heehra'),
    from: '    task: collect_document_signatures',
    to: '    task: provide_site_details',
    code: 'task-without-documents',
    at: { text: 'form: collect_document_signatures', offset: 6 },
  },
  {
    name: 'usage collected in a task whose form has no usage_fields',
    program: 'reco',
    file: P('reco'),
    from: 'usage_collection: { task: provide_utility_credentials',
    to: 'usage_collection: { task: provide_homeowner_details',
    code: 'usage-task-without-fields',
    at: { text: 'task: provide_homeowner_details, months', offset: 6 },
  },
  {
    name: 'a misspelt path applied to pinned jobs',
    program: 'wi-hear',
    file: P('wi-hear'),
    from: 'apply_to_pinned: [incentives.caps]',
    to: 'apply_to_pinned: [incentives.cap]',
    code: 'unknown-pinned-path',
    at: { text: 'incentives.cap]' },
  },
  {
    name: 'the usage wording file gone',
    program: 'reco',
    file: 'program-defs/_shared/usage-collection.yaml',
    drop: true,
    code: 'usage-wording-missing',
    at: { file: P('reco'), text: 'usage_collection:' },
  },
  {
    name: 'a cap for a misspelt measure',
    program: 'ca-heehra',
    file: P('ca-heehra'),
    from: '  caps:\n    heat_pump:',
    to: '  caps:\n    heat_pmup:',
    code: 'unknown-measure',
    at: { text: 'heat_pmup' },
  },
  {
    name: 'a household limit counting a misspelt measure',
    program: 'wi-hear',
    file: P('wi-hear'),
    from: 'measures: [heat_pump, heat_pump_water_heater, panel, wiring, insulation]\n  measures:',
    to: 'measures: [heat_pump, heat_pump_water_heatr, panel, wiring, insulation]\n  measures:',
    code: 'unknown-measure',
    at: { text: 'heat_pump_water_heatr' },
  },
  {
    name: 'a household limit in dollars',
    program: 'wi-hear',
    file: P('wi-hear'),
    from: '      cap_cents: 1400000',
    to: '      cap_cents: 14000',
    code: 'amount-in-dollars',
    at: { text: 'cap_cents: 14000', offset: 11 },
  },
  {
    name: 'a household limit with a key it does not take',
    program: 'ca-tech',
    file: P('ca-tech'),
    from: '      max_count: 2',
    to: '      max_count: 2\n      per_year: 1',
    code: 'schema-additionalProperties',
    at: { text: 'per_year' },
  },
  {
    name: 'a household count over two measures',
    program: 'ca-tech',
    file: P('ca-tech'),
    from: '      measures: [heat_pump]\n      max_count: 2',
    to: '      measures: [heat_pump, heat_pump_water_heater]\n      max_count: 2',
    code: 'household-limit-count',
    at: { text: 'measures: [heat_pump, heat_pump_water_heater]', offset: 10 },
  },
  {
    name: 'an exclusion of a misspelt measure',
    program: 'ca-heehra',
    file: P('ca-heehra'),
    from: '      measures: [heat_pump]\n      programs: [ca-tech]',
    to: '      measures: [heatpump]\n      programs: [ca-tech]',
    code: 'unknown-measure',
    at: { text: 'heatpump' },
  },
  {
    name: 'material and labor not adding up to 100',
    program: 'wi-hear',
    file: 'program-defs/_shared/constants.yaml',
    from: 'invoice_material_percent: 70',
    to: 'invoice_material_percent: 60',
    code: 'invoice-split',
    at: { file: P('wi-hear'), text: 'invoice_split: true', offset: 15 },
  },
];

describe('meta-schema, documents, usage and incentives mistakes', () => {
  it.each(ROWS)('$name: $code', (row) => {
    expectRow(row);
  });

  it('the unedited programs have none of these diagnostics', () => {
    for (const program of new Set(ROWS.map((r) => r.program)))
      expect(load(programFiles(program)).diagnostics).toEqual([]);
  });
});

/** The codes `rebate validate --cases` adds itself, on a copy on disk of one program with its forms and the _shared
 * folders. */
describe('rebate validate --cases mistakes', () => {
  const temp = mkdtempSync(join(tmpdir(), 'rebate-diagnostics-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  const CASES = 'program-defs/wi-hear/cases.yaml';
  const CLI_ROWS = [
    {
      name: 'a case whose expectation the engine does not meet',
      edit: (dir: string) =>
        writeFileSync(
          join(dir, CASES),
          readFileSync(join(ROOT, CASES), 'utf8').replace(
            'expect: { eligibility: ineligible, reasons: [income_too_high] }',
            'expect: { eligibility: eligible, reasons: [income_too_high] }',
          ),
        ),
      code: 'case-failed',
      file: CASES,
      at: 'name: income above 150% AMI is ineligible',
    },
    {
      name: 'a program without cases',
      edit: (dir: string) => rmSync(join(dir, CASES)),
      code: 'no-cases',
      file: P('wi-hear'),
      at: null,
    },
  ];
  it.each(CLI_ROWS)('$name: $code', (row) => {
    const dir = join(temp, row.code);
    for (const f of programFiles('wi-hear')) cpSync(join(ROOT, f.path), join(dir, f.path));
    cpSync(join(ROOT, CASES), join(dir, CASES));
    row.edit(dir);
    const out: string[] = [];
    expect(validate([], { cases: true, format: 'json', cwd: dir, print: (x) => out.push(x) })).toBe(1);
    const found = (
      JSON.parse(out.join('\n')).results as { code: string; file: string; range: { line: number; col: number } }[]
    ).filter((d) => d.code === row.code);
    const lines = row.at ? readFileSync(join(dir, row.file), 'utf8').split('\n') : [];
    const line = row.at ? lines.findIndex((l) => l.includes(row.at)) + 1 : 1;
    const col = row.at ? lines[line - 1].indexOf(row.at) + 1 : 1;
    expect(found.map((d) => `${d.file}:${d.range.line}:${d.range.col}`)).toContain(`${row.file}:${line}:${col}`);
  });
});
