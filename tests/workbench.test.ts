/**
 * The workbench's parts that are not the browser: where the cursor is in a YAML file being typed, what the DSL's
 * meta-schemas offer there, quick fixes from did-you-mean suggestions, the patch `git apply` takes, and the linter the
 * worker runs (what `rebate validate --cases` reports, with the program's names for completion).
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import schema from '../engine/schema/program.schema.json' with { type: 'json' };
import { filesOfPrograms } from '../engine/load/files-of-programs.ts';
import { yamlContext } from '../web/features/program-explorer/workbench/yaml-context.ts';
import { descriptionOf, keysAt, valuesAt } from '../web/features/program-explorer/workbench/schema-help.ts';
import { quickFixes, rangeOffsets } from '../web/features/program-explorer/workbench/quick-fix.ts';
import { gitPatch } from '../web/features/program-explorer/workbench/patch.ts';
import { completionsAt, hoverAt } from '../web/features/program-explorer/workbench/help.ts';
import { createLinter } from '../web/features/program-explorer/workbench/lint-run.ts';
import { repoDefinitionSources } from '../server/deps.ts';

/** The context at the '|' of a text. */
const at = (text: string) => yamlContext(text.replace('|', ''), text.indexOf('|'));
const root = schema as Record<string, unknown>;

describe('yamlContext', () => {
  it('reads the path of keys above the cursor, list items as *', () => {
    expect(at('tasks:\n  - id: a\n    fo|')).toMatchObject({ path: ['tasks', '*'], word: 'fo', inVar: false });
    expect(at('tasks:\n  - i|').path).toEqual(['tasks', '*']);
    expect(at('name: x\nstage_mo|')).toMatchObject({ path: [], word: 'stage_mo' });
    expect(at('incentives:\n  caps:\n    # a comment\n\n    wir|').path).toEqual(['incentives', 'caps']);
  });
  it('knows a value from a key, in block and flow style', () => {
    expect(at('incentives:\n  caps:\n    heat_pump: 8|')).toMatchObject({
      path: ['incentives', 'caps'],
      valueOf: 'heat_pump',
      word: '8',
    });
    expect(at('tasks:\n  - { id: x, owner: |')).toMatchObject({ path: ['tasks', '*'], valueOf: 'owner' });
    expect(at('tasks:\n  - { id: x, form: y, st|')).toMatchObject({ path: ['tasks', '*'], valueOf: undefined });
  });
  it('knows when the cursor is inside a var', () => {
    const c = at('tasks:\n  - id: x\n    applies_if: { "==": [{ var: provide_services.serv|');
    expect(c).toMatchObject({ inVar: true, word: 'provide_services.serv' });
    expect(at('rules:\n  - when: { var: "job.st|').inVar).toBe(true);
    expect(at('name: variable|').inVar).toBe(false);
  });
});

describe('the meta-schema at a path', () => {
  it('offers the keys of a mapping with their descriptions', () => {
    const keys = keysAt(root, ['tasks', '*']).map((k) => k.label);
    expect(keys).toEqual(expect.arrayContaining(['id', 'form', 'stage', 'owner', 'after', 'applies_if']));
    expect(keysAt(root, []).map((k) => k.label)).toContain('stage_model');
    expect(keysAt(root, ['no_such_key'])).toEqual([]);
  });
  it('offers the values a key may take', () => {
    expect(valuesAt(root, ['tasks', '*'], 'owner').map((v) => v.label)).toEqual(
      expect.arrayContaining(['homeowner', 'ops', 'contractor']),
    );
    expect(valuesAt(root, [], 'active').map((v) => v.label)).toEqual(['true', 'false']);
  });
  it('says what a key is', () => {
    expect(descriptionOf(root, [], 'versioning')).toMatch(/version/);
    expect(descriptionOf(root, ['tasks', '*'], 'owner')).toMatch(/owner/i);
    expect(hoverAt('program-defs/x/program.yaml', 'tasks:\n  - id: a\n    owner: ops', 24)).toMatch(/owner/i);
    expect(hoverAt('program-defs/x/program.yaml', 'tasks:\n  - id: a\n    owner: ops', 32)).toBeUndefined();
  });
});

describe('quick fixes', () => {
  it("put the suggestion in place of the quoted mistake within the diagnostic's range", () => {
    expect(quickFixes("unknown key 'stage_modle' (did you mean 'stage_model'?)", 'stage_modle')).toEqual([
      { label: "Change to 'stage_model'", text: 'stage_model' },
    ]);
    expect(
      quickFixes("unknown fact 'provide_servics.x' (did you mean 'provide_services.x'?)", '{ var: provide_servics.x }'),
    ).toEqual([{ label: "Change to 'provide_services.x'", text: '{ var: provide_services.x }' }]);
    expect(quickFixes("value 'California' is not a state code (did you mean 'CA'?)", 'California')[0].text).toBe('CA');
  });
  it('offer nothing without a suggestion', () => {
    expect(quickFixes("unknown key 'zz'", 'zz')).toEqual([]);
  });
  it('find a range in a text by line and column', () => {
    const text = 'a: 1\nbb: 2\nccc: 3';
    expect(rangeOffsets(text, { line: 2, col: 1, end_line: 2, end_col: 3 })).toEqual([5, 7]);
    // An empty range: the rest of its line.
    expect(rangeOffsets(text, { line: 3, col: 1, end_line: 3, end_col: 1 })).toEqual([11, 17]);
    expect(rangeOffsets(text, { line: 9, col: 9, end_line: 9, end_col: 9 })).toEqual([17, 17]);
  });
});

describe('the patch', () => {
  it('is taken by git apply, and names only the changed files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wb-patch-'));
    try {
      const put = (p: string, t: string) => {
        mkdirSync(dirname(join(dir, p)), { recursive: true });
        writeFileSync(join(dir, p), t);
      };
      const before = Array.from({ length: 30 }, (_, i) => `line_${i}: ${i}`).join('\n') + '\n';
      put('program-defs/x/program.yaml', before);
      put('task-schemas/f/form.yaml', 'title: F\n');
      const after = before.replace('line_12: 12', 'line_12: 1200').replace('line_29: 29\n', 'line_29: 29\nnew: 1\n');
      const patch = gitPatch([
        { path: 'program-defs/x/program.yaml', before, after },
        { path: 'task-schemas/f/form.yaml', before: 'title: F\n', after: 'title: F\n' },
      ]);
      expect(patch).toMatch(/^diff --git a\/program-defs\/x\/program.yaml b\/program-defs\/x\/program.yaml\n--- a\//);
      expect(patch).not.toContain('task-schemas');
      execFileSync('git', ['apply', '-'], { cwd: dir, input: patch });
      expect(readFileSync(join(dir, 'program-defs/x/program.yaml'), 'utf8')).toBe(after);
      expect(gitPatch([])).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the linter the worker runs', () => {
  const files = filesOfPrograms(repoDefinitionSources(), ['wi-hear']);
  const lint = createLinter(files);
  const PROGRAM = 'program-defs/wi-hear/program.yaml';
  const edit = (from: string, to: string) =>
    files.map((f) => (f.path === PROGRAM ? { ...f, text: f.text.replace(from, to) } : f));

  it('reports nothing on the repository, runs the cases and names what completion offers', () => {
    const a = lint('wi-hear', files);
    expect(a.diagnostics).toEqual([]);
    expect(a.cases.length).toBeGreaterThan(10);
    expect(a.cases.every((c) => c.ok)).toBe(true);
    expect(a.vocabulary!.tasks).toContain('provide_services');
    expect(a.vocabulary!.facts).toEqual(
      expect.arrayContaining([
        'job.state',
        'task_status.provide_services',
        'provide_services.services_being_installed',
      ]),
    );
    expect(a.vocabulary!.stages).toContain(1);
    const text = 'tasks:\n  - id: x\n    applies_if: { var: provide_';
    const offered = completionsAt(PROGRAM, text, text.length, a.vocabulary)!.options.map((o) => o.label);
    expect(offered).toEqual(expect.arrayContaining(['provide_services', 'provide_services.services_being_installed']));
  });

  it('reports a typo as rebate validate does, with its suggestion', () => {
    const a = lint('wi-hear', edit('\nstage_model:', '\nstage_modle:'));
    expect(a.diagnostics).toEqual([
      expect.objectContaining({
        code: 'schema-additionalProperties',
        file: PROGRAM,
        message: "unknown key 'stage_modle' (did you mean 'stage_model'?)",
      }),
    ]);
    expect(a.vocabulary).toBeUndefined();
  });

  it('fails a case a lower cap breaks, expected against actual', () => {
    const a = lint('wi-hear', edit('    heat_pump: 800000', '    heat_pump: 650000'));
    const failed = a.cases.filter((c) => !c.ok);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0].failures.join('\n')).toContain('expected 800000, got 650000');
    expect(a.diagnostics.every((d) => d.code === 'case-failed')).toBe(true);
    expect(a.diagnostics.length).toBe(failed.reduce((n, c) => n + c.failures.length, 0));
  });

  it('reports a form edited at one keystroke and mended at the next: forms kept between keystrokes follow their text', () => {
    const FORM = 'task-schemas/provide_services/form.yaml';
    const withForm = (text: (t: string) => string) =>
      files.map((f) => (f.path === FORM ? { ...f, text: text(f.text) } : f));
    const broken = withForm((t) => t.replace('\nsection: services', '\nsection: services\nsectoin: x'));
    const once = lint('wi-hear', broken).diagnostics;
    expect(once).toEqual([expect.objectContaining({ file: FORM, message: expect.stringContaining("'sectoin'") })]);
    expect(lint('wi-hear', broken).diagnostics).toEqual(once);
    expect(lint('wi-hear', files).diagnostics).toEqual([]);
  });
});
