/** Announcements, terms and conditions versions, energy providers, the equipment catalog. */

import type { Provider, TermsVersion } from '../../engine/api/admin-responses.ts';
import { EQUIPMENT_TYPES } from '../../engine/api/admin-requests.ts';
import type { Db } from './connection.ts';

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
const parse = <T>(s: unknown): T | null => (typeof s === 'string' ? (JSON.parse(s) as T) : null);
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---- Announcements --------------------------------------------------------------------------

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

const fromAnnouncement = (r: Record<string, unknown>): AnnouncementRow => ({ ...(r as unknown as AnnouncementRow), contractor_ids: parse(r.contractor_ids), program_ids: parse(r.program_ids) });
const ANN = 'id, title, content, valid_from, valid_until, video_url, image_url, link, contractor_ids, program_ids, created_at, updated_at';

export function insertAnnouncement(db: Db, a: AnnouncementFields & { created_by: number | null; at: string }): number {
  return Number(db.prepare(`INSERT INTO announcements (title, content, valid_from, valid_until, video_url, image_url, link, contractor_ids, program_ids, created_by, created_at, updated_at)
    VALUES (@title, @content, @valid_from, @valid_until, @video_url, @image_url, @link, @contractor_ids, @program_ids, @created_by, @at, @at)`)
    .run({ ...a, contractor_ids: json(a.contractor_ids), program_ids: json(a.program_ids) }).lastInsertRowid);
}

export function updateAnnouncement(db: Db, id: number, a: AnnouncementFields, at: string): boolean {
  return db.prepare(`UPDATE announcements SET title = @title, content = @content, valid_from = @valid_from, valid_until = @valid_until, video_url = @video_url,
    image_url = @image_url, link = @link, contractor_ids = @contractor_ids, program_ids = @program_ids, updated_at = @at WHERE id = @id AND deleted_at IS NULL`)
    .run({ ...a, contractor_ids: json(a.contractor_ids), program_ids: json(a.program_ids), at, id }).changes > 0;
}

export function deleteAnnouncement(db: Db, id: number, at: string): boolean {
  return db.prepare('UPDATE announcements SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(at, id).changes > 0;
}

export function getAnnouncement(db: Db, id: number): AnnouncementRow | undefined {
  const r = db.prepare(`SELECT ${ANN} FROM announcements WHERE id = ? AND deleted_at IS NULL`).get(id) as Record<string, unknown> | undefined;
  return r && fromAnnouncement(r);
}

/** Announcements, newest first; `active_on` keeps those valid that day. */
export function listAnnouncements(db: Db, f: { active_on?: string }, page: { page_number: number; per_page: number }) {
  const where = `WHERE deleted_at IS NULL AND (@d IS NULL OR ((valid_from IS NULL OR valid_from <= @d) AND (valid_until IS NULL OR valid_until >= @d)))`;
  const params = { d: f.active_on ?? null };
  const items = (db.prepare(`SELECT ${ANN} FROM announcements ${where} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: page.per_page, offset: (page.page_number - 1) * page.per_page }) as Record<string, unknown>[]).map(fromAnnouncement);
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM announcements ${where}`).get(params) as { n: number }).n;
  return { items, total };
}

// ---- Terms and conditions ---------------------------------------------------------------------

/** A terms section: a title and its items. */
export interface TermsSection {
  title: string;
  items: string[];
}
/** A version of the terms and conditions: the answer contract's type. */
export type TermsRow = TermsVersion;

const TERMS = `SELECT t.id, t.version, t.title, t.description, t.sections, t.is_current, t.restored_from, t.created_at, t.created_by AS created_by_id, u.name AS created_by_name
  FROM terms_versions t LEFT JOIN users u ON u.id = t.created_by`;
const fromTerms = (r: Record<string, unknown>): TermsRow => ({
  id: r.id as number, version: r.version as number, title: r.title as string, description: r.description as string,
  sections: parse<TermsSection[]>(r.sections) ?? [], is_current: !!r.is_current, restored_from: (r.restored_from as number | null) ?? null,
  created_by: r.created_by_id ? { id: r.created_by_id as number, name: (r.created_by_name as string) ?? '' } : null, created_at: r.created_at as string,
});

/** Saves a new version and makes it the only current one. */
export function insertTermsVersion(db: Db, t: { title: string; description: string; sections: TermsSection[]; restored_from?: number | null; created_by: number | null; at: string }): number {
  const next = ((db.prepare('SELECT MAX(version) AS v FROM terms_versions').get() as { v: number | null }).v ?? 0) + 1;
  db.prepare('UPDATE terms_versions SET is_current = 0 WHERE is_current = 1').run();
  return Number(db.prepare(`INSERT INTO terms_versions (version, title, description, sections, is_current, restored_from, created_by, created_at)
    VALUES (?, ?, ?, ?, 1, ?, ?, ?)`).run(next, t.title, t.description, JSON.stringify(t.sections), t.restored_from ?? null, t.created_by, t.at).lastInsertRowid);
}

export function getTermsVersion(db: Db, id: number): TermsRow | undefined {
  const r = db.prepare(`${TERMS} WHERE t.id = ?`).get(id) as Record<string, unknown> | undefined;
  return r && fromTerms(r);
}

export function currentTermsVersion(db: Db): TermsRow | undefined {
  const r = db.prepare(`${TERMS} WHERE t.is_current = 1`).get() as Record<string, unknown> | undefined;
  return r && fromTerms(r);
}

export function listTermsVersions(db: Db, page: { page_number: number; per_page: number }) {
  const items = (db.prepare(`${TERMS} ORDER BY t.version DESC LIMIT ? OFFSET ?`).all(page.per_page, (page.page_number - 1) * page.per_page) as Record<string, unknown>[]).map(fromTerms);
  const total = (db.prepare('SELECT COUNT(*) AS n FROM terms_versions').get() as { n: number }).n;
  return { items, total };
}

// ---- Energy providers ------------------------------------------------------------------------

/** An energy provider (utility), with its preferred vendor (a contractor). */
export type ProviderRow = Provider;
export type ProviderFields = Pick<ProviderRow, 'name' | 'type' | 'states' | 'preferred_vendor_id' | 'notes'>;

const PROV = `SELECT p.id, p.name, p.type, p.states, p.preferred_vendor_id, c.name AS preferred_vendor, p.notes, p.created_at FROM providers p LEFT JOIN contractors c ON c.id = p.preferred_vendor_id`;
const fromProvider = (r: Record<string, unknown>): ProviderRow => ({ ...(r as unknown as ProviderRow), states: parse<string[]>(r.states) ?? [] });

export function insertProvider(db: Db, p: ProviderFields & { at: string }): number {
  return Number(db.prepare('INSERT INTO providers (name, type, states, preferred_vendor_id, notes, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(p.name, p.type, JSON.stringify(p.states), p.preferred_vendor_id, p.notes, p.at).lastInsertRowid);
}
export function updateProvider(db: Db, id: number, p: ProviderFields): boolean {
  return db.prepare('UPDATE providers SET name = ?, type = ?, states = ?, preferred_vendor_id = ?, notes = ? WHERE id = ? AND deleted_at IS NULL')
    .run(p.name, p.type, JSON.stringify(p.states), p.preferred_vendor_id, p.notes, id).changes > 0;
}
export function deleteProvider(db: Db, id: number, at: string): boolean {
  return db.prepare('UPDATE providers SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(at, id).changes > 0;
}
export function getProvider(db: Db, id: number): ProviderRow | undefined {
  const r = db.prepare(`${PROV} WHERE p.id = ? AND p.deleted_at IS NULL`).get(id) as Record<string, unknown> | undefined;
  return r && fromProvider(r);
}
export function listProviders(db: Db, f: { q?: string; state?: string }, page: { page_number: number; per_page: number }) {
  const where = `WHERE p.deleted_at IS NULL AND (@q IS NULL OR p.name LIKE @q ESCAPE '\\') AND (@state IS NULL OR EXISTS (SELECT 1 FROM json_each(p.states) WHERE value = @state))`;
  const params = { q: f.q ? like(f.q) : null, state: f.state ?? null };
  const items = (db.prepare(`${PROV} ${where} ORDER BY p.name LIMIT @limit OFFSET @offset`).all({ ...params, limit: page.per_page, offset: (page.page_number - 1) * page.per_page }) as Record<string, unknown>[]).map(fromProvider);
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM providers p ${where}`).get(params) as { n: number }).n;
  return { items, total };
}

// ---- Equipment catalog ------------------------------------------------------------------------

/** Equipment types (the catalog tabs): the request contract's. */
export { EQUIPMENT_TYPES };
/** Numeric and text fields of the catalog (spec sect. 3 "Equipment"). */
export const EQUIPMENT_FIELDS = [
  'manufacturer', 'model', 'ahri_id', 'seer', 'seer2', 'hspf', 'hspf2', 'cop', 'afue', 'uef', 'capacity', 'capacity_5f', 'tonnage', 'gallons',
  'neep', 'energy_star', 'indoor_unit_manufacturer', 'indoor_unit_model', 'furnace_model', 'zone_type', 'duct_type',
] as const;
/** A catalog entry. */
export type EquipmentRow = { id: number; type: (typeof EQUIPMENT_TYPES)[number]; created_at: string } & Record<(typeof EQUIPMENT_FIELDS)[number], string | number | boolean | null>;

const EQ = `id, type, ${EQUIPMENT_FIELDS.join(', ')}, created_at`;
const fromEquipment = (r: Record<string, unknown>): EquipmentRow => ({ ...(r as EquipmentRow), neep: r.neep === null ? null : !!r.neep, energy_star: r.energy_star === null ? null : !!r.energy_star });
const toDb = (e: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const k of EQUIPMENT_FIELDS) out[k] = typeof e[k] === 'boolean' ? (e[k] ? 1 : 0) : e[k] ?? null;
  return out;
};

export function insertEquipment(db: Db, e: Record<string, unknown> & { type: string; at: string }): number {
  return Number(db.prepare(`INSERT INTO equipment (type, ${EQUIPMENT_FIELDS.join(', ')}, created_at) VALUES (@type, ${EQUIPMENT_FIELDS.map((k) => `@${k}`).join(', ')}, @at)`)
    .run({ ...toDb(e), type: e.type, at: e.at }).lastInsertRowid);
}
export function updateEquipment(db: Db, id: number, e: Record<string, unknown> & { type: string }): boolean {
  return db.prepare(`UPDATE equipment SET type = @type, ${EQUIPMENT_FIELDS.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id AND deleted_at IS NULL`)
    .run({ ...toDb(e), type: e.type, id }).changes > 0;
}
export function deleteEquipment(db: Db, id: number, at: string): boolean {
  return db.prepare('UPDATE equipment SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(at, id).changes > 0;
}
export function getEquipment(db: Db, id: number): EquipmentRow | undefined {
  const r = db.prepare(`SELECT ${EQ} FROM equipment WHERE id = ? AND deleted_at IS NULL`).get(id) as Record<string, unknown> | undefined;
  return r && fromEquipment(r);
}
/** Catalog search by manufacturer, model or AHRI id within a type. */
export function listEquipment(db: Db, f: { type?: string; q?: string }, page: { page_number: number; per_page: number }) {
  const where = `WHERE deleted_at IS NULL AND (@type IS NULL OR type = @type) AND (@q IS NULL OR manufacturer LIKE @q ESCAPE '\\' OR model LIKE @q ESCAPE '\\' OR ahri_id LIKE @q ESCAPE '\\'
    OR (manufacturer || ' ' || model) LIKE @q ESCAPE '\\')`;
  const params = { type: f.type ?? null, q: f.q ? like(f.q) : null };
  const items = (db.prepare(`SELECT ${EQ} FROM equipment ${where} ORDER BY manufacturer COLLATE NOCASE, model COLLATE NOCASE LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: page.per_page, offset: (page.page_number - 1) * page.per_page }) as Record<string, unknown>[]).map(fromEquipment);
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM equipment ${where}`).get(params) as { n: number }).n;
  return { items, total };
}
