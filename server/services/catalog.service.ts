/** Energy providers (with a preferred vendor) and the equipment catalog. */

import type { Deps } from '../context.ts';
import { notFound, validationError } from '../errors.ts';
import * as db from '../db/admin.db.ts';
import { getContractor } from '../db/contractors.db.ts';

export async function listProviders(
  deps: Deps,
  f: { q?: string; state?: string },
  page: { page_number: number; per_page: number },
) {
  return { ...(await db.listProviders(deps.db, f, page)), ...page };
}
export async function readProvider(deps: Deps, id: number) {
  const p = await db.getProvider(deps.db, id);
  if (!p) throw notFound('Energy provider not found');
  return p;
}
async function checkVendor(deps: Deps, id: number | null) {
  if (id !== null && !(await getContractor(deps.db, id)))
    throw validationError([{ path: 'preferred_vendor_id', message: 'Please select one of the options' }]);
}
export async function createProvider(deps: Deps, p: db.ProviderFields) {
  await checkVendor(deps, p.preferred_vendor_id);
  return readProvider(deps, await db.insertProvider(deps.db, { ...p, at: deps.now().toISOString() }));
}
export async function updateProvider(deps: Deps, id: number, p: db.ProviderFields) {
  await checkVendor(deps, p.preferred_vendor_id);
  if (!(await db.updateProvider(deps.db, id, p))) throw notFound('Energy provider not found');
  return readProvider(deps, id);
}
export async function deleteProvider(deps: Deps, id: number) {
  if (!(await db.deleteProvider(deps.db, id, deps.now().toISOString()))) throw notFound('Energy provider not found');
}

export async function listEquipment(
  deps: Deps,
  f: { type?: string; q?: string },
  page: { page_number: number; per_page: number },
) {
  return { ...(await db.listEquipment(deps.db, f, page)), ...page };
}
export async function readEquipment(deps: Deps, id: number) {
  const e = await db.getEquipment(deps.db, id);
  if (!e) throw notFound('Equipment not found');
  return e;
}
export async function createEquipment(deps: Deps, e: Record<string, unknown> & { type: string }) {
  return readEquipment(deps, await db.insertEquipment(deps.db, { ...e, at: deps.now().toISOString() }));
}
export async function updateEquipment(deps: Deps, id: number, e: Record<string, unknown> & { type: string }) {
  if (!(await db.updateEquipment(deps.db, id, e))) throw notFound('Equipment not found');
  return readEquipment(deps, id);
}
export async function deleteEquipment(deps: Deps, id: number) {
  if (!(await db.deleteEquipment(deps.db, id, deps.now().toISOString()))) throw notFound('Equipment not found');
}
