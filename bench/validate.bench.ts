/**
 * `npm run bench` (second part): validateTask throughput on the largest form, beside plain ajv on the
 * same schema in the same run. validateTask adds hiding of conditional fields, message mapping, the
 * form's cross-field rules and geotag warnings; the target is at least half of plain ajv's rate.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { loadDefinitions, validateTask, type Facts } from '../engine/index.ts';
import { PHONE_PATTERN } from '../engine/forms/form-ajv.ts';
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
const facts = { job: { lat: 37.7749, lon: -122.4194 }, derived: { today: '2026-06-01' }, constants: defs.shared.constants, tables: {}, task_status: {}, usage: {} } as Facts;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

console.log('\nvalidateTask vs plain ajv on the same schema (valid / invalid examples of each form\'s fixture)');
console.log(`${'form'.padEnd(40)} ${'fields'.padStart(6)} ${'ajv valid/s'.padStart(12)} ${'validateTask/s'.padStart(15)} ${'ratio'.padStart(6)} ${'ajv invalid/s'.padStart(14)} ${'validateTask/s'.padStart(15)} ${'ratio'.padStart(6)}`);
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
  let av = 0, tv = 0, ai = 0, ti = 0;
  for (let round = 0; round < 3; round++) {
    av = best(() => rate(valid, (d) => plain(d)))(av);
    tv = best(() => rate(valid, (d) => validateTask(form, d, facts)))(tv);
    if (invalid.length) ai = best(() => rate(invalid, (d) => plain(d)))(ai);
    if (invalid.length) ti = best(() => rate(invalid, (d) => validateTask(form, d, facts)))(ti);
  }
  console.log(`${form.key.padEnd(40)} ${String(form.fields.length).padStart(6)} ${fmt(av).padStart(12)} ${fmt(tv).padStart(15)} ${(tv / av).toFixed(2).padStart(6)} ${fmt(ai).padStart(14)} ${fmt(ti).padStart(15)} ${(ai ? ti / ai : 0).toFixed(2).padStart(6)}`);
}
console.log('(best of 3 alternating rounds; target: validateTask at no less than half of plain ajv on the largest form, post-install details; validators compiled once per form)');
