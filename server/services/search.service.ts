/**
 * Search of spec sect. 2: jobs (any signed-in user, within what they may see) and contractors (ops;
 * a contractor sees its own company). fuse.js semantics with the engine's JOB_SEARCH and
 * CONTRACTOR_SEARCH (keys, weights, threshold 0.4, minimum match 2, ignoring location), narrowed by
 * the trigram indexes of migration 004 (FTS5 on SQLite, pg_trgm on PostgreSQL) (see fuzzy-rank.ts).
 */

import type { JobHit } from '../../engine/api/search.ts';
import { assertMay } from '../abilities.ts';
import {
  CONTRACTOR_SEARCH,
  JOB_SEARCH,
  SEARCH_MAX_CHARS,
  SEARCH_MESSAGES,
  isSearchable,
  type EligibilityStatus,
  type SearchConfig,
} from '../../engine/index.ts';
import type { AuthUser, Deps } from '../context.ts';
import { badRequest } from '../errors.ts';
import * as searchDb from '../db/search.db.ts';
import * as searchRows from '../db/search-rows.db.ts';
import { jobScope } from './access.ts';
import { SEARCH_TUNING, candidateIds, rankRows, type SearchTuning } from './fuzzy-rank.ts';
import { identifierCandidates } from './identifier-scan.ts';

export { SEARCH_MESSAGES };

/** The most results one search answers. */
export const SEARCH_MAX_LIMIT = 50;

/** A job result (spec sect. 2: name, canceled, code, address, contractor, stage badge, program badge). */
/** A job result: the answer contract's type (engine/api/search.ts). */
export type JobSearchItem = JobHit;

/** A contractor result; a null address shows as 'No primary address found'. */
export type ContractorSearchItem = searchRows.ContractorSearchRow;

/** The query as searched: trimmed, without control characters; 400 when shorter than 2 or longer than 100 characters.
 * */
export function checkedQuery(q: unknown): string {
  // Measured before any work on it, so a megabyte of query costs one comparison.
  if (typeof q === 'string' && q.length > SEARCH_MAX_CHARS * 2)
    throw badRequest(SEARCH_MESSAGES.too_long, 'search_too_long');
  // Control characters never reach the index: it wraps fields in two of them.
  const query =
    typeof q === 'string'
      ? Array.from(q)
          .filter((ch) => ch >= ' ' && ch !== '\u007f')
          .join('')
          .trim()
      : '';
  if (!isSearchable(query)) throw badRequest(SEARCH_MESSAGES.too_short, 'search_too_short');
  if (Array.from(query).length > SEARCH_MAX_CHARS) throw badRequest(SEARCH_MESSAGES.too_long, 'search_too_long');
  return query;
}

/**
 * Ids of the rows to score: the whole scope when small, else the index's candidates (and, over every job,
 * the codes and external ids an identifier-like query matches: identifier-scan.ts).
 */
async function poolIds(
  deps: Deps,
  index: searchDb.SearchIndex,
  config: SearchConfig,
  scope: searchDb.SearchScope,
  query: string,
  tuning: SearchTuning,
): Promise<number[]> {
  const whole = await searchRows.idsInScope(deps.db, index, scope, tuning.whole_scope);
  if (whole) return whole;
  // The identifier columns are every job's: only a search over every job (no scope) may add from them.
  const everyJob = index === 'jobs' && scope.contractor_id === undefined && scope.homeowner_user_id === undefined;
  // Side by side: the index lookups mostly wait on the database (PostgreSQL), the identifier scan works in memory.
  const [ids, extra] = await Promise.all([
    candidateIds(deps.db, index, config, scope, query, tuning),
    everyJob ? identifierCandidates(deps.db, deps.store, config, query, tuning.shortlist) : [],
  ]);
  return extra.length ? [...new Set([...ids, ...extra])] : ids;
}

/** Jobs matching `q` that the user may see, best first. */
export async function searchJobs(
  deps: Deps,
  user: AuthUser,
  q: unknown,
  limit = 10,
  tuning: SearchTuning = SEARCH_TUNING,
): Promise<JobSearchItem[]> {
  const query = checkedQuery(q);
  const n = Math.min(Math.max(1, limit), SEARCH_MAX_LIMIT);
  // The pool is read as results (a few more columns than its searchable text): the top rows need no second read.
  const pool = await searchRows.jobSearchRows(
    deps.db,
    await poolIds(deps, 'jobs', JOB_SEARCH, jobScope(user), query, tuning),
  );
  return rankRows(pool, JOB_SEARCH, query, n, tuning).map((r) => presentJob(deps, r));
}

/** Contractors matching `q`: ops search every company, a contractor only its own; homeowners may not. */
export async function searchContractors(
  deps: Deps,
  user: AuthUser,
  q: unknown,
  limit = 10,
  tuning: SearchTuning = SEARCH_TUNING,
): Promise<ContractorSearchItem[]> {
  assertMay(user, 'contractor.list');
  const query = checkedQuery(q);
  const n = Math.min(Math.max(1, limit), SEARCH_MAX_LIMIT);
  const scope: searchDb.SearchScope = user.role === 'contractor' ? { contractor_id: user.contractor_id ?? -1 } : {};
  const pool = await searchRows.contractorSearchRows(
    deps.db,
    await poolIds(deps, 'contractors', CONTRACTOR_SEARCH, scope, query, tuning),
  );
  return rankRows(pool, CONTRACTOR_SEARCH, query, n, tuning);
}

function presentJob(deps: Deps, r: searchRows.JobSearchRow): JobSearchItem {
  const program = deps.defs.programs[r.program_id];
  const stage = program?.stage_model.stages.find((s) => s.number === r.stage);
  return {
    id: r.id,
    code: r.code,
    external_id: r.external_id,
    full_name: r.full_name,
    is_canceled: !!r.is_canceled,
    address: r.address,
    city: r.city,
    contractor: r.contractor,
    stage: { number: r.stage, label: stage?.label ?? String(r.stage) },
    program: { id: r.program_id, name: program?.name ?? r.program_id },
    eligibility: r.eligibility as EligibilityStatus,
  };
}
