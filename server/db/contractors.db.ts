/** Contractor companies. */

import { stmt, type Db } from './connection.ts';

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

const COLUMNS = 'id, name, address, city, phone, email, primary_contact, program_id, created_at';

export function insertContractor(db: Db, c: ContractorFields & { created_at: string }): number {
  return Number(
    db.prepare('INSERT INTO contractors (name, address, city, phone, email, primary_contact, program_id, created_at) VALUES (@name, @address, @city, @phone, @email, @primary_contact, @program_id, @created_at)')
      .run({ ...c, address: c.address ?? null, city: c.city ?? null, phone: c.phone ?? null, email: c.email ?? null, primary_contact: c.primary_contact ?? null, program_id: c.program_id ?? null }).lastInsertRowid,
  );
}

export function getContractor(db: Db, id: number): ContractorRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM contractors WHERE id = ? AND deleted_at IS NULL`).get(id) as ContractorRow | undefined;
}

export function updateContractor(db: Db, id: number, c: Partial<ContractorFields>): void {
  const keys = Object.keys(c).filter((k) => ['name', 'address', 'city', 'phone', 'email', 'primary_contact', 'program_id'].includes(k));
  if (!keys.length) return;
  db.prepare(`UPDATE contractors SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({ ...c, id });
}

export function deleteContractor(db: Db, id: number, at: string): boolean {
  return db.prepare('UPDATE contractors SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(at, id).changes > 0;
}

/** Filters of the contractor list. */
export interface ContractorFilters {
  program_id?: string;
  q?: string;
  ids?: number[];
}

export function listContractors(db: Db, f: ContractorFilters, page: { page_number: number; per_page: number }): { items: ContractorRow[]; total: number } {
  const params = {
    program_id: f.program_id ?? null,
    q: f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    ids: f.ids ? JSON.stringify(f.ids) : null,
  };
  const where = `WHERE deleted_at IS NULL AND (@program_id IS NULL OR program_id = @program_id)
    AND (@ids IS NULL OR id IN (SELECT value FROM json_each(@ids)))
    AND (@q IS NULL OR name LIKE @q ESCAPE '\\' OR address LIKE @q ESCAPE '\\' OR city LIKE @q ESCAPE '\\' OR primary_contact LIKE @q ESCAPE '\\' OR email LIKE @q ESCAPE '\\' OR phone LIKE @q ESCAPE '\\')`;
  const items = db.prepare(`SELECT ${COLUMNS} FROM contractors ${where} ORDER BY name, id LIMIT @limit OFFSET @offset`).all({ ...params, limit: page.per_page, offset: (page.page_number - 1) * page.per_page }) as ContractorRow[];
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM contractors ${where}`).get(params) as { n: number }).n;
  return { items, total };
}

/** Every contractor (id, name), for pickers and search. */
export function allContractors(db: Db): ContractorRow[] {
  return db.prepare(`SELECT ${COLUMNS} FROM contractors WHERE deleted_at IS NULL ORDER BY name`).all() as ContractorRow[];
}

/** Names of contractors by id. */
export function contractorNames(db: Db, ids: number[]): Map<number, string> {
  if (!ids.length) return new Map();
  const rows = stmt(db, 'SELECT id, name FROM contractors WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify([...new Set(ids)])) as { id: number; name: string }[];
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Equipment ids a contractor installs. */
export function equipmentOfContractor(db: Db, contractorId: number): number[] {
  return (db.prepare('SELECT equipment_id FROM contractor_equipment WHERE contractor_id = ? ORDER BY equipment_id').all(contractorId) as { equipment_id: number }[]).map((r) => r.equipment_id);
}

/** Replaces the equipment a contractor installs. */
export function setContractorEquipment(db: Db, contractorId: number, equipmentIds: number[]): void {
  db.prepare('DELETE FROM contractor_equipment WHERE contractor_id = ?').run(contractorId);
  const ins = db.prepare('INSERT OR IGNORE INTO contractor_equipment (contractor_id, equipment_id) VALUES (?, ?)');
  for (const id of equipmentIds) ins.run(contractorId, id);
}

/** Number of jobs a contractor has (not canceled). */
export function jobCountOfContractor(db: Db, contractorId: number): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM jobs WHERE contractor_id = ? AND is_canceled = 0').get(contractorId) as { n: number }).n;
}
