/** Contractor companies. */

import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Updateable } from 'kysely';
import type { ContractorsTable, DB } from './schema.ts';
import { anyContains, atomic, byBytes, pageOf, type Q } from './portable.ts';

/** A contractor row. */
export interface ContractorRow {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  primary_contact: string | null;
  program_id: string | null;
  created_at: string;
}

/** Editable contractor fields. */
export type ContractorFields = Omit<ContractorRow, 'id' | 'created_at'>;

/** Filters of the contractor list. */
export interface ContractorFilters {
  program_id?: string;
  q?: string;
  ids?: number[];
}

const COLUMNS = [
  'id',
  'name',
  'address',
  'city',
  'phone',
  'email',
  'primary_contact',
  'program_id',
  'created_at',
] as const;
/** The fields an update may change. */
const EDITABLE = ['name', 'address', 'city', 'phone', 'email', 'primary_contact', 'program_id'] as const;

export async function insertContractor(db: Q, c: ContractorFields & { created_at: string }): Promise<number> {
  const r = await db
    .insertInto('contractors')
    .values({
      name: c.name,
      address: c.address ?? null,
      city: c.city ?? null,
      phone: c.phone ?? null,
      email: c.email ?? null,
      primary_contact: c.primary_contact ?? null,
      program_id: c.program_id ?? null,
      created_at: c.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function getContractor(db: Q, id: number): Promise<ContractorRow | undefined> {
  return db
    .selectFrom('contractors')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function updateContractor(db: Q, id: number, c: Partial<ContractorFields>): Promise<void> {
  const set: Updateable<ContractorsTable> = {};
  for (const k of EDITABLE) if (k in c) (set as Record<string, unknown>)[k] = c[k] ?? null;
  if (!Object.keys(set).length) return;
  await db.updateTable('contractors').set(set).where('id', '=', id).execute();
}

export async function deleteContractor(db: Q, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('contractors')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

function filters(f: ContractorFilters) {
  return (eb: ExpressionBuilder<DB, 'contractors'>) => {
    const parts: Expression<SqlBool>[] = [eb('deleted_at', 'is', null)];
    if (f.program_id !== undefined) parts.push(eb('program_id', '=', f.program_id));
    // An empty id list matches nothing (`in ()` is not SQL).
    if (f.ids) parts.push(f.ids.length ? eb('id', 'in', f.ids) : sql<SqlBool>`1 = 0`);
    if (f.q)
      parts.push(
        anyContains(
          eb,
          (['name', 'address', 'city', 'primary_contact', 'email', 'phone'] as const).map((c) => eb.ref(c)),
          f.q,
        ),
      );
    return eb.and(parts);
  };
}

/** A page of contractors by name (bytes), then id, and the total. */
export async function listContractors(
  db: Q,
  f: ContractorFilters,
  page: { page_number: number; per_page: number },
): Promise<{ items: ContractorRow[]; total: number }> {
  const { limit, offset } = pageOf(page);
  const items = await db
    .selectFrom('contractors')
    .select(COLUMNS)
    .where(filters(f))
    .orderBy('name', byBytes(db))
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await db
    .selectFrom('contractors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(filters(f))
    .executeTakeFirstOrThrow();
  return { items, total: Number(n) };
}

/** Every contractor, for pickers and search. */
export async function allContractors(db: Q): Promise<ContractorRow[]> {
  return db
    .selectFrom('contractors')
    .select(COLUMNS)
    .where('deleted_at', 'is', null)
    .orderBy('name', byBytes(db))
    .orderBy('id')
    .execute();
}

/** Names of contractors by id. */
export async function contractorNames(db: Q, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('contractors')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Equipment ids a contractor installs. */
export async function equipmentOfContractor(db: Q, contractorId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('contractor_equipment')
    .select('equipment_id')
    .where('contractor_id', '=', contractorId)
    .orderBy('equipment_id')
    .execute();
  return rows.map((r) => r.equipment_id);
}

/** Replaces the equipment a contractor installs, in one transaction (the caller's or its own). */
export async function setContractorEquipment(db: Q, contractorId: number, equipmentIds: number[]): Promise<void> {
  const ids = [...new Set(equipmentIds)];
  await atomic(db, async (trx) => {
    await trx.deleteFrom('contractor_equipment').where('contractor_id', '=', contractorId).execute();
    if (!ids.length) return;
    await trx
      .insertInto('contractor_equipment')
      .values(ids.map((equipment_id) => ({ contractor_id: contractorId, equipment_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}

/** Number of jobs a contractor has (not canceled). */
export async function jobCountOfContractor(db: Q, contractorId: number): Promise<number> {
  const r = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('contractor_id', '=', contractorId)
    .where('is_canceled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
