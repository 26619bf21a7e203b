/**
 * The jobs list (spec sect. 7): filters, pages, per-stage and per-tab counts, each cached against the
 * shared jobs version. A filter on action owners drives from job_action_owners (migration 007). Counts
 * with no filter but canceled-ness and stages, besides at most one other (any but the text query), read
 * totals kept by triggers (job_totals, migration 010; job_facet_totals, 021 and 023).
 */

import {
  sql,
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { DB, JobFacet } from './schema.ts';
import { CUBE_JOB_COLUMNS, cubeOf, inCube, walksFor, type CubeRows } from './job-cube.ts';
import type { JobRow, JobScope } from './jobs.db.ts';
import { byBytes, isPostgres, likeCaseless, containsPattern, pageOf, type Q } from './portable.ts';
import { pastKeys, sortKeys, SORT_COLUMNS, workRank, WORK_RANK, type By, type ListPage } from './list-sort.ts';
import { cachedCount, cachedRows, countWithRows, type ExtraColumn } from './jobs-version-cache.ts';

export { cachedCount, cachedRows, cachedUntil, clearCountCache } from './jobs-version-cache.ts';
export type { JobScope } from './jobs.db.ts';
export { walksFor } from './job-cube.ts';
export { SORT_COLUMNS, type ListPage, type SortBy } from './list-sort.ts';

/** Filters of the jobs list (spec sect. 7). */
export interface JobFilters {
  contractor_id?: number;
  program_id?: string;
  is_canceled?: boolean;
  is_eligible?: boolean;
  is_claimed_jobs?: boolean;
  stage?: number[];
  ops_user?: number;
  contractor_user?: number;
  has_contractor_task_exception?: boolean;
  has_ops_task_exception?: boolean;
  contractor_submitted_by?: number;
  action_owner?: string;
  show_my_jobs?: boolean;
  /** The signed-in user (for show_my_jobs and claimed jobs). */
  me?: number;
  eligibility?: string;
  q?: string;
}

type Cond = (eb: ExpressionBuilder<DB, 'jobs'>) => Expression<SqlBool>;
/** A list's conditions: on the driving table's columns (role, is_canceled, stage), and on the job's. */
interface Plan {
  by: By;
  driving: Cond[];
  onJobs: Cond[];
  /**
   * Set when only is_canceled and stage filter the jobs, besides at most one facet (any filter but the
   * text query): counts then read job_totals (migration 010) or job_facet_totals (021, 023).
   */
  totals?: Totals;
  /** Whether a condition on the job besides the scope's filters it (the list's own filters). */
  narrowed: boolean;
  /**
   * The conditions on the job as a walk reads them (SQLite): the low-cardinality filters job_cube counts (program,
   * eligibility, eligible-ness, claimed-ness, task exception flags) through a unary plus, which no index serves, so a
   * page walks its sort's index (or its company's or person's) and checks them on its entries; the rest as in onJobs.
   */
  walked: Cond[];
  /** The plan of the walk alone (scope, company, person, canceled-ness, stages): the entries a walk passes over. */
  walk?: { scope: JobScope; f: JobFilters };
}
/** What a count reads when the totals tables answer it. */
interface Totals {
  is_canceled: number;
  stages?: number[];
  facet?: { facet: JobFacet; value: string };
  /** Job_cube's rows (migration 044, server/db/job-cube.ts). */
  cube?: CubeRows;
}
/** Job columns a filter compares for equality. */
type EqColumn =
  | 'contractor_id'
  | 'homeowner_user_id'
  | 'program_id'
  | 'eligibility'
  | 'is_eligible'
  | 'ops_owner'
  | 'created_by'
  | 'submitted_by'
  | 'has_contractor_task_exception'
  | 'has_ops_task_exception';
/** A query builder over jobs (typed so): FROM jobs, or FROM job_action_owners o [JOIN jobs]. */
type JobsQuery = SelectQueryBuilder<DB, 'jobs', object>;

/** A column of the driving table (a fixed name: never user data). */
const driven = <T>(by: By, col: 'is_canceled' | 'stage' | 'created_at' | 'role') => sql.ref<T>(`${by}.${col}`);

/**
 * The filters of a list or count, every value bound. The action-owner filter drives from its own rows
 * (migration 007), which carry is_canceled, stage and created_at: its page walks an index in creation
 * order and its counts read an index only.
 */
function plan(scope: JobScope, f: JobFilters, withStage = true): Plan {
  const by: By = f.action_owner !== undefined ? 'o' : 'jobs';
  const driving: Cond[] = [];
  const onJobs: Cond[] = [];
  const flag = (b: boolean | undefined) => (b ? 1 : 0);
  const owner = f.action_owner;
  // The filters job_facet_totals keeps, as they are applied (one of them alone lets the counts read it).
  const facets: NonNullable<Totals['facet']>[] = [];
  const facet = (name: JobFacet, v: string | number | undefined) => {
    if (v !== undefined) facets.push({ facet: name, value: String(v) });
  };
  facet('owner', owner);
  if (owner !== undefined) driving.push((eb) => eb(driven<string>(by, 'role'), '=', owner));
  driving.push((eb) => eb(driven<number>(by, 'is_canceled'), '=', flag(f.is_canceled)));
  const stages = withStage && f.stage?.length ? f.stage : undefined;
  if (stages) driving.push((eb) => eb(driven<number>(by, 'stage'), 'in', stages));
  // A job column equal to a filter's value; `name`: the facet of job_facet_totals that keeps that filter.
  const walked: Cond[] = [];
  const eq = (col: EqColumn, v: string | number | undefined, name?: JobFacet) => {
    if (v === undefined) return;
    const cond: Cond = (eb) => eb(`jobs.${col}`, '=', v as never);
    onJobs.push(cond);
    walked.push(CUBE_JOB_COLUMNS.has(col) ? (eb) => eb(sql`+${sql.ref(`jobs.${col}`)}`, '=', v as never) : cond);
    if (name) facet(name, v);
  };
  const bit = (b: boolean | undefined) => (b === undefined ? undefined : flag(b));
  eq('contractor_id', scope.contractor_id, 'contractor');
  eq('homeowner_user_id', scope.homeowner_user_id);
  const scoped = onJobs.length;
  eq('contractor_id', f.contractor_id, 'contractor');
  eq('program_id', f.program_id, 'program');
  eq('is_eligible', bit(f.is_eligible), 'eligible');
  eq('eligibility', f.eligibility, 'eligibility');
  if (f.is_claimed_jobs) {
    onJobs.push((eb) => eb('jobs.claimed_by', 'is not', null));
    walked.push((eb) => eb(sql`+${sql.ref('jobs.claimed_by')}`, 'is not', null));
    facet('claimed', '1');
  }
  eq('ops_owner', f.ops_user, 'ops_owner');
  eq('created_by', f.contractor_user, 'creator');
  eq('submitted_by', f.contractor_submitted_by, 'submitter');
  eq('has_contractor_task_exception', bit(f.has_contractor_task_exception), 'contractor_exception');
  eq('has_ops_task_exception', bit(f.has_ops_task_exception), 'ops_exception');
  const me = f.me;
  if (f.show_my_jobs && me !== undefined) {
    const mine: Cond = (eb) =>
      eb.or([eb('jobs.claimed_by', '=', me), eb('jobs.ops_owner', '=', me), eb('jobs.created_by', '=', me)]);
    onJobs.push(mine);
    walked.push(mine);
  }
  if (f.show_my_jobs) facet('mine', me);
  const q = f.q;
  if (q) {
    const p = containsPattern(q);
    onJobs.push((eb) =>
      eb.or([
        likeCaseless(eb.ref('jobs.full_name'), p),
        likeCaseless(eb.ref('jobs.address'), p),
        likeCaseless(eb.ref('jobs.code'), p),
        eb(eb.cast('jobs.id', 'text'), '=', q),
        eb('jobs.external_id', '=', q),
      ]),
    );
  }
  // Every condition on the job is a facet's (the owner's is on the driving rows), and there is at most one; or two or
  // more that job_cube answers together (its filters, within at most one company, person or action owner).
  const facetsOnly = onJobs.length === facets.filter((x) => x.facet !== 'owner').length;
  const cube = facetsOnly && facets.length >= 2 ? cubeOf(facets) : undefined;
  const totals =
    facetsOnly && facets.length <= 1
      ? { is_canceled: flag(f.is_canceled), stages, facet: facets[0] }
      : cube
        ? { is_canceled: flag(f.is_canceled), stages, cube }
        : undefined;
  // The walk alone: what is left without the low-cardinality filters, when the plan has some and is counted from the
  // totals (so both counts are a few totals rows). Not with a text query (q leaves totals undefined).
  const lowFilters = facets.some(inCube);
  const walk =
    totals && lowFilters && by === 'jobs'
      ? {
          scope,
          f: {
            is_canceled: f.is_canceled,
            stage: f.stage,
            contractor_id: f.contractor_id,
            ops_user: f.ops_user,
            contractor_user: f.contractor_user,
            contractor_submitted_by: f.contractor_submitted_by,
            show_my_jobs: f.show_my_jobs,
            me: f.me,
          },
        }
      : undefined;
  return { by, driving, onJobs, totals, narrowed: onJobs.length > scoped, walked, walk };
}

/** The totals rows of a plan with no filter but canceled-ness, stages and at most one facet, or only cube facets. */
function totalsWhere(db: Q, t: Totals) {
  const { facet, cube } = t;
  // job_totals and job_cube have every column read below: typed as the facet table so all take one chain.
  type Facets = SelectQueryBuilder<DB, 'job_facet_totals', object>;
  const q = facet
    ? db.selectFrom('job_facet_totals').where('facet', '=', facet.facet).where('value', '=', facet.value)
    : cube
      ? (cube.where.reduce(
          (b, c) => b.where(c.column, '=', c.value as never),
          db
            .selectFrom('job_cube')
            .where('facet', '=', cube.anchor?.facet ?? '')
            .where('value', '=', cube.anchor?.value ?? ''),
        ) as unknown as Facets)
      : (db.selectFrom('job_totals') as unknown as Facets);
  return q
    .where('is_canceled', '=', t.is_canceled)
    .$if(t.stages !== undefined, (b) => b.where('stage', 'in', t.stages!));
}

/** The per-stage totals of such a plan (a few rows, by stage; the cube's summed per stage). */
const totalsOf = (db: Q, t: Totals) =>
  totalsWhere(db, t)
    .select((eb) => ['stage', eb.fn.sum<number>('n').as('n')])
    .groupBy('stage')
    .having((eb) => eb.fn.sum('n'), '>', 0)
    .orderBy('stage');

/**
 * The number of jobs a plan matches, as one row's `n`: its per-stage totals summed when they answer it, else a count.
 * Either may be cached against the jobs version: the triggers that keep the totals move it too (migrations 006, 010).
 */
function countOf(db: Q, p: Plan) {
  if (p.totals)
    return totalsWhere(db, p.totals).select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'));
  return filtered(db, p).select((eb) => eb.fn.countAll<number>().as('n'));
}

/** The filtered rows; a count that reads no column of jobs need not join it. */
function filtered(db: Q, p: Plan, withJobs = p.by === 'jobs' || p.onJobs.length > 0, walked = false): JobsQuery {
  let q: JobsQuery;
  if (p.by === 'jobs') q = db.selectFrom('jobs');
  else {
    const o = db.selectFrom('job_action_owners as o');
    q = (withJobs ? o.innerJoin('jobs', 'jobs.id', 'o.job_id') : o) as unknown as JobsQuery;
  }
  return q.where((eb) => eb.and([...p.driving, ...(walked ? p.walked : p.onJobs)].map((c) => c(eb))));
}

/** A cache key: the query's SQL and values. */
const keyOf = (kind: string, q: Compilable) => {
  const c = q.compile();
  return `${kind} ${c.sql} ${JSON.stringify(c.parameters)}`;
};

/** The columns a list shows (a list never reads the whole row). */
const LIST_COLUMNS = [
  'id',
  'code',
  'external_id',
  'full_name',
  'address',
  'city',
  'state',
  'zip',
  'contractor_id',
  'homeowner_user_id',
  'program_id',
  'stage',
  'stage_key',
  'tab',
  'eligibility',
  'is_eligible',
  'action_owners',
  'has_contractor_task_exception',
  'has_ops_task_exception',
  'rebate_min_cents',
  'rebate_max_cents',
  'rebate_final_cents',
  'next_steps',
  'stage_entered_at',
  'is_canceled',
  'cancel_reason',
  'is_deemed',
  'claimed_by',
  'ops_owner',
  'exception_notes',
  'ops_ineligible_reason',
  'created_at',
  'pinned_version',
] as const;

/** A page's rows as listJobs answers them: the row, and its sort keys (a cursor's). */
export interface ListedJobs {
  items: JobRow[];
  total: number;
  /** Each item's sort keys, in the list's order (list-cursor.ts). */
  keys: (string | number)[][];
}

/**
 * One page of jobs (text sort columns in byte order on both backends, then id) and the total count.
 * A filtered page is found on keys only, then its rows are read: the filters and the sort are answered
 * from an index (the walks of migration 023 carry every filter column), so rows the filters pass over
 * are never read from the table; only the page's own rows are. A page with a seek starts at its cursor's row in the
 * index (keyset paging): deep pages cost what the first does.
 */
export async function listJobs(db: Q, scope: JobScope, f: JobFilters, page: ListPage): Promise<ListedJobs> {
  const p = plan(scope, f);
  const cols = SORT_COLUMNS[page.sort_by] ?? SORT_COLUMNS.created_at;
  const seek = page.seek;
  const { limit, offset } = seek ? { limit: page.per_page, offset: 0 } : pageOf(page);
  // A page before a row runs the sort backwards from it; its rows are turned round below.
  const flip = seek?.side === 'before';
  const first = page.work_first;
  // Sorted by whose work the job waits on (when asked), the columns of `table`, then its job id (text in byte order on
  // both backends).
  const sorted = <O>(q: SelectQueryBuilder<DB, 'jobs', O>, table: By) =>
    sortKeys(db, page, table, flip).reduce((b, k) => b.orderBy(k.expr, k.bytes ? byBytes(db, k.dir) : k.dir), q);
  const id = p.by === 'o' ? 'job_id' : 'id';
  const count = countOf(db, p);
  // SQLite: a filter the totals count with matches that are not rare walks its sort's index (walksFor); none: no page.
  let walked = false;
  if (p.walk && !isPostgres(db) && first === undefined) {
    const matches = await cachedCount(db, keyOf('count', count), async () => Number((await count.execute())[0].n));
    if (matches === 0) return { items: [], total: 0, keys: [] };
    const w = plan(p.walk.scope, p.walk.f);
    const whole = countOf(db, w);
    const walk = await cachedCount(db, keyOf('count', whole), async () => Number((await whole.execute())[0].n));
    walked = walksFor(matches, walk, page.per_page);
  }
  // PostgreSQL: a filter the totals count reads no entry when they count none (their sum a one-time filter of the walk:
  // its planner walked a company's every entry to find none of a program and status, 2.5 ms at a million jobs).
  const noneCounted = p.walk !== undefined && isPostgres(db);
  const keys = sorted(
    filtered(db, p, true, walked)
      .select(sql.ref<number>(`${p.by}.${id}`).as('id'))
      .$if(seek !== undefined, (q) => q.where(pastKeys(sortKeys(db, page, p.by, flip), seek!.keys)))
      .$if(noneCounted, (q) => q.where(sql<SqlBool>`(${count}) > 0`)),
    p.by,
  )
    .limit(limit)
    .offset(offset);
  // When the jobs are filtered, the page's rows are read after its keys, in the same order (a carried column holds its
  // job's value, so either table sorts alike); when only the scope, canceled-ness, stages or an action owner select
  // them, the walk's index holds just those and the rows are read as it goes (a second step costs more than it saves).
  const columns = [...new Set([...LIST_COLUMNS, ...cols])].map((c) => `jobs.${c}` as const);
  const rowsWith = (extra: ExtraColumn[]) =>
    (p.narrowed
      ? sorted(db.selectFrom('jobs').where('jobs.id', 'in', keys).select(columns), 'jobs')
      : keys.clearSelect().select(columns)
    )
      .select(extra)
      .$if(first !== undefined, (q) => q.select(workRank(first!).as(WORK_RANK)))
      .execute() as unknown as Promise<JobRow[]>;
  // The page and its total in one statement (one round trip, one snapshot): the total (or the version its cached value
  // is checked against) is a scalar subquery of the page.
  const { rows, total } = await countWithRows(db, keyOf('list', count), count, rowsWith);
  if (flip) rows.reverse();
  const keysOf = (r: JobRow) => {
    const row = r as unknown as Record<string, string | number>;
    const rank = first ? [Number(row[WORK_RANK])] : [];
    delete row[WORK_RANK];
    return [...rank, ...cols.map((c) => (c === 'stage' ? Number(row[c]) : String(row[c]))), Number(r.id)];
  };
  return { items: rows, total, keys: rows.map(keysOf) };
}

/** Jobs per stage for the stage tabs (filters apply, the stage filter does not), and the canceled count. */
export async function stageCounts(db: Q, scope: JobScope, f: JobFilters): Promise<{ stage: number; count: number }[]> {
  const p = plan(scope, { ...f, is_canceled: false }, false);
  if (p.totals) return (await totalsOf(db, p.totals).execute()).map((r) => ({ stage: r.stage, count: Number(r.n) }));
  const stage = driven<number>(p.by, 'stage');
  const q = filtered(db, p)
    .select((eb) => [stage.as('stage'), eb.fn.countAll<number>().as('count')])
    .groupBy(stage)
    .orderBy(stage);
  return cachedRows(db, keyOf('stages', q), q, (rows) => rows.map((r) => ({ stage: r.stage, count: Number(r.count) })));
}

/** Jobs per stage tab (not canceled), filters applied but not the stage filter; by tab, no tab first. */
export async function tabCounts(
  db: Q,
  scope: JobScope,
  f: JobFilters,
): Promise<{ tab: string | null; count: number }[]> {
  const p = plan(scope, { ...f, is_canceled: false }, false);
  const bytes = byBytes(db);
  const q = filtered(db, p, true)
    .select((eb) => ['jobs.tab', eb.fn.countAll<number>().as('count')])
    .groupBy('jobs.tab')
    .orderBy('jobs.tab', (ob) => bytes(ob).nullsFirst());
  return cachedRows(db, keyOf('tabs', q), q, (rows) => rows.map((r) => ({ tab: r.tab, count: Number(r.count) })));
}

export async function canceledCount(db: Q, scope: JobScope, f: JobFilters): Promise<number> {
  const p = plan(scope, { ...f, is_canceled: true }, false);
  const q = countOf(db, p);
  return cachedRows(db, keyOf('canceled', q), q, (rows) => Number(rows[0].n));
}
