/**
 * `npm run bench` (second part): validateTask throughput on the largest form, beside plain ajv on the
 * same schema in the same run. validateTask adds hiding of conditional fields, message mapping, the
 * form's cross-field rules and geotag warnings; the target is at least half of plain ajv's rate. Then
 * `rebate validate --cases` end to end, beside the figure before its caches and beside Spectral.
 */

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { loadDefinitions, validateTask, type Facts } from '../engine/index.ts';
import { PHONE_PATTERN } from '../engine/forms/form-ajv.ts';
import { META_SCHEMAS, type FileKind } from '../engine/load/meta-validate.ts';
import { readDefinitionFiles } from '../cli/read-files.ts';

const MIN_MS = Number(process.env.BENCH_MS ?? 400);

function rate<T>(items: T[], fn: (item: T) => unknown): number {
  const warm = performance.now();
  while (performance.now() - warm < MIN_MS / 3) for (const item of items) fn(item);
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < MIN_MS) {
    for (const item of items) fn(item);
    n += items.length;
    elapsed = performance.now() - start;
  }
  return (n / elapsed) * 1000;
}

const defs = loadDefinitions(readDefinitionFiles([], process.cwd()));
const forms = Object.values(defs.forms).sort((a, b) => b.fields.length - a.fields.length);
if (forms.length === 0) {
  console.log('no task forms yet');
  process.exit(0);
}
const facts = {
  job: { lat: 37.7749, lon: -122.4194 },
  derived: { today: '2026-06-01' },
  constants: defs.shared.constants,
  tables: {},
  task_status: {},
  usage: {},
} as Facts;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

console.log("\nvalidateTask vs plain ajv on the same schema (valid / invalid examples of each form's fixture)");
console.log(
  `${'form'.padEnd(40)} ${'fields'.padStart(6)} ${'ajv valid/s'.padStart(12)} ${'validateTask/s'.padStart(15)} ${'ratio'.padStart(6)} ${'ajv invalid/s'.padStart(14)} ${'validateTask/s'.padStart(15)} ${'ratio'.padStart(6)}`,
);
for (const form of forms.slice(0, Number(process.env.BENCH_FORMS ?? 4))) {
  const fixture = join(process.cwd(), 'tests/fixtures/forms', `${form.key}.yaml`);
  if (!existsSync(fixture)) continue;
  const fx = parse(readFileSync(fixture, 'utf8')) as { valid: { data: object }[]; invalid: { data: object }[] };
  const ajv = new Ajv({ allErrors: true, strict: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  ajv.addFormat('phone', PHONE_PATTERN);
  const plain = ajv.compile(form.schema);
  const valid = fx.valid.map((v) => v.data);
  const invalid = fx.invalid.map((v) => v.data);
  // Alternating rounds, best of each: the machine is shared, so one slow round must not decide a ratio.
  const best = (fn: () => number) => (a: number) => Math.max(a, fn());
  let av = 0,
    tv = 0,
    ai = 0,
    ti = 0;
  for (let round = 0; round < 3; round++) {
    av = best(() => rate(valid, (d) => plain(d)))(av);
    tv = best(() => rate(valid, (d) => validateTask(form, d, facts)))(tv);
    if (invalid.length) ai = best(() => rate(invalid, (d) => plain(d)))(ai);
    if (invalid.length) ti = best(() => rate(invalid, (d) => validateTask(form, d, facts)))(ti);
  }
  console.log(
    `${form.key.padEnd(40)} ${String(form.fields.length).padStart(6)} ${fmt(av).padStart(12)} ${fmt(tv).padStart(15)} ${(tv / av).toFixed(2).padStart(6)} ${fmt(ai).padStart(14)} ${fmt(ti).padStart(15)} ${(ai ? ti / ai : 0).toFixed(2).padStart(6)}`,
  );
}
console.log(
  '(best of 3 alternating rounds; target: validateTask at no less than half of plain ajv on the largest form, post-install details; validators compiled once per form)',
);

// `rebate validate --cases` over the repository, end to end through the binary: warm (its bundle and caches
// current: what CI and a program manager's second run see), and without them (REBATE_NO_BUNDLE,
// REBATE_NO_CACHE: tsx and every schema compiled, as before the caches), beside the figure measured before
// (2.4-2.7 s) and beside Spectral linting the same files against the same meta-schemas, if it installs.
const PREVIOUS = '2.4-2.7 s';
const bin = join(process.cwd(), 'cli/bin/rebate.js');
/** Wall seconds of one run of a command (it must exit 0). */
function wall(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): number {
  const start = performance.now();
  const r = spawnSync(cmd, args, { encoding: 'utf8', cwd: opts.cwd, env: { ...process.env, ...opts.env } });
  if (r.status !== 0 && cmd === process.execPath)
    throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr || r.stdout.slice(-500)}`);
  return (performance.now() - start) / 1000;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const RUNS = Number(process.env.BENCH_VALIDATE_RUNS ?? 5);
wall(process.execPath, [bin, 'validate', '--cases']); // brings the bundle and caches up to date
const warm = median(Array.from({ length: RUNS }, () => wall(process.execPath, [bin, 'validate', '--cases'])));
const cold = median(
  Array.from({ length: Math.max(1, Math.floor(RUNS / 2)) }, () =>
    wall(process.execPath, [bin, 'validate', '--cases'], { env: { REBATE_NO_BUNDLE: '1', REBATE_NO_CACHE: '1' } }),
  ),
);

/** Spectral's binary: $SPECTRAL, or installed once into a temporary folder (never into this package). */
function spectral(): string | undefined {
  if (process.env.SPECTRAL) return process.env.SPECTRAL;
  const dir = join(tmpdir(), 'rebate-bench-spectral');
  const found = join(dir, 'node_modules/.bin/spectral');
  if (!existsSync(found)) {
    mkdirSync(dir, { recursive: true });
    const npm = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        '@stoplight/spectral-cli',
      ],
      { encoding: 'utf8', timeout: 180_000 },
    );
    if (npm.status !== 0) return undefined;
  }
  return existsSync(found) ? found : undefined;
}

/**
 * Spectral over a copy of the program, cases and form files, a ruleset of one `schema` rule per kind of file
 * with our meta-schemas (the shared files left out: their meta-schema refers to the program's). Spectral also
 * resolves the forms' `$ref`s and reports those to shared definitions as invalid-ref: more work, not less.
 */
function spectralSeconds(binary: string): number {
  const dir = mkdtempSync(join(tmpdir(), 'rebate-bench-spectral-'));
  try {
    for (const d of ['program-defs', 'task-schemas']) cpSync(join(process.cwd(), d), join(dir, d), { recursive: true });
    const kinds = { program: '**/program.yaml', 'task-form': '**/form.yaml', cases: '**/cases.yaml' } as const;
    const rules = Object.fromEntries(
      Object.keys(kinds).map((k) => {
        const { $schema: _d, $id: _i, ...schema } = META_SCHEMAS[k as FileKind] as Record<string, unknown>;
        return [
          `${k}-meta`,
          {
            given: '$',
            severity: 'error',
            then: { function: 'schema', functionOptions: { schema, dialect: 'draft7', allErrors: true } },
          },
        ];
      }),
    );
    const overrides = Object.entries(kinds).map(([k, files]) => ({
      files: [files],
      rules: Object.fromEntries(
        Object.keys(kinds)
          .filter((o) => o !== k)
          .map((o) => [`${o}-meta`, 'off']),
      ),
    }));
    writeFileSync(join(dir, 'ruleset.json'), JSON.stringify({ rules, overrides }));
    const args = [
      'lint',
      '--quiet',
      '--ruleset',
      'ruleset.json',
      '--fail-severity',
      'error',
      'program-defs/*/program.yaml',
      'program-defs/*/cases.yaml',
      'task-schemas/*/form.yaml',
    ];
    wall(binary, args, { cwd: dir });
    return median(Array.from({ length: Math.max(1, Math.floor(RUNS / 2)) }, () => wall(binary, args, { cwd: dir })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const files = readDefinitionFiles([], process.cwd());
const kb = Math.round(files.reduce((n, f) => n + f.text.length, 0) / 1024);
console.log(
  `\nrebate validate --cases over the repository (${files.length} files, ${kb} KB; median wall time of ${RUNS} runs)`,
);
console.log(`  warm (bundle and caches current)      ${warm.toFixed(2)} s   (target: under 1 s)`);
console.log(`  without bundle and caches (tsx)        ${cold.toFixed(2)} s`);
console.log(`  before (issue 18)                      ${PREVIOUS}`);
const sp = spectral();
if (sp)
  console.log(`  Spectral, the same files against the same meta-schemas only   ${spectralSeconds(sp).toFixed(2)} s`);
else
  console.log('  Spectral: could not be installed here (npm install @stoplight/spectral-cli), so no figure beside it');
