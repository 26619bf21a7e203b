/**
 * The household of a job as the engine reads it (engine/household.ts decides what one address is): the other jobs at
 * the address created before it, not canceled, with their rebate lines from their last evaluation. Only asked for
 * under a program with household limits or exclusions. Jobs are found by postal code (indexed), then by address key.
 */

import { householdKey, type HouseholdJob, type Program } from '../../engine/index.ts';
import type { Deps } from '../context.ts';
import type { JobRow } from '../db/jobs.db.ts';

/** Whether a program's rebate depends on the other jobs at the address. */
export const readsHousehold = (program: Program) =>
  !!(program.incentives.household_limits?.length || program.incentives.exclusions?.length);

type Row = Pick<JobRow, 'id' | 'code' | 'program_id' | 'address' | 'zip' | 'rebate_lines'>;

/** The jobs at the same address as `row` (other than it, not canceled), earlier ones only unless `later`. */
async function sameAddress(deps: Deps, row: Pick<JobRow, 'id' | 'address' | 'zip'>, later: boolean): Promise<Row[]> {
  const key = householdKey(row);
  const zip = /\d{5}/.exec(row.zip ?? '')?.[0];
  if (!key || !zip) return [];
  // The postal codes starting with these five digits, as a range of the (zip, id) index: a LIKE on a prefix reads no
  // index on either backend (SQLite's LIKE ignores case, PostgreSQL's needs text_pattern_ops), so SQLite walked the
  // jobs before this one by id, every one of them at a million jobs. The next code bounds it ('53709' up to '53710');
  // '99999' has none.
  const next = String(Number(zip) + 1).padStart(5, '0');
  let near = deps.db.selectFrom('jobs').where('zip', '>=', zip);
  if (next.length === 5) near = near.where('zip', '<', next);
  const rows = (await near
    .select(['id', 'code', 'program_id', 'address', 'zip', 'rebate_lines'])
    .where('id', later ? '>' : '<', row.id)
    .where('is_canceled', '=', 0)
    .orderBy('id')
    .limit(500)
    .execute()) as Row[];
  return rows.filter((r) => householdKey(r) === key);
}

/** The household of a job: the earlier jobs at its address with their rebate lines. */
export async function householdOf(deps: Deps, row: JobRow): Promise<HouseholdJob[]> {
  return (await sameAddress(deps, row, false)).map((r) => ({
    code: r.code,
    program_id: r.program_id,
    program_name: deps.defs.programs[r.program_id]?.name,
    lines: r.rebate_lines ? (JSON.parse(r.rebate_lines) as Record<string, number>) : {},
  }));
}

/** The later jobs at a job's address whose rebate depends on it (their programs read the household). */
export async function laterHousehold(deps: Deps, row: JobRow): Promise<number[]> {
  return (await sameAddress(deps, row, true))
    .filter((r) => {
      const p = deps.defs.programs[r.program_id];
      return p && readsHousehold(p);
    })
    .map((r) => r.id);
}
