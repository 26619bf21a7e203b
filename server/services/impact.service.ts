/**
 * Impact before shipping (POST /api/programs/{id}/impact): the server's definition files with some
 * replaced by proposed texts are loaded by the engine's loader (errors answer 422 with the diagnostics at
 * their lines, and nothing runs), then every live job of the program is evaluated under the current and
 * the proposed definitions (engine/impact.ts) and the report answered. Nothing is written.
 */

import { impactReport, kindOf, loadDefinitions, type Definitions, type ImpactJob, type ImpactReport, type SourceFile } from '../../engine/index.ts';
import type { ImpactDiagnostic } from '../../engine/api/impact.ts';
import { todayOf, type Deps } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { repoDefinitionSources } from '../deps.ts';
import { tasksOfJobs } from '../db/refresh.db.ts';
import type { JobRow } from '../db/jobs.db.ts';
import { jobInput } from './evaluation.ts';

/** At most this many diagnostics are answered (the first ones, in file order). */
const MAX_DIAGNOSTICS = 50;

const invalid = (detail: string, diagnostics: ImpactDiagnostic[] = []) => new ApiError(422, detail, { diagnostics });

/** The server's definition files with the proposed ones in place; 422 for a path that is not one of them, or named twice. */
export function proposedSources(current: SourceFile[], proposed: SourceFile[]): SourceFile[] {
  const byPath = new Map(current.map((f) => [f.path, f]));
  const seen = new Set<string>();
  for (const f of proposed) {
    if (!byPath.has(f.path)) throw invalid(`'${f.path}' is not one of the definition files; name a file as the explorer lists it (e.g. program-defs/wi-hear/program.yaml).`);
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
    const diagnostics = errors.slice(0, MAX_DIAGNOSTICS).map((d) => ({ code: d.code, message: d.message, file: d.file, line: d.range.line }));
    const first = diagnostics[0];
    throw invalid(`The proposed definitions have ${errors.length} error(s); the first: ${first.file} line ${first.line}: ${first.message}`, diagnostics);
  }
  return defs;
}

/** The program's live (not canceled) jobs as the engine reads them. */
async function liveJobs(deps: Deps, programId: string): Promise<ImpactJob[]> {
  const rows: JobRow[] = await deps.db.selectFrom('jobs').selectAll().where('program_id', '=', programId).where('is_canceled', '=', 0).orderBy('id').execute();
  const jobs: ImpactJob[] = [];
  // Their tasks read a page of jobs at a time (the background refresh's read), not one query per job.
  for (let i = 0; i < rows.length; i += 500) {
    const page = rows.slice(i, i + 500);
    const tasks = await tasksOfJobs(deps.db, page.map((r) => r.id));
    for (const row of page) jobs.push({ id: row.id, code: row.code, program_id: row.program_id, county: row.county, input: jobInput(row, tasks.get(row.id) ?? []) });
  }
  return jobs;
}

/** The impact of replacing definition files on the program's live jobs (404 for an unknown program). */
export async function programImpact(deps: Deps, programId: string, files: SourceFile[]): Promise<ImpactReport> {
  if (!deps.defs.programs[programId]) throw notFound(`No program '${programId}'.`);
  const proposed = loadProposed(proposedSources(repoDefinitionSources(), files), files);
  return impactReport(deps.defs, proposed, await liveJobs(deps, programId), todayOf(deps));
}
