/**
 * README.md and docs/*.md stay honest: every npm script and `rebate` command they name exists, every environment
 * variable of a configuration table is read by the code (and every one the server reads is in a table), every repo
 * path named in backticks exists, and every relative link (and its #anchor) resolves.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { ROOT } from './load-repo.ts';

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const text = Object.fromEntries(DOCS.map((d) => [d, read(d)]));

/** Exceptions, each on purpose:
 * - Runtime and build output (created by `npm start`, the tests, the bench, the build): not in a fresh checkout.
 * - `node_modules/` is installed, not ours. */
const PATH_EXCEPTIONS = [
  /^data(\/|$)/,
  /^artifacts(\/|$)/,
  /^tests\/e2e\/artifacts(\/|$)/,
  /^web\/dist(\/|$)/,
  /^node_modules(\/|$)/,
];
/** docs/diagnostics.md shows mistakes, misspelt and misplaced files among them: its paths are examples. */
const PATH_CHECK_SKIPS = new Set(['docs/diagnostics.md']);
/** Folders never walked for files (installed, generated, or git's own). */
const SKIP_DIRS = new Set(['node_modules', '.git', 'data', 'dist', 'artifacts']);
const FILE_EXT = /\.(ts|tsx|js|json|ya?ml|md|sql|sh|example)$/;

/** Every file of the repository, as a path from the root. */
function repoFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP_DIRS.has(e.name)) return [];
    const full = join(dir, e.name);
    return e.isDirectory() ? repoFiles(full) : [relative(ROOT, full)];
  });
}
const FILES = repoFiles();

/** The inline code spans of a Markdown text outside fenced blocks, and the fenced blocks' lines. */
function codeOf(md: string): { spans: string[]; fenced: string[] } {
  const spans: string[] = [];
  const fenced: string[] = [];
  let inFence = false;
  for (const line of md.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    else if (inFence) fenced.push(line);
    else for (const m of line.matchAll(/`([^`]+)`/g)) spans.push(m[1]);
  }
  return { spans, fenced };
}

/** A glob (`*`) as a regular expression over repo paths. */
function globRegex(glob: string): RegExp {
  const src = glob.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${src}${glob.endsWith('/') ? '.*' : '(/.*)?'}$`);
}

/** `a/{b,c}/d` as `a/b/d` and `a/c/d`. */
function expandBraces(p: string): string[] {
  const m = /\{([^}]+)\}/.exec(p);
  if (!m) return [p];
  return m[1].split(',').flatMap((alt) => expandBraces(p.slice(0, m.index) + alt + p.slice(m.index + m[0].length)));
}

/** Whether a backticked repo path exists: a path with `/` from the root, a bare file name anywhere in the tree; a
 * `*` must match at least one file, each `{a,b}` alternative must exist. */
function pathExists(p: string): boolean {
  return expandBraces(p).every((one) => {
    if (one.includes('*')) {
      const re = globRegex(one);
      return FILES.some((f) => re.test(one.includes('/') ? f : f.split('/').pop()!));
    }
    if (one.includes('/')) return existsSync(join(ROOT, one));
    return existsSync(join(ROOT, one)) || FILES.some((f) => f.split('/').pop() === one);
  });
}

/** The backticked spans that look like repo paths (placeholders, URLs, routes and options are not). */
function repoPaths(md: string): string[] {
  return codeOf(md).spans.filter((s) => {
    if (!/^[\w.@*{},/-]+$/.test(s)) return false; // spaces, `<name>` placeholders, `:`, `?`, `=`...
    if (s.startsWith('/') || s.startsWith('-') || s.includes('...')) return false; // routes, options, elisions
    if (!s.includes('/') && !FILE_EXT.test(s)) return false;
    if (/^\w+\/\w+$/.test(s) && !existsSync(join(ROOT, s.split('/')[0]))) return false; // `a/b` alternatives in prose
    return !PATH_EXCEPTIONS.some((re) => re.test(s));
  });
}

/** GitHub's anchor of a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchorsOf = (md: string) =>
  new Set([...md.replace(/^\s*```[\s\S]*?^\s*```/gm, '').matchAll(/^#+ (.*)$/gm)].map((m) => slug(m[1])));

/** Source files whose text may read an environment variable (Markdown and this test excluded). */
const SOURCE = FILES.filter(
  (f) =>
    /^(server|cli|bench|tests|sim|\.ci|web|engine)\//.test(f) &&
    !f.endsWith('.md') &&
    f !== 'tests/docs.test.ts' &&
    !f.startsWith('tests/fixtures/'),
)
  .concat(['vitest.config.ts', '.env.example'])
  .map(read)
  .join('\n');

/** The backticked UPPER_SNAKE names in the first column of a doc's tables headed `variable`. */
function tableVariables(md: string): string[] {
  const names: string[] = [];
  let inTable = false;
  for (const line of md.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (!line.trimStart().startsWith('|')) inTable = false;
    else if (cells[1] === 'variable') inTable = true;
    else if (inTable && /^`[A-Z][A-Z0-9_]+`$/.test(cells[1])) names.push(cells[1].slice(1, -1));
  }
  return names;
}

/** The environment variables code under `dirs` reads (`env.X`, `env['X']`), tests apart. */
function envReadBy(dirs: string[]): Set<string> {
  const names = new Set<string>();
  for (const f of FILES.filter((f) => dirs.some((d) => f.startsWith(`${d}/`)) && /\.(ts|js)$/.test(f))) {
    if (/\.test\.ts$/.test(f)) continue;
    for (const m of read(f).matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g))
      names.add(m[1] ?? m[2]);
  }
  return names;
}

describe('README and docs', () => {
  it('name only npm scripts that exist in package.json', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = DOCS.flatMap((d) => [...text[d].matchAll(/npm run ([\w:-]+)/g)].map((m) => `${d}: ${m[1]}`));
    expect(named.length).toBeGreaterThan(3);
    // `test:quick` is named on purpose: it comes with another change, and this test fails until it is merged.
    expect([...new Set(named.filter((n) => !scripts.includes(n.split(': ')[1])))]).toEqual([]);
  });

  it('name only rebate commands the CLI has', async () => {
    let usage = '';
    await main(['--help'], { out: (s) => (usage += s), err: () => {}, cwd: ROOT });
    const commands = new Set([...usage.matchAll(/^\s*rebate ([a-z]+(?: [a-z]+)?)/gm)].map((m) => m[1]));
    expect(commands).toContain('validate');
    const named = DOCS.flatMap((d) => {
      const { spans, fenced } = codeOf(text[d]);
      const code = [...spans, ...fenced].join('\n');
      return [...code.matchAll(/(?:npx |^)rebate ([a-z]+)(?: ([a-z]+))?/gm)].map((m) => ({ doc: d, m }));
    });
    expect(named.length).toBeGreaterThan(5);
    const unknown = named
      .filter(({ m }) => !commands.has(m[1]) && !commands.has(`${m[1]} ${m[2]}`))
      .map(({ doc, m }) => `${doc}: ${m[0]}`);
    // A command with sub-commands (`db migrate`) must name one the CLI has.
    const badSub = named
      .filter(({ m }) => [...commands].some((c) => c.startsWith(`${m[1]} `)) && !commands.has(`${m[1]} ${m[2]}`))
      .map(({ doc, m }) => `${doc}: ${m[0]}`);
    expect([...new Set([...unknown, ...badSub])]).toEqual([]);
  });

  it('document only environment variables the code reads', () => {
    const named = DOCS.flatMap((d) => tableVariables(text[d]).map((v) => ({ doc: d, v })));
    expect(named.length).toBeGreaterThan(20);
    const unread = named.filter(({ v }) => !new RegExp(`\\b${v}\\b`).test(SOURCE)).map(({ doc, v }) => `${doc}: ${v}`);
    expect(unread).toEqual([]);
  });

  it('have every variable the server, CLI and simulators read in a configuration table', () => {
    const documented = new Set([...tableVariables(text['README.md']), ...tableVariables(text['docs/operations.md'])]);
    const read = envReadBy(['server', 'cli', 'sim']);
    expect(read).toContain('DATABASE_URL');
    expect([...read].filter((v) => !documented.has(v))).toEqual([]);
  });

  it('have every variable the benchmarks read in the benchmarks table', () => {
    const documented = new Set(tableVariables(text['docs/benchmarks.md']));
    const read = envReadBy(['bench']);
    expect([...read].filter((v) => !documented.has(v) && v !== 'TEST_DATABASE_URL')).toEqual([]);
  });

  it('name only repo paths that exist', () => {
    const named = DOCS.filter((d) => !PATH_CHECK_SKIPS.has(d)).flatMap((d) =>
      repoPaths(text[d]).map((p) => ({ doc: d, p })),
    );
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter(({ p }) => !pathExists(p)).map(({ doc, p }) => `${doc}: ${p}`)).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const d of DOCS) {
      for (const m of text[d].matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
        const [file, anchor] = target.split('#');
        const path = file ? relative(ROOT, join(ROOT, dirname(d), file)) : d;
        if (!existsSync(join(ROOT, path))) broken.push(`${d}: ${target}`);
        else if (anchor && statSync(join(ROOT, path)).isFile() && path.endsWith('.md')) {
          if (!anchorsOf(read(path)).has(anchor)) broken.push(`${d}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
