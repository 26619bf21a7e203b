/**
 * No input makes `rebate validate` throw (issue 45). fast-check mutates the real definition files of a program
 * (delete, duplicate, swap, indent or dedent a line; replace a scalar by one of another type; insert a YAML token
 * such as `*x`, `&a`, `!!int`, `{`, `- `, `: `; truncate the file) and asserts that loadDefinitions returns
 * diagnostics (objects with a code, a file and a range) instead of throwing; a smaller part runs the CLI's
 * `validate` on a temporary copy and asserts it exits 0, 1 or 2 and prints no stack trace.
 *
 * Sized for CI (about 10 s of CPU, under 20 s on a loaded 2-core machine): by default 100 runs of the loader on
 * wi-hear's files and 3 of the CLI. Full size: set FUZZ_RUNS (reco's files join in, the CLI part runs a twentieth),
 * e.g. `FUZZ_RUNS=2000 npx vitest run tests/validate-property.test.ts`; FUZZ_SEED
 * replays a run fast-check reported.
 */

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { mkdirSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { validate } from '../cli/commands/validate.ts';
import { loadDefinitions, type SourceFile } from '../engine/index.ts';
import { createMetaValidators } from '../engine/load/meta-validate.ts';
import { parseSource, type ParsedFile } from '../engine/load/yaml-source.ts';
import { ROOT } from './load-repo.ts';
import { programFiles } from './support/lint-rows.ts';

const RUNS = Number(process.env.FUZZ_RUNS) || 100;
const CLI_RUNS = process.env.FUZZ_RUNS ? Math.round(Number(process.env.FUZZ_RUNS) / 20) : 3;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** The files fuzzed: wi-hear (seven_stage), with reco (six_stage) at full size; their forms, both _shared folders. */
const FILES: SourceFile[] = [
  ...new Map(
    [...programFiles('wi-hear'), ...(process.env.FUZZ_RUNS ? programFiles('reco') : [])].map((f) => [f.path, f]),
  ).values(),
];

const TOKENS = ['*x', '&a', '!!int', '{', '}', '[', ']', '- ', ': ', '? ', '|', '>', '"', "'", '#', '<<: *a', '%YAML'];
const SCALARS = ['null', '~', 'true', 'no', '0', '-1', '1e400', '.nan', '[]', '{}', '""', 'x', '"a: b"', '[1, [2]]'];

type Mutation =
  | { op: 'delete' | 'duplicate' | 'indent' | 'dedent' | 'truncate'; line: number }
  | { op: 'swap'; line: number; other: number }
  | { op: 'scalar'; line: number; value: string }
  | { op: 'token'; line: number; at: number; token: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    op: fc.constantFrom('delete', 'duplicate', 'indent', 'dedent', 'truncate') as fc.Arbitrary<
      'delete' | 'duplicate' | 'indent' | 'dedent' | 'truncate'
    >,
    line: fc.nat(),
  }),
  fc.record({ op: fc.constant('swap' as const), line: fc.nat(), other: fc.nat() }),
  fc.record({ op: fc.constant('scalar' as const), line: fc.nat(), value: fc.constantFrom(...SCALARS) }),
  fc.record({ op: fc.constant('token' as const), line: fc.nat(), at: fc.nat(), token: fc.constantFrom(...TOKENS) }),
);

/** A file's text with one mutation (lines and columns taken modulo the file's). */
function mutate(text: string, m: Mutation): string {
  const lines = text.split('\n');
  const i = m.line % lines.length;
  const line = lines[i];
  switch (m.op) {
    case 'delete':
      lines.splice(i, 1);
      break;
    case 'duplicate':
      lines.splice(i, 0, line);
      break;
    case 'indent':
      lines[i] = `  ${line}`;
      break;
    case 'dedent':
      lines[i] = line.replace(/^ {1,2}/, '');
      break;
    case 'truncate':
      return lines.slice(0, i).join('\n') + line.slice(0, Math.floor(line.length / 2));
    case 'swap': {
      const j = m.other % lines.length;
      [lines[i], lines[j]] = [lines[j], lines[i]];
      break;
    }
    case 'scalar': {
      // The value after the line's last `key: ` (or the line's item), replaced by one of another type.
      const k = line.lastIndexOf(': ');
      lines[i] = k >= 0 ? `${line.slice(0, k + 2)}${m.value}` : line.replace(/^(\s*- ).*/, `$1${m.value}`);
      break;
    }
    case 'token': {
      const at = m.at % (line.length + 1);
      lines[i] = line.slice(0, at) + m.token + line.slice(at);
      break;
    }
  }
  return lines.join('\n');
}

/**
 * Loads files as the table tests do (tests/support/lint-rows.ts; rules interpreted, not compiled), reusing the parse
 * of each unchanged file (a copy of its value: the loader may add to it), so a run costs the mutated file's parse
 * and the checks.
 */
const META = createMetaValidators();
const parsedTexts = new Map<string, ParsedFile>();
function parse(file: string, text: string): ParsedFile {
  const key = `${file}\u0000${text}`;
  let parsed = parsedTexts.get(key);
  if (!parsed) {
    parsed = parseSource(file, text);
    if (FILES.some((f) => f.path === file && f.text === text)) parsedTexts.set(key, parsed);
  }
  return { ...parsed, value: structuredClone(parsed.value) };
}
const loadFiles = (files: SourceFile[]) =>
  loadDefinitions(files, {
    unused_forms: false,
    lazy_forms: true,
    meta_validators: META,
    parse,
    evaluator: 'interpreted',
  });

/** One to three mutations of files picked from FILES. */
const edits = fc.array(fc.record({ file: fc.nat(FILES.length - 1), m: mutation }), { minLength: 1, maxLength: 3 });

function applied(list: { file: number; m: Mutation }[]): SourceFile[] {
  const files = FILES.map((f) => ({ ...f }));
  for (const { file, m } of list) files[file].text = mutate(files[file].text, m);
  return files;
}

describe('validate never throws', () => {
  it('loadDefinitions returns diagnostics for mutated definitions', () => {
    fc.assert(
      fc.property(edits, (list) => {
        const defs = loadFiles(applied(list));
        for (const d of defs.diagnostics) {
          expect(typeof d.code).toBe('string');
          expect(typeof d.file).toBe('string');
          expect(Number.isInteger(d.range.line) && Number.isInteger(d.range.col)).toBe(true);
          expect(d.code).not.toBe('loader-error');
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);

  const temp = mkdtempSync(join(tmpdir(), 'rebate-fuzz-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('the CLI exits 0, 1 or 2 without a stack trace', () => {
    let n = 0;
    fc.assert(
      fc.property(edits, (list) => {
        const dir = join(temp, String(n++));
        for (const f of FILES) cpSync(join(ROOT, f.path), join(dir, f.path));
        for (const f of applied(list)) {
          mkdirSync(dirname(join(dir, f.path)), { recursive: true });
          writeFileSync(join(dir, f.path), f.text);
        }
        const out: string[] = [];
        const code = validate([], {
          cases: false,
          format: 'stylish',
          cwd: dir,
          cache: false,
          print: (s) => out.push(s),
        });
        expect([0, 1, 2]).toContain(code);
        expect(out.join('\n')).not.toMatch(/^ {4}at /m);
        rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: CLI_RUNS, seed: SEED },
    );
  }, 120_000);
});
