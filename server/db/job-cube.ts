/**
 * Which counts of the jobs list job_cube (migration 044) answers: two or more of its low-cardinality filters (program,
 * eligibility status, eligible-ness, claimed-ness, the task exception flags), within all jobs or within one company,
 * person or action owner (the cube's anchors), and the rows of the cube that count them.
 */

import type { CubeAnchor, JobCubeTable, JobFacet } from './schema.ts';

/** The cube's rows of a count: of all jobs or of one company or person (`anchor`), each filter's column and value. */
export interface CubeRows {
  anchor?: { facet: CubeAnchor; value: string };
  where: CubeFilter;
}

/** The job_cube columns of the facets it keeps. */
const CUBE_COLUMNS = {
  program: 'program_id',
  eligibility: 'eligibility',
  eligible: 'is_eligible',
  claimed: 'claimed',
  ops_exception: 'has_ops_task_exception',
  contractor_exception: 'has_contractor_task_exception',
} as const satisfies Partial<Record<JobFacet, keyof JobCubeTable>>;
type CubeFacet = keyof typeof CUBE_COLUMNS;
export type CubeFilter = { column: (typeof CUBE_COLUMNS)[CubeFacet]; value: string | number }[];
/** Whether a facet is one job_cube keeps (a low-cardinality filter of the list). */
export const inCube = (f: { facet: JobFacet }): f is { facet: CubeFacet; value: string } => f.facet in CUBE_COLUMNS;
/** The jobs' columns those filters compare (claimed-ness is claimed_by's). */
export const CUBE_JOB_COLUMNS = new Set<string>([
  ...Object.values(CUBE_COLUMNS).filter((c) => c !== 'claimed'),
  'claimed_by',
]);
const CUBE_ANCHORS = new Set<JobFacet>(['contractor', 'ops_owner', 'creator', 'submitter', 'mine', 'owner']);
const isAnchor = (f: { facet: JobFacet }): f is { facet: CubeAnchor; value: string } => CUBE_ANCHORS.has(f.facet);

/**
 * The cube's rows that count a plan's facets: at most one company or person (the same one named twice, as a scope and
 * a filter, is one) and the rest low-cardinality filters, at least two facets in all; none when it cannot.
 */
export function cubeOf(facets: { facet: JobFacet; value: string }[]): CubeRows | undefined {
  const anchors = [...new Map(facets.filter(isAnchor).map((f) => [`${f.facet} ${f.value}`, f])).values()];
  const filters = facets.filter(inCube);
  if (
    anchors.length > 1 ||
    anchors.length + filters.length !== new Set(facets.map((f) => `${f.facet} ${f.value}`)).size
  )
    return undefined;
  if (anchors.length + filters.length < 2) return undefined;
  return { anchor: anchors[0], where: filters.map(cubeCondition) };
}
/** The cube's text columns; the rest are flags (0 or 1). */
const CUBE_TEXT = new Set<string>(['program_id', 'eligibility']);
/** A cube facet's condition: its column, and the value as the column holds it. */
function cubeCondition(f: { facet: CubeFacet; value: string }): CubeFilter[number] {
  const column = CUBE_COLUMNS[f.facet];
  return { column, value: CUBE_TEXT.has(column) ? f.value : Number(f.value) };
}

/**
 * Whether a page walks its sort's index, checking the low-cardinality filters on each entry (SQLite), rather than
 * leaving the choice to SQLite's planner, which took an index on a filter (a program's ~100,000 jobs at a million),
 * read every matching row and sorted them, where the walk passes over ~25 entries per match (claimed jobs of a program
 * at 100,000 jobs: 40 ms against 0.15 ms). A walk of `walk` entries of which `matches` match reads about
 * per_page * walk / matches entries; reading the matches' rows and sorting them costs about ten entries a row. So the
 * walk wins once matches * matches >= per_page * walk / 10; with fewer matches the planner picks.
 */
export function walksFor(matches: number, walk: number, perPage: number): boolean {
  return matches > 0 && matches * matches * 10 >= perPage * walk;
}
