#!/usr/bin/env node
// No import circle in engine/, server/, web/ or cli/ (issue 39): run by `npm run lint`, exits 1 naming each circle.
// dpdm reads the imports (TypeScript's parser) and finds the circles; every import counts, type-only ones too
// (types flow one way as well: shared types live in a leaf module both sides import), and `export ... from`.
// Usage: node scripts/import-cycles.js [root] [folder...]  (default: this repo, engine server web cli).
import { parseCircular, parseDependencyTree } from 'dpdm';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The import circles among the TypeScript files of `folders` under `root`, each as sorted paths from the root. */
export async function findImportCycles(root, folders) {
  const entries = folders.filter((f) => existsSync(join(root, f))).map((f) => `${f}/**/*.{ts,tsx}`);
  if (!entries.length) return [];
  const tree = await parseDependencyTree(entries, {
    cwd: root,
    context: root,
    transform: false, // keep type-only imports
    skipDynamicImports: false,
    exclude: /node_modules|\.d\.ts$/,
  });
  return parseCircular(tree)
    .map((cycle) => [...cycle].sort())
    .sort((a, b) => a.join().localeCompare(b.join()));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [root = fileURLToPath(new URL('..', import.meta.url)), ...folders] = process.argv.slice(2);
  const cycles = await findImportCycles(resolve(root), folders.length ? folders : ['engine', 'server', 'web', 'cli']);
  for (const c of cycles) console.error(`import circle: ${c.join(' -> ')}`);
  if (cycles.length) {
    console.error(`${cycles.length} import circle(s): move what both sides need into a module both import.`);
    process.exitCode = 1;
  }
}
