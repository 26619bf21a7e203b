/**
 * `rebate validate --format sarif|junit`: SARIF 2.1.0 for GitHub code scanning (checked against the
 * SARIF 2.1.0 schema, tests/fixtures/sarif-schema-2.1.0-rtm.5.json as the npm package
 * @microsoft/jest-sarif@1.0.0-beta.0 ships it, MIT) and JUnit XML for CI test reports.
 */

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docSummaries, junit, xml } from '../cli/format.ts';
import { main } from '../cli/main.ts';
import { ROOT } from './load-repo.ts';

async function run(args: string[], cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (s) => out.push(s), err: (s) => err.push(s), cwd });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The SARIF 2.1.0 schema (draft-04, whose `id` ajv reads as `$id`). */
function sarifValidator() {
  const {
    id,
    $schema: _draft,
    ...schema
  } = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/sarif-schema-2.1.0-rtm.5.json'), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  (((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => void)(ajv);
  return ajv.compile({ ...schema, $id: id });
}

type Result = {
  code: string;
  message: string;
  severity: string;
  file: string;
  range: { line: number; col: number; end_line: number; end_col: number };
};

const temp = mkdtempSync(join(tmpdir(), 'rebate-formats-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A copy of the definitions with a key typo (an error: <, &, quotes in its message) and a form no program uses (a
 * warning). */
const broken = join(temp, 'broken');
beforeAll(() => {
  cpSync(join(ROOT, 'program-defs'), join(broken, 'program-defs'), { recursive: true });
  cpSync(join(ROOT, 'task-schemas'), join(broken, 'task-schemas'), { recursive: true });
  const program = join(broken, 'program-defs/wi-hear/program.yaml');
  writeFileSync(
    program,
    readFileSync(program, 'utf8').replace('\nstage_model: ', '\n"stage_<model> & \'x\'": 1\nstage_model: '),
  );
  mkdirSync(join(broken, 'task-schemas/spare_form'));
  const form = readFileSync(join(ROOT, 'task-schemas/confirm_install_dates/form.yaml'), 'utf8');
  writeFileSync(
    join(broken, 'task-schemas/spare_form/form.yaml'),
    form.replace(/^key: confirm_install_dates$/m, 'key: spare_form'),
  );
});

describe('--format sarif', () => {
  it("is a valid SARIF 2.1.0 log with a rule per code and a result per diagnostic, at the diagnostic's file and range", async () => {
    const json = JSON.parse((await run(['validate', '--format', 'json'], broken)).out) as { results: Result[] };
    const r = await run(['validate', '--format', 'sarif'], broken);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.out);
    const validate = sarifValidator();
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(
      validate({ ...log, runs: [{ ...log.runs[0], results: [{ ...log.runs[0].results[0], level: 'fatal' }] }] }),
    ).toBe(false);
    expect(log.version).toBe('2.1.0');
    const [{ tool, results }] = log.runs;
    expect(tool.driver.name).toBe('rebate');
    const codes = [...new Set(json.results.map((d) => d.code))].sort();
    expect(tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual(codes);
    for (const rule of tool.driver.rules) {
      expect(rule.helpUri).toMatch(
        new RegExp(`/docs/diagnostics\\.md#${rule.id.startsWith('schema-') ? 'schema-keyword' : rule.id}$`),
      );
      expect(rule.shortDescription.text.length).toBeGreaterThan(0);
    }
    expect(results).toHaveLength(json.results.length);
    json.results.forEach((d, i) => {
      const res = results[i];
      expect(res.ruleId).toBe(d.code);
      expect(tool.driver.rules[res.ruleIndex].id).toBe(d.code);
      expect(res.level).toBe(d.severity);
      expect(res.message.text).toBe(d.message);
      const loc = res.locations[0].physicalLocation;
      expect(loc.artifactLocation.uri).toBe(d.file);
      expect(loc.artifactLocation.uri).not.toMatch(/^\/|^file:/);
      expect(loc.region).toMatchObject({
        startLine: d.range.line,
        startColumn: d.range.col,
        endLine: d.range.end_line,
      });
    });
    const typo = results.find((x: { ruleId: string }) => x.ruleId === 'schema-additionalProperties');
    const line =
      readFileSync(join(broken, 'program-defs/wi-hear/program.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('stage_<model>')) + 1;
    expect(typo.locations[0].physicalLocation).toMatchObject({
      artifactLocation: { uri: 'program-defs/wi-hear/program.yaml' },
      region: { startLine: line, startColumn: 1 },
    });
    expect(results.find((x: { ruleId: string }) => x.ruleId === 'unused-form')).toMatchObject({ level: 'warning' });
  });

  it("a clean run is a valid log with no results; in GitHub Actions the rules link to the repository's page", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_REPOSITORY: 'acme/rebates',
      GITHUB_SHA: 'abc123',
    });
    try {
      const r = await run(['validate', '--format', 'sarif', 'program-defs/wi-hear'], ROOT);
      expect(r.code).toBe(0);
      const log = JSON.parse(r.out);
      expect(sarifValidator()(log)).toBe(true);
      expect(log.runs[0].results).toEqual([]);
      expect(log.runs[0].tool.driver.informationUri).toBe(
        'https://github.example/acme/rebates/blob/abc123/docs/diagnostics.md',
      );
    } finally {
      process.env = saved;
    }
  });
});

describe('--format junit', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['testsuite', 'testcase'].includes(name),
  });
  type Case = {
    name: string;
    classname: string;
    failure?: { message: string; type: string; '#text': string };
    'system-out'?: string;
  };
  type Suite = { name: string; tests: string; failures: string; testcase: Case[] };

  it('gives a testsuite per file, a failing testcase per error and a passing one per warning, escaped', async () => {
    const json = JSON.parse((await run(['validate', '--format', 'json'], broken)).out) as { results: Result[] };
    const r = await run(['validate', '--format', 'junit'], broken);
    expect(r.code).toBe(1);
    expect(XMLValidator.validate(r.out)).toBe(true);
    const doc = parser.parse(r.out) as { testsuites: { tests: string; failures: string; testsuite: Suite[] } };
    const suites = doc.testsuites.testsuite;
    const program = suites.find((s) => s.name === 'program-defs/wi-hear/program.yaml')!;
    const errors = json.results.filter((d) => d.file === program.name && d.severity === 'error');
    expect(Number(program.failures)).toBe(errors.length);
    const typo = program.testcase.find((c) => c.failure?.type === 'schema-additionalProperties')!;
    expect(typo.failure!.message).toContain(`unknown key 'stage_<model> & 'x''`);
    expect(typo.name).toMatch(/^schema-additionalProperties at \d+:1$/);
    const spare = suites.find((s) => s.name === 'task-schemas/spare_form/form.yaml')!;
    expect(spare.failures).toBe('0');
    expect(spare.testcase[0]['system-out']).toMatch(/warning: .* \[unused-form\]$/);
    const clean = suites.find((s) => s.name === 'program-defs/3ce/program.yaml')!;
    expect(clean.testcase).toEqual([
      expect.objectContaining({ name: 'valid', classname: 'program-defs/3ce/program.yaml' }),
    ]);
    expect(Number(doc.testsuites.failures)).toBe(json.results.filter((d) => d.severity === 'error').length);
    expect(Number(doc.testsuites.tests)).toBe(suites.reduce((n, s) => n + s.testcase.length, 0));
  });

  it('a clean run is all passing suites; no files at all is one passing suite', async () => {
    const r = await run(['validate', '--format', 'junit', 'program-defs/wi-hear'], ROOT);
    expect(r.code).toBe(0);
    const doc = parser.parse(r.out) as { testsuites: { failures: string; testsuite: Suite[] } };
    expect(doc.testsuites.failures).toBe('0');
    expect(doc.testsuites.testsuite.every((s) => s.failures === '0' && s.testcase.every((c) => !c.failure))).toBe(true);
    const empty = parser.parse(junit([], [])) as { testsuites: { testsuite: Suite[] } };
    expect(empty.testsuites.testsuite).toEqual([
      expect.objectContaining({ failures: '0', testcase: [expect.objectContaining({ name: 'valid' })] }),
    ]);
  });

  it('xml() escapes markup and drops what XML cannot hold', () => {
    const text = `a < b && c > "d" 'e'\u0007\u0000 é 🏠`;
    const out = `<x a="${xml(text)}">${xml(text)}</x>`;
    expect(XMLValidator.validate(out)).toBe(true);
    const back = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(out).x;
    expect(back).toEqual({ a: `a < b && c > "d" 'e' é 🏠`, '#text': `a < b && c > "d" 'e' é 🏠` });
  });
});

describe('SARIF rule descriptions', () => {
  it('are the first sentence under each code of docs/diagnostics.md, the severity line skipped', () => {
    const md =
      '## Forms\n\n### `bad-ref`\n\nSeverity: error.\n\nA `$ref` names a definition that does not exist. Fix it.\n\n### `schema-<keyword>`\n**Severity:** error\n\nA key or value the meta-schema refuses.\n';
    expect(docSummaries(md)).toEqual(
      new Map([
        ['bad-ref', 'A $ref names a definition that does not exist.'],
        ['schema-', 'A key or value the meta-schema refuses.'],
      ]),
    );
  });

  it('cover every code the page documents', () => {
    const summaries = docSummaries(readFileSync(join(ROOT, 'docs/diagnostics.md'), 'utf8'));
    for (const [code, text] of summaries) expect(text, code).toMatch(/\w/);
  });
});
