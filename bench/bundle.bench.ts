/**
 * `npm run bench` (bundle part): the JavaScript a browser loads for the jobs list route on first load
 * (the entry, its static imports, the jobs page chunk and its static imports), gzip-compressed, beside
 * the whole app's JavaScript. Reads the Vite manifest of a fresh production build.
 */

import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { build } from 'vite';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  css?: string[];
}

const DIST = join(process.cwd(), 'web/dist');
await build({ configFile: 'web/vite.config.ts', logLevel: 'error' });
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return seen;
}

const gz = (file: string) => gzipSync(readFileSync(join(DIST, file))).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
/** The figures recorded before the workbench (issue 46), which loads on its own: first loads must not grow. */
const BEFORE: Record<string, string> = { 'jobs list (/)': '155.1 KB', 'job detail (/{jobId})': '221.2 KB' };
const routes: [string, string][] = [
  ['jobs list (/)', 'features/jobs/components/jobs-page.tsx'],
  ['job detail (/{jobId})', 'features/job-detail/components/job-detail-page.tsx'],
  ['program explorer', 'features/program-explorer/components/explorer-page.tsx'],
];
console.log(
  '\nJavaScript per route on first load (gzip): entry + static imports + the page chunk and its static imports + the icon table',
);
console.log(`${'route'.padEnd(28)} ${'chunks'.padStart(6)} ${'gzip'.padStart(10)}`);
for (const [label, page] of routes) {
  const key = Object.keys(manifest).find((k) => k.endsWith(page));
  // The icon loader's table loads with the first icon drawn: it counts as first load.
  const icons = Object.keys(manifest).find((k) => k.endsWith('lib/icon-paths-16.ts'));
  const files = [...closure([entry, ...(key ? [key] : []), ...(icons ? [icons] : [])])]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'));
  const total = files.reduce((n, f) => n + gz(f), 0);
  console.log(
    `${label.padEnd(28)} ${String(files.length).padStart(6)} ${kb(total).padStart(10)}${BEFORE[label] ? `   (before the workbench: ${BEFORE[label]})` : ''}${label.startsWith('jobs') ? '   (target: under 150 KB)' : ''}`,
  );
}
const all = Object.values(manifest)
  .map((c) => c.file)
  .filter((f) => f.endsWith('.js'));
console.log(
  `${'whole app (every chunk)'.padEnd(28)} ${String(all.length).padStart(6)} ${kb(all.reduce((n, f) => n + gz(f), 0)).padStart(10)}`,
);
const rjsf = Object.keys(manifest).filter((k) => k.includes('@rjsf'));
const jobsKey = Object.keys(manifest).find((k) => k.endsWith(routes[0][1]));
const leaks = [...closure([entry, ...(jobsKey ? [jobsKey] : [])])].filter(
  (k) => k.includes('@rjsf') || k.includes('ajv') || k.includes('json-logic'),
);
console.log(
  `RJSF/ajv/json-logic chunks in the jobs list's first load: ${leaks.length ? leaks.join(', ') : 'none'} (RJSF chunks in the app: ${rjsf.length})`,
);
