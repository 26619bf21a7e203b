/** Announcements, terms and conditions versions, energy providers, the equipment catalog. */

import type { Provider, TermsVersion } from '../../engine/api/admin-responses.ts';
import { sql, type Insertable, type Updateable } from 'kysely';
import { EQUIPMENT_TYPES } from '../../engine/api/admin-requests.ts';
import type { EquipmentTable } from './schema.ts';
import {
  anyContains,
  atomic,
  byBytes,
  isPostgres,
  jsonArrayHas,
  likeCaseless,
  containsPattern,
  pageOf,
  type Q,
} from './portable.ts';

/** An announcement row, audience lists parsed (null: everyone). */
export interface AnnouncementRow {
  id: number;
  title: string;
  content: string;
  valid_from: string | null;
  valid_until: string | null;
  video_url: string | null;
  image_url: string | null;
  link: string | null;
  contractor_ids: number[] | null;
  program_ids: string[] | null;
  created_at: string;
  updated_at: string;
}

/** Fields ops write. */
export type AnnouncementFields = Omit<AnnouncementRow, 'id' | 'created_at' | 'updated_at'>;

/** A terms section: a title and its items. */
export interface TermsSection {
  title: string;
  items: string[];
}

/** A version of the terms and conditions: the answer contract's type. */
export type TermsRow = TermsVersion;

/** An energy provider (utility), with its preferred vendor (a contractor). */
export type ProviderRow = Provider;

export type ProviderFields = Pick<ProviderRow, 'name' | 'type' | 'states' | 'preferred_vendor_id' | 'notes'>;

type Page = { page_number: number; per_page: number };
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
const parse = <T>(s: unknown): T | null => (typeof s === 'string' ? (JSON.parse(s) as T) : null);
const count = (n: unknown) => Number(n);

// ---- Announcements --------------------------------------------------------------------------

const ANN = [
  'id',
  'title',
  'content',
  'valid_from',
  'valid_until',
  'video_url',
  'image_url',
  'link',
  'contractor_ids',
  'program_ids',
  'created_at',
  'updated_at',
] as const;
const fromAnnouncement = (r: Record<string, unknown>): AnnouncementRow => ({
  ...(r as unknown as AnnouncementRow),
  contractor_ids: parse(r.contractor_ids),
  program_ids: parse(r.program_ids),
});
const annFields = (a: AnnouncementFields) => ({
  title: a.title,
  content: a.content,
  valid_from: a.valid_from,
  valid_until: a.valid_until,
  video_url: a.video_url,
  image_url: a.image_url,
  link: a.link,
  contractor_ids: json(a.contractor_ids),
  program_ids: json(a.program_ids),
});

export async function insertAnnouncement(
  db: Q,
  a: AnnouncementFields & { created_by: number | null; at: string },
): Promise<number> {
  const r = await db
    .insertInto('announcements')
    .values({ ...annFields(a), created_by: a.created_by, created_at: a.at, updated_at: a.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateAnnouncement(db: Q, id: number, a: AnnouncementFields, at: string): Promise<boolean> {
  const r = await db
    .updateTable('announcements')
    .set({ ...annFields(a), updated_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function deleteAnnouncement(db: Q, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('announcements')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function getAnnouncement(db: Q, id: number): Promise<AnnouncementRow | undefined> {
  const r = await db
    .selectFrom('announcements')
    .select(ANN)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r && fromAnnouncement(r);
}

/** Announcements, newest first; `active_on` keeps those valid that day. */
export async function listAnnouncements(
  db: Q,
  f: { active_on?: string },
  page: Page,
): Promise<{ items: AnnouncementRow[]; total: number }> {
  let q = db.selectFrom('announcements').where('deleted_at', 'is', null);
  const d = f.active_on;
  if (d !== undefined) {
    q = q.where((eb) =>
      eb.and([
        eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', d)]),
        eb.or([eb('valid_until', 'is', null), eb('valid_until', '>=', d)]),
      ]),
    );
  }
  const { limit, offset } = pageOf(page);
  const items = (
    await q.select(ANN).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute()
  ).map(fromAnnouncement);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { items, total: count(n) };
}

// ---- Terms and conditions ---------------------------------------------------------------------

const terms = (db: Q) =>
  db
    .selectFrom('terms_versions as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select([
      't.id',
      't.version',
      't.title',
      't.description',
      't.sections',
      't.is_current',
      't.restored_from',
      't.created_at',
      't.created_by as created_by_id',
      'u.name as created_by_name',
    ]);
const fromTerms = (r: Record<string, unknown>): TermsRow => ({
  id: r.id as number,
  version: r.version as number,
  title: r.title as string,
  description: r.description as string,
  sections: parse<TermsSection[]>(r.sections) ?? [],
  is_current: !!r.is_current,
  restored_from: (r.restored_from as number | null) ?? null,
  created_by: r.created_by_id ? { id: r.created_by_id as number, name: (r.created_by_name as string) ?? '' } : null,
  created_at: r.created_at as string,
});

/**
 * Saves a new version and makes it the only current one, in one transaction (the caller's or its own).
 * Two saved at once: the unique version and the one-current index refuse the second.
 */
export async function insertTermsVersion(
  db: Q,
  t: {
    title: string;
    description: string;
    sections: TermsSection[];
    restored_from?: number | null;
    created_by: number | null;
    at: string;
  },
): Promise<number> {
  return atomic(db, async (trx) => {
    const { v } = await trx
      .selectFrom('terms_versions')
      .select((eb) => eb.fn.max('version').as('v'))
      .executeTakeFirstOrThrow();
    await trx.updateTable('terms_versions').set({ is_current: 0 }).where('is_current', '=', 1).execute();
    const r = await trx
      .insertInto('terms_versions')
      .values({
        version: (v ?? 0) + 1,
        title: t.title,
        description: t.description,
        sections: JSON.stringify(t.sections),
        is_current: 1,
        restored_from: t.restored_from ?? null,
        created_by: t.created_by,
        created_at: t.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  });
}

export async function getTermsVersion(db: Q, id: number): Promise<TermsRow | undefined> {
  const r = await terms(db).where('t.id', '=', id).executeTakeFirst();
  return r && fromTerms(r);
}

export async function currentTermsVersion(db: Q): Promise<TermsRow | undefined> {
  const r = await terms(db).where('t.is_current', '=', 1).executeTakeFirst();
  return r && fromTerms(r);
}

export async function listTermsVersions(db: Q, page: Page): Promise<{ items: TermsRow[]; total: number }> {
  const { limit, offset } = pageOf(page);
  const items = (await terms(db).orderBy('t.version', 'desc').limit(limit).offset(offset).execute()).map(fromTerms);
  const { n } = await db
    .selectFrom('terms_versions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { items, total: count(n) };
}

// ---- Energy providers ------------------------------------------------------------------------

const providers = (db: Q) =>
  db
    .selectFrom('providers as p')
    .leftJoin('contractors as c', 'c.id', 'p.preferred_vendor_id')
    .where('p.deleted_at', 'is', null);
const PROV = [
  'p.id',
  'p.name',
  'p.type',
  'p.states',
  'p.preferred_vendor_id',
  'c.name as preferred_vendor',
  'p.notes',
  'p.created_at',
] as const;
const fromProvider = (r: Record<string, unknown>): ProviderRow => ({
  ...(r as unknown as ProviderRow),
  states: parse<string[]>(r.states) ?? [],
});
const provFields = (p: ProviderFields) => ({
  name: p.name,
  type: p.type,
  states: JSON.stringify(p.states),
  preferred_vendor_id: p.preferred_vendor_id,
  notes: p.notes,
});

export async function insertProvider(db: Q, p: ProviderFields & { at: string }): Promise<number> {
  return (
    await db
      .insertInto('providers')
      .values({ ...provFields(p), created_at: p.at })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
export async function updateProvider(db: Q, id: number, p: ProviderFields): Promise<boolean> {
  const r = await db
    .updateTable('providers')
    .set(provFields(p))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
export async function deleteProvider(db: Q, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('providers')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
export async function getProvider(db: Q, id: number): Promise<ProviderRow | undefined> {
  const r = await providers(db).select(PROV).where('p.id', '=', id).executeTakeFirst();
  return r && fromProvider(r);
}
/** Providers by name (bytes), then id: `q` in the name (case-insensitive), `state` one of its states. */
export async function listProviders(
  db: Q,
  f: { q?: string; state?: string },
  page: Page,
): Promise<{ items: ProviderRow[]; total: number }> {
  let q = providers(db);
  if (f.q) q = q.where(likeCaseless(sql.ref('p.name'), containsPattern(f.q)));
  if (f.state !== undefined) q = q.where(jsonArrayHas(db, sql.ref('p.states'), f.state));
  const { limit, offset } = pageOf(page);
  const items = (
    await q.select(PROV).orderBy('p.name', byBytes(db)).orderBy('p.id').limit(limit).offset(offset).execute()
  ).map(fromProvider);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { items, total: count(n) };
}

// ---- Equipment catalog ------------------------------------------------------------------------

/** Equipment types (the catalog tabs): the request contract's. */
export { EQUIPMENT_TYPES };
/** Numeric and text fields of the catalog (spec sect. 3 "Equipment"). */
export const EQUIPMENT_FIELDS = [
  'manufacturer',
  'model',
  'ahri_id',
  'seer',
  'seer2',
  'hspf',
  'hspf2',
  'cop',
  'afue',
  'uef',
  'capacity',
  'capacity_5f',
  'tonnage',
  'gallons',
  'neep',
  'energy_star',
  'indoor_unit_manufacturer',
  'indoor_unit_model',
  'furnace_model',
  'zone_type',
  'duct_type',
] as const;
/** A catalog entry. */
export type EquipmentRow = { id: number; type: (typeof EQUIPMENT_TYPES)[number]; created_at: string } & Record<
  (typeof EQUIPMENT_FIELDS)[number],
  string | number | boolean | null
>;

const EQ = ['id', 'type', ...EQUIPMENT_FIELDS, 'created_at'] as const;
const fromEquipment = (r: Record<string, unknown>): EquipmentRow => ({
  ...(r as EquipmentRow),
  neep: r.neep === null ? null : !!r.neep,
  energy_star: r.energy_star === null ? null : !!r.energy_star,
});
/** The catalog fields of a request (booleans as 0/1, missing as null) and its type. */
const toDb = (e: Record<string, unknown> & { type: string }) => {
  const out: Record<string, unknown> = { type: e.type };
  for (const k of EQUIPMENT_FIELDS) out[k] = typeof e[k] === 'boolean' ? (e[k] ? 1 : 0) : (e[k] ?? null);
  return out as Updateable<EquipmentTable>;
};

export async function insertEquipment(
  db: Q,
  e: Record<string, unknown> & { type: string; at: string },
): Promise<number> {
  const row = { ...toDb(e), created_at: e.at } as Insertable<EquipmentTable>;
  return (await db.insertInto('equipment').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updateEquipment(
  db: Q,
  id: number,
  e: Record<string, unknown> & { type: string },
): Promise<boolean> {
  const r = await db
    .updateTable('equipment')
    .set(toDb(e))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
export async function deleteEquipment(db: Q, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('equipment')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
export async function getEquipment(db: Q, id: number): Promise<EquipmentRow | undefined> {
  const r = await db
    .selectFrom('equipment')
    .select(EQ)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r && fromEquipment(r);
}
/** Catalog search by manufacturer, model or AHRI id within a type; by manufacturer and model, ASCII case folded, then
 * id. */
export async function listEquipment(
  db: Q,
  f: { type?: string; q?: string },
  page: Page,
): Promise<{ items: EquipmentRow[]; total: number }> {
  let q = db.selectFrom('equipment').where('deleted_at', 'is', null);
  if (f.type !== undefined) q = q.where('type', '=', f.type as EquipmentTable['type']);
  const text = f.q;
  if (text)
    q = q.where((eb) =>
      anyContains(
        eb,
        [
          eb.ref('manufacturer'),
          eb.ref('model'),
          eb.ref('ahri_id'),
          sql`${sql.ref('manufacturer')} || ' ' || ${sql.ref('model')}`,
        ],
        text,
      ),
    );
  const { limit, offset } = pageOf(page);
  // SQLite: COLLATE NOCASE (its index); PostgreSQL: lower() in byte order.
  const pg = isPostgres(db);
  const caseless = (col: 'manufacturer' | 'model') => (pg ? sql`lower(${sql.ref(col)})` : sql.ref(col));
  const items = await q
    .select(EQ)
    .orderBy(caseless('manufacturer'), (ob) => ob.asc().collate(pg ? 'C' : 'nocase'))
    .orderBy(caseless('model'), (ob) => ob.asc().collate(pg ? 'C' : 'nocase'))
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { items: items.map(fromEquipment), total: count(n) };
}
