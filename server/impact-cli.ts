/**
 * `rebate impact <definitions-dir> --database <url>` (the CLI runs this file in a process of its own: cli/
 * never imports server/): every live job of the database evaluated under the repository's definitions and
 * under the proposed ones in the directory, and what would change (engine/impact.ts), as text or JSON.
 * It only reads: the database is opened read-only (SQLite) or queried without migrating (PostgreSQL).
 * Exit code 0 reported, 1 the proposed definitions have errors, 2 usage or an unreadable directory or database.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import { formatCents, kindOf, loadDefinitions, type ImpactReport, type SourceFile } from '../engine/index.ts';
import { backendOf, postgresPool, sqlitePath, sqliteStore } from './db/database.ts';
import type { DB } from './db/schema.ts';
import { readDefinitionSources } from './definitions.ts';
import { REPO_ROOT } from './deps.ts';
import { impactOfJobs } from './services/impact.service.ts';

const USAGE =
  'usage: rebate impact <definitions-dir> --database <url> [--program id] [--format text|json] [--today YYYY-MM-DD]';
class UsageError extends Error {}

function walk(root: string, dir: string, prefix: string, out: SourceFile[]) {
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(root, p, prefix, out);
    else if (kindOf(p)) out.push({ path: join(prefix, relative(root, p)), text: readFileSync(p, 'utf8') });
  }
}

/**
 * The proposed definition files: a directory holding program-defs/ (and task-schemas/), or a copy of
 * program-defs/ itself; the repository's task forms stand in for a directory without task-schemas/.
 */
export function proposedSources(dir: string): SourceFile[] {
  const abs = resolve(dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new UsageError(`no such directory: ${dir}`);
  const hasDefs = existsSync(join(abs, 'program-defs'));
  if (hasDefs && existsSync(join(abs, 'task-schemas'))) return readDefinitionSources(abs);
  const own: SourceFile[] = [];
  if (hasDefs) walk(join(abs, 'program-defs'), join(abs, 'program-defs'), 'program-defs', own);
  else walk(abs, abs, 'program-defs', own);
  if (!own.some((f) => kindOf(f.path) === 'program'))
    throw new UsageError(`${dir} holds no program definition (program-defs/<id>/program.yaml)`);
  return [...own, ...readDefinitionSources(REPO_ROOT).filter((f) => f.path.startsWith('task-schemas'))];
}

/** The database, opened for reading only. */
async function openReadOnly(
  url: string,
  schema: string | undefined,
): Promise<{ db: Kysely<DB>; close: () => Promise<void> }> {
  if (backendOf(url) === 'postgres') {
    const pool = postgresPool(url, { schema, max: 2 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      close: async () => {
        await db.destroy();
        if (!pool.ended) await pool.end();
      },
    };
  }
  const path = sqlitePath(url);
  if (path === ':memory:' || !existsSync(path)) throw new UsageError(`no such database: ${url}`);
  const store = sqliteStore(new Database(path, { readonly: true, fileMustExist: true }));
  return { db: store.kysely, close: store.close };
}

const signed = (cents: number) => `${cents > 0 ? '+' : ''}${formatCents(cents)}`;
const table = (rows: [string, string][], indent = '  ') => {
  const w = Math.max(0, ...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${indent}${k.padEnd(w)}  ${v}`);
};

/** The report as text: the counts, the dollars by program and county, then each changed job and why. */
export function impactText(r: ImpactReport, heading: string): string {
  const c = r.changed;
  const lines = [heading, '', `Jobs evaluated: ${r.jobs_evaluated}; changed: ${r.jobs.length}`, '', 'Jobs changing'];
  lines.push(
    ...table([
      ['eligibility', String(c.eligibility.count)],
      ...Object.entries(c.eligibility.by_reason)
        .sort()
        .map(([k, n]): [string, string] => [`  ${k}`, String(n)]),
      ['stage', String(c.stage)],
      ['tasks', String(c.tasks)],
      ['rebate', String(c.rebate)],
    ]),
  );
  lines.push('', `Rebate change: ${signed(r.dollars.total_cents)}`);
  for (const [title, m] of [
    ['by program', r.dollars.by_program],
    ['by county', r.dollars.by_county],
  ] as const) {
    const entries = Object.entries(m).sort(([a], [b]) => a.localeCompare(b));
    if (entries.length)
      lines.push(
        `  ${title}`,
        ...table(
          entries.map(([k, v]) => [k, signed(v)]),
          '    ',
        ),
      );
  }
  if (r.jobs.length) {
    lines.push('', 'Changed jobs');
    for (const j of r.jobs) {
      lines.push(`  ${j.code}  ${j.program_id}  ${j.county ?? '(no county)'}`);
      for (const b of j.because) lines.push(`    ${b}`);
    }
  }
  return lines.join('\n');
}

/** Runs `rebate impact`; returns the exit code. */
export async function impactCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: (s: string) => void,
  err: (s: string) => void,
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        database: { type: 'string' },
        program: { type: 'string' },
        format: { type: 'string', default: 'text' },
        today: { type: 'string' },
      },
    });
    if (positionals.length !== 1) throw new UsageError('impact needs one definitions directory');
    if (!values.database) throw new UsageError('impact needs --database <url>');
    if (values.format !== 'text' && values.format !== 'json')
      throw new UsageError(`unknown format '${values.format}' (formats: text, json)`);
    const today = values.today ?? new Date().toISOString().slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new UsageError(`--today must be YYYY-MM-DD, got '${today}'`);
    // The task forms are compiled only where they are proposed: the repository's own are checked by `rebate validate`,
    // and a form an evaluation needs is compiled when it is first used (compiling them all took most of a run).
    const currentFiles = readDefinitionSources(REPO_ROOT);
    const current = loadDefinitions(currentFiles, { lazy_forms: true });
    const proposedFiles = proposedSources(positionals[0]);
    const proposesForms = existsSync(join(resolve(positionals[0]), 'task-schemas'));
    const proposed = loadDefinitions(proposedFiles, { lazy_forms: !proposesForms });
    const errors = proposed.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) {
      err(`the proposed definitions have ${errors.length} error(s):`);
      for (const d of errors) err(`${d.file}:${d.range.line}:${d.range.col}: ${d.message} (${d.code})`);
      return 1;
    }
    const program = values.program;
    if (program && !current.programs[program] && !proposed.programs[program])
      throw new UsageError(`unknown program '${program}'`);
    const store = await openReadOnly(values.database, env.DATABASE_SCHEMA || undefined);
    let report: ImpactReport;
    try {
      report = await impactOfJobs(store.db, current, proposed, today, program, {
        sources: { current: currentFiles, proposed: proposedFiles },
      });
    } finally {
      await store.close();
    }
    out(
      values.format === 'json'
        ? JSON.stringify(report, null, 2)
        : impactText(report, `Impact of ${positionals[0]}${program ? ` on ${program}` : ''} (today ${today})`),
    );
    return 0;
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err(`rebate: ${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    // A database that cannot be read (wrong URL, no jobs table): its message, not a stack trace.
    err(`rebate impact: ${(e as Error).message}`);
    return 2;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  process.exitCode = await impactCommand(
    process.argv.slice(2),
    process.env,
    (s) => console.log(s),
    (s) => console.error(s),
  );
}
