/**
 * The caches of `rebate validate` (cli/validator-cache.ts, cli/source-cache.ts) change only how soon
 * the answer comes: the same diagnostics, at the same places, with a cold cache, a warm one, a
 * corrupt one and none.
 */

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../cli/commands/validate.ts';
import { readDefinitionFiles } from '../cli/read-files.ts';
import { sourceCache } from '../cli/source-cache.ts';
import { parseSource } from '../engine/load/yaml-source.ts';
import { ROOT } from './load-repo.ts';

const temp = mkdtempSync(join(tmpdir(), 'rebate-cache-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function run(cwd: string, cache: string | false) {
  const out: string[] = [];
  const code = validate([], { cases: true, format: 'json', cwd, print: (s) => out.push(s), cache });
  return { code, out: out.join('\n') };
}

/** One program (wi-hear) with the shared folders and the forms it names. */
function smallCopy(dest: string) {
  cpSync(join(ROOT, 'program-defs/_shared'), join(dest, 'program-defs/_shared'), { recursive: true });
  cpSync(join(ROOT, 'program-defs/wi-hear'), join(dest, 'program-defs/wi-hear'), { recursive: true });
  cpSync(join(ROOT, 'task-schemas/_shared'), join(dest, 'task-schemas/_shared'), { recursive: true });
  const program = readFileSync(join(ROOT, 'program-defs/wi-hear/program.yaml'), 'utf8');
  for (const [, form] of program.matchAll(/\bform: ([a-z0-9_]+)/g))
    cpSync(join(ROOT, 'task-schemas', form), join(dest, 'task-schemas', form), { recursive: true });
}

/** A copy with mistakes the caches must not hide: a keyword typo, a YAML error, a key typo. */
const broken = join(temp, 'broken');
beforeAll(() => {
  smallCopy(broken);
  const edit = (file: string, from: RegExp, to: string) => {
    const text = readFileSync(join(broken, file), 'utf8');
    expect(text).toMatch(from);
    writeFileSync(join(broken, file), text.replace(from, to));
  };
  edit('task-schemas/confirm_install_dates/form.yaml', /\n(\s+)required:/, '\n$1requried:');
  edit('program-defs/wi-hear/program.yaml', /\nstage_model: /, '\nstage_modle: ');
  edit('program-defs/wi-hear/cases.yaml', /\n/, '\n  bad: [unclosed\n');
});

describe('rebate validate caches', () => {
  it('a cold cache, a warm one, a corrupt one and none give the same output', () => {
    const dir = join(temp, 'cache');
    const none = run(broken, false);
    expect(none.code).toBe(1);
    const found = (JSON.parse(none.out).results as { code: string; file: string }[]).map((d) => `${d.code} ${d.file}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'yaml-syntax program-defs/wi-hear/cases.yaml',
        'schema-additionalProperties program-defs/wi-hear/program.yaml',
      ]),
    );
    expect(found.some((f) => f.endsWith('task-schemas/confirm_install_dates/form.yaml'))).toBe(true);
    expect(run(broken, dir)).toEqual(none);
    expect(readdirSync(dir).sort()).toEqual(['sources.json', 'validators']);
    expect(readdirSync(join(dir, 'validators')).length).toBeGreaterThan(10);
    expect(run(broken, dir)).toEqual(none);
    writeFileSync(join(dir, 'sources.json'), '{"truncated": ');
    for (const f of readdirSync(join(dir, 'validators')))
      writeFileSync(join(dir, 'validators', f), 'module.exports = function validate(data, {');
    expect(run(broken, dir)).toEqual(none);
  });

  it('a kept file locates every path as parsing it does, and a path it lacks at the nearest ancestor', () => {
    const dir = join(temp, 'sources');
    const first = sourceCache(dir);
    const files = readDefinitionFiles([], broken);
    for (const f of files) first.parse(f.path, f.text);
    first.save();
    const kept = sourceCache(dir);
    for (const f of files) {
      const fresh = parseSource(f.path, f.text);
      const cached = kept.parse(f.path, f.text);
      expect(cached.value).toEqual(fresh.value);
      const paths: (string | number)[][] = [];
      const visit = (v: unknown, path: (string | number)[]) => {
        paths.push(path, [...path, 'no_such_key'], [...path, 'constructor'], [...path, 99, 'x']);
        if (Array.isArray(v)) v.forEach((x, i) => visit(x, [...path, i]));
        else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, [...path, k]);
      };
      visit(fresh.value, []);
      for (const p of paths) {
        expect(cached.locate(p), `${f.path} ${p.join('.')}`).toEqual(fresh.locate(p));
        expect(cached.locate(p, true), `${f.path} ${p.join('.')} (key)`).toEqual(fresh.locate(p, true));
      }
    }
  });
});
