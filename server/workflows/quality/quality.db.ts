/** Quality decisions and contractor standings (migration 033). */

import type { ContractorStanding, ReviewOutcome } from '../../../engine/index.ts';
import type { Selectable } from 'kysely';
import type { Q } from '../../db/portable.ts';
import type { QualityDecisionsTable } from '../../db/schema-quality.ts';

/** A decision as stored: its table's row, less its id and what the job says (job, contractor, program). */
export type DecisionRow = Omit<Selectable<QualityDecisionsTable>, 'id' | 'job_id' | 'contractor_id' | 'program_id'>;

const DECISION_COLUMNS = [
  'review_id',
  'kind',
  'sampled',
  'reason',
  'explanation',
  'draw',
  'standing',
  'earlier_jobs',
  'decided_at',
] as const;

/** The job's decisions, by review id. */
export async function decisionsOf(db: Q, jobId: number): Promise<DecisionRow[]> {
  return (await db
    .selectFrom('quality_decisions')
    .select(DECISION_COLUMNS)
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute()) as DecisionRow[];
}

/** How many of the contractor's jobs of the program were decided for the review (the earlier jobs of the next). */
export async function decidedCount(db: Q, contractorId: number | null, programId: string, reviewId: string) {
  const r = await db
    .selectFrom('quality_decisions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('contractor_id', contractorId === null ? 'is' : '=', contractorId)
    .where('program_id', '=', programId)
    .where('review_id', '=', reviewId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Records a decision once: false when the job already has one for the review (another writer took it first). */
export async function insertDecision(
  db: Q,
  d: DecisionRow & { job_id: number; contractor_id: number | null; program_id: string },
): Promise<boolean> {
  const r = await db
    .insertInto('quality_decisions')
    .values(d)
    .onConflict((oc) => oc.columns(['job_id', 'review_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The contractor's standing in the program (provisional until a row says otherwise). */
export async function standingOf(db: Q, contractorId: number | null, programId: string): Promise<ContractorStanding> {
  if (contractorId === null) return 'provisional';
  const r = await db
    .selectFrom('contractor_standings')
    .select('standing')
    .where('contractor_id', '=', contractorId)
    .where('program_id', '=', programId)
    .executeTakeFirst();
  return (r?.standing as ContractorStanding | undefined) ?? 'provisional';
}

/** Appends a recorded outcome. */
export async function insertOutcome(
  db: Q,
  o: {
    job_id: number;
    contractor_id: number | null;
    program_id: string;
    review_id: string;
    outcome: ReviewOutcome;
    note: string | null;
    answers: string | null;
    user_id: number;
    at: string;
  },
): Promise<void> {
  await db.insertInto('quality_outcomes').values(o).execute();
}

/** The contractor's outcomes in the program, oldest first (what its standing is read from). */
export async function outcomesOf(db: Q, contractorId: number, programId: string): Promise<ReviewOutcome[]> {
  const rows = await db
    .selectFrom('quality_outcomes')
    .select('outcome')
    .where('contractor_id', '=', contractorId)
    .where('program_id', '=', programId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.outcome as ReviewOutcome);
}

/** The latest outcome of each review of the job. */
export async function latestOutcomes(db: Q, jobId: number): Promise<Map<string, ReviewOutcome>> {
  const rows = await db
    .selectFrom('quality_outcomes')
    .select(['review_id', 'outcome'])
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.review_id, r.outcome as ReviewOutcome]));
}

/** Sets the contractor's standing in the program and appends the change with its cause. */
export async function changeStanding(
  db: Q,
  c: { contractor_id: number; program_id: string; standing: ContractorStanding; cause: string; user_id: number | null },
  at: string,
): Promise<void> {
  await db
    .insertInto('contractor_standings')
    .values({ contractor_id: c.contractor_id, program_id: c.program_id, standing: c.standing, since: at })
    .onConflict((oc) => oc.columns(['contractor_id', 'program_id']).doUpdateSet({ standing: c.standing, since: at }))
    .execute();
  await db
    .insertInto('contractor_standing_changes')
    .values({ ...c, at })
    .execute();
}

/** The contractor's standings (programs without a row are provisional) and changes, newest change first. */
export async function standingsOfContractor(db: Q, contractorId: number) {
  const standings = await db
    .selectFrom('contractor_standings')
    .select(['program_id', 'standing', 'since'])
    .where('contractor_id', '=', contractorId)
    .execute();
  const changes = await db
    .selectFrom('contractor_standing_changes')
    .select(['program_id', 'standing', 'cause', 'at'])
    .where('contractor_id', '=', contractorId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const outcomes = await db
    .selectFrom('quality_outcomes')
    .select(['program_id', 'outcome'])
    .where('contractor_id', '=', contractorId)
    .execute();
  const open = await db
    .selectFrom('quality_corrective_actions as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select([
      'a.id',
      'a.job_id',
      'j.code as job_code',
      'a.program_id',
      'a.review_id',
      'a.state',
      'a.finding',
      'a.due_at',
    ])
    .where('a.contractor_id', '=', contractorId)
    .where('a.state', '!=', 'closed')
    .orderBy('a.due_at')
    .orderBy('a.id')
    .limit(200)
    .execute();
  return { standings, changes, outcomes, open };
}
