#!/usr/bin/env node
// No import circle in engine/, server/, web/ or cli/ (issue 39): run by `npm run lint`, exits 1 naming each circle.
// Every import counts, type-only ones too (types flow one way as well: shared types live in a leaf module both sides
// import), as do `export ... from` and import(). Imports are read by TypeScript's own scanner (ts.preProcessFile);
// relative specifiers are resolved as the repo writes them (explicit .ts/.tsx extensions).
// Usage: node scripts/import-cycles.js [root] [folder...]  (default: this repo, engine server web cli).
import ts from 'typescript';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts|cts)$/;

/** Every TypeScript file under a folder (node_modules and dist skipped). */
function sources(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' || d.name === 'dist' ? [] : sources(path);
    return SOURCE.test(d.name) && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, if it is one of ours. */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier.replace(/[?#].*$/, ''));
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((p) => SOURCE.test(p) && existsSync(p) && statSync(p).isFile());
}

/** The import graph of the files: file -> the files it imports. */
export function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const deps = importedFiles.map((i) => resolveSpecifier(file, i.fileName)).filter((p) => p !== undefined);
    graph.set(file, [...new Set(deps)]);
  }
  return graph;
}

/** The circles of a graph: its strongly connected components of more than one file (or a file importing itself),
 * each given as one circle through all its files' edges found first. */
export function importCycles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) !== idx.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** The circles among the folders' files, as paths relative to root. */
export function findImportCycles(root, folders) {
  const graph = importGraph(folders.flatMap((f) => sources(join(root, f))));
  return importCycles(graph).map((c) => c.map((f) => relative(root, f).replace(/\\/g, '/')));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [root = join(dirname(fileURLToPath(import.meta.url)), '..'), ...folders] = process.argv.slice(2);
  const cycles = findImportCycles(resolve(root), folders.length ? folders : ['engine', 'server', 'web', 'cli']);
  for (const c of cycles)
    console.error(`Import circle (move what both sides share into a module they both import):\n  ${c.join('\n  ')}`);
  process.exit(cycles.length ? 1 : 0);
}
