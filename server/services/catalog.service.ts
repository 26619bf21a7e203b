/** Energy providers (with a preferred vendor) and the equipment catalog. */

import type { Deps } from '../context.ts';
import { notFound, validationError } from '../errors.ts';
import * as db from '../db/admin.db.ts';
import { getContractor } from '../db/contractors.db.ts';

export function listProviders(deps: Deps, f: { q?: string; state?: string }, page: { page_number: number; per_page: number }) {
  return { ...db.listProviders(deps.db, f, page), ...page };
}
export function readProvider(deps: Deps, id: number) {
  const p = db.getProvider(deps.db, id);
  if (!p) throw notFound('Energy provider not found');
  return p;
}
function checkVendor(deps: Deps, id: number | null) {
  if (id !== null && !getContractor(deps.db, id)) throw validationError([{ path: 'preferred_vendor_id', message: 'Please select one of the options' }]);
}
export function createProvider(deps: Deps, p: db.ProviderFields) {
  checkVendor(deps, p.preferred_vendor_id);
  return readProvider(deps, db.insertProvider(deps.db, { ...p, at: deps.now().toISOString() }));
}
export function updateProvider(deps: Deps, id: number, p: db.ProviderFields) {
  checkVendor(deps, p.preferred_vendor_id);
  if (!db.updateProvider(deps.db, id, p)) throw notFound('Energy provider not found');
  return readProvider(deps, id);
}
export function deleteProvider(deps: Deps, id: number) {
  if (!db.deleteProvider(deps.db, id, deps.now().toISOString())) throw notFound('Energy provider not found');
}

export function listEquipment(deps: Deps, f: { type?: string; q?: string }, page: { page_number: number; per_page: number }) {
  return { ...db.listEquipment(deps.db, f, page), ...page };
}
export function readEquipment(deps: Deps, id: number) {
  const e = db.getEquipment(deps.db, id);
  if (!e) throw notFound('Equipment not found');
  return e;
}
export function createEquipment(deps: Deps, e: Record<string, unknown> & { type: string }) {
  return readEquipment(deps, db.insertEquipment(deps.db, { ...e, at: deps.now().toISOString() }));
}
export function updateEquipment(deps: Deps, id: number, e: Record<string, unknown> & { type: string }) {
  if (!db.updateEquipment(deps.db, id, e)) throw notFound('Equipment not found');
  return readEquipment(deps, id);
}
export function deleteEquipment(deps: Deps, id: number) {
  if (!db.deleteEquipment(deps.db, id, deps.now().toISOString())) throw notFound('Equipment not found');
}
