/**
 * Impact before shipping (POST /api/programs/{id}/impact): the server's definition files with some
 * replaced by proposed texts are loaded by the engine's loader (errors answer 422 with the diagnostics at
 * their lines, and nothing runs), then every live job of the program is evaluated under the current and
 * the proposed definitions (engine/impact.ts) and the report answered. Nothing is written.
 */

import {
  impactRun,
  kindOf,
  loadDefinitions,
  type Definitions,
  type ImpactJob,
  type ImpactReport,
  type SourceFile,
} from '../../engine/index.ts';
import { availableParallelism } from 'node:os';
import type { ImpactDiagnostic } from '../../engine/api/impact.ts';
import { todayOf, type Deps } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { repoDefinitionSources } from '../deps.ts';
import * as refreshDb from '../db/refresh.db.ts';
import type { Q } from '../db/portable.ts';
import { jobInput } from './evaluation.ts';
import { impactInThreads, ThreadStartError } from './impact-threads.ts';
import { pinnedUnder } from './pinned-program.ts';

/** At most this many diagnostics are answered (the first ones, in file order). */
const MAX_DIAGNOSTICS = 50;

const invalid = (detail: string, diagnostics: ImpactDiagnostic[] = []) => new ApiError(422, detail, { diagnostics });

/** The server's definition files with the proposed ones in place; 422 for a path that is not one of them, or named
 * twice. */
export function proposedSources(current: SourceFile[], proposed: SourceFile[]): SourceFile[] {
  const byPath = new Map(current.map((f) => [f.path, f]));
  const seen = new Set<string>();
  for (const f of proposed) {
    if (!byPath.has(f.path))
      throw invalid(
        `'${f.path}' is not one of the definition files; name a file as the explorer lists it (e.g. program-defs/wi-hear/program.yaml).`,
      );
    if (seen.has(f.path)) throw invalid(`'${f.path}' is given twice.`);
    seen.add(f.path);
    byPath.set(f.path, { path: f.path, text: f.text });
  }
  return [...byPath.values()];
}

/**
 * Loads proposed definition files with the engine's loader: 422 with the errors (code, message, file,
 * line) when any. Forms are compiled only when a form file is among the proposed ones (the rest are the
 * server's own, already checked at start).
 */
export function loadProposed(files: SourceFile[], changed: SourceFile[]): Definitions {
  const formsChanged = changed.some((f) => kindOf(f.path) === 'task-form' || kindOf(f.path) === 'form-shared');
  const defs = loadDefinitions(files, { lazy_forms: !formsChanged });
  const errors = defs.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) {
    const diagnostics = errors
      .slice(0, MAX_DIAGNOSTICS)
      .map((d) => ({ code: d.code, message: d.message, file: d.file, line: d.range.line }));
    const first = diagnostics[0];
    throw invalid(
      `The proposed definitions have ${errors.length} error(s); the first: ${first.file} line ${first.line}: ${first.message}`,
      diagnostics,
    );
  }
  return defs;
}

/** Jobs read per query, their tasks with them (the background refresh's reads), so a large database is read in bounded
 * pieces. */
const PAGE = 1000;

/**
 * The live (not canceled) jobs, of one program when given, as the impact report reads them, a page at a time (a
 * million jobs are never held at once); a job pinned to a definition version with the programs it is judged by now
 * and would be under the proposed definitions (its version, with each side's `apply_to_pinned` laid over:
 * server/services/pinned-program.ts).
 */
export async function* impactJobPages(
  db: Q,
  current: Definitions,
  proposed: Definitions,
  programId?: string,
): AsyncGenerator<ImpactJob[]> {
  for (let after = 0; ;) {
    const rows = await refreshDb.liveJobs(db, after, PAGE, programId);
    if (!rows.length) return;
    const tasks = await refreshDb.tasksOfJobs(
      db,
      rows.map((r) => r.id),
    );
    const jobs: ImpactJob[] = [];
    for (const row of rows) {
      const job: ImpactJob = {
        id: row.id,
        code: row.code,
        program_id: row.program_id,
        county: row.county,
        input: jobInput(row, tasks.get(row.id) ?? []),
      };
      const [now, then] = [current.programs[row.program_id], proposed.programs[row.program_id]];
      if (row.pinned_version)
        job.programs = {
          before: now && (await pinnedUnder(db, now, row.pinned_version)),
          after: then && (await pinnedUnder(db, then, row.pinned_version)),
        };
      jobs.push(job);
    }
    yield jobs;
    after = rows[rows.length - 1].id;
  }
}

/**
 * Reporting in threads (server/services/impact-threads.ts): the files both sets of definitions were loaded from, how
 * many threads (default: the cores, at most 4; under 2, none) and from how many live jobs on (default THREADS_FROM).
 */
export interface ImpactThreading {
  sources: { current: SourceFile[]; proposed: SourceFile[] };
  threads?: number;
  from_jobs?: number;
}

/**
 * Live jobs from which the report runs in threads: a thread loads TypeScript and both sets of definitions before its
 * first job (2-3 s in all), so threads pay from about 400,000 jobs on (measured on 2 cores, reads included: 100,000
 * jobs one thread 3.1 s, two 5.3 s; a million 31.2 s and 26.9 s).
 */
export const THREADS_FROM = 400_000;

/**
 * The impact report of the live jobs (of one program when given), read page by page and reported as they come: in
 * worker threads when `threading` says so and there are enough jobs (here, in this thread, when a thread cannot start).
 */
export async function impactOfJobs(
  db: Q,
  current: Definitions,
  proposed: Definitions,
  today: string,
  programId?: string,
  threading?: ImpactThreading,
): Promise<ImpactReport> {
  const threads = threading ? (threading.threads ?? Math.min(4, availableParallelism())) : 0;
  if (
    threading &&
    threads >= 2 &&
    (await refreshDb.countLiveJobs(db, programId)) >= (threading.from_jobs ?? THREADS_FROM)
  ) {
    const pages = impactJobPages(db, current, proposed, programId);
    try {
      return await impactInThreads(pages, { current, proposed, sources: threading.sources, today, threads });
    } catch (e) {
      // A thread that could not start (its definitions are not the ones evaluated here): reported in this thread.
      if (!(e instanceof ThreadStartError)) throw e;
    }
  }
  const run = impactRun(current, proposed, today);
  for await (const jobs of impactJobPages(db, current, proposed, programId)) run.add(jobs);
  return run.report;
}

/** The impact of replacing definition files on the program's live jobs (404 for an unknown program). */
export async function programImpact(deps: Deps, programId: string, files: SourceFile[]): Promise<ImpactReport> {
  if (!deps.defs.programs[programId]) throw notFound(`No program '${programId}'.`);
  const sources = { current: repoDefinitionSources(), proposed: proposedSources(repoDefinitionSources(), files) };
  const proposed = loadProposed(sources.proposed, files);
  return impactOfJobs(deps.db, deps.defs, proposed, todayOf(deps), programId, { sources });
}
