import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { loadDefinitions, validateTask, type Facts } from '../engine/index.ts';
import { readDefinitionFiles } from '../cli/read-files.ts';
const defs = loadDefinitions(readDefinitionFiles([], process.cwd()));
const form = defs.forms.cas_testing_post;
const fx = parse(readFileSync('tests/fixtures/forms/cas_testing_post.yaml', 'utf8'));
const data = fx.valid[0].data;
const facts = { job: { lat: 37.7749, lon: -122.4194 }, derived: { today: '2026-06-01' }, constants: defs.shared.constants } as unknown as Facts;
const t = performance.now(); let n = 0;
while (performance.now() - t < 3000) { for (let i = 0; i < 1000; i++) validateTask(form, data, facts); n += 1000; }
console.log(n / 3);
