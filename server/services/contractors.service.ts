/** Contractor companies: list, read, create, update, delete, filters, current, invitations. */

import { inTransaction, type AuthUser, type Deps } from '../context.ts';
import { badRequest, conflict, notFound, validationError } from '../errors.ts';
import { companyFor, contractorScope, ownCompany } from './access.ts';
import * as db from '../db/contractors.db.ts';
import { findUserByEmail, insertUser } from '../db/users.db.ts';
import { mintLoginLink } from './auth.service.ts';
import { renderMail } from '../mail/templates.ts';
import { MESSAGES } from '../../engine/forms/messages.ts';

/** A contractor as shown. */
async function present(deps: Deps, c: db.ContractorRow, includeEquipment = false) {
  const program = c.program_id ? deps.defs.programs[c.program_id] : undefined;
  return {
    ...c,
    program: c.program_id ? { id: c.program_id, name: program?.name ?? c.program_id } : null,
    open_jobs: await db.jobCountOfContractor(deps.db, c.id),
    ...(includeEquipment ? { equipment_ids: await db.equipmentOfContractor(deps.db, c.id) } : {}),
  };
}

/** Who may see which contractors (access.ts). */
const visibleIds = contractorScope;

export async function listContractors(
  deps: Deps,
  user: AuthUser,
  f: { program_id?: string; q?: string },
  page: { page_number: number; per_page: number },
) {
  const r = await db.listContractors(deps.db, { ...f, ids: visibleIds(user) }, page);
  const items = [];
  for (const c of r.items) items.push(await present(deps, c));
  return { items, total: r.total, ...page };
}

export async function simpleList(deps: Deps, user: AuthUser) {
  const ids = visibleIds(user);
  return (await db.allContractors(deps.db))
    .filter((c) => !ids || ids.includes(c.id))
    .map((c) => ({ id: c.id, name: c.name }));
}

export async function readContractor(deps: Deps, user: AuthUser, id: number, includeEquipment: boolean) {
  const ids = visibleIds(user);
  const c = await db.getContractor(deps.db, id);
  if (!c || (ids && !ids.includes(id))) throw notFound('Contractor not found');
  return present(deps, c, includeEquipment);
}

/** Contractor fields of a create or update body. */
export interface ContractorBody extends Partial<db.ContractorFields> {
  equipment_ids?: number[];
}

function checkProgram(deps: Deps, program_id: string | null | undefined) {
  if (program_id && !deps.defs.programs[program_id])
    throw validationError([{ path: 'program_id', message: 'Please select one of the options' }]);
}

export async function createContractor(deps: Deps, user: AuthUser, body: ContractorBody & { name: string }) {
  checkProgram(deps, body.program_id);
  const id = await inTransaction(deps, async (deps) => {
    const { equipment_ids, ...fields } = body;
    const newId = await db.insertContractor(deps.db, {
      address: null,
      city: null,
      phone: null,
      email: null,
      primary_contact: null,
      program_id: null,
      ...fields,
      created_at: deps.now().toISOString(),
    });
    if (equipment_ids) await db.setContractorEquipment(deps.db, newId, equipment_ids);
    return newId;
  });
  return readContractor(deps, user, id, true);
}

export async function updateContractor(deps: Deps, user: AuthUser, id: number, body: ContractorBody) {
  await readContractor(deps, user, id, false);
  checkProgram(deps, body.program_id);
  await inTransaction(deps, async (deps) => {
    const { equipment_ids, ...fields } = body;
    await db.updateContractor(deps.db, id, fields);
    if (equipment_ids) await db.setContractorEquipment(deps.db, id, equipment_ids);
  });
  return readContractor(deps, user, id, true);
}

export async function deleteContractor(deps: Deps, id: number) {
  if (!(await db.deleteContractor(deps.db, id, deps.now().toISOString()))) throw notFound('Contractor not found');
}

/** The signed-in contractor's company. */
export function currentContractor(deps: Deps, user: AuthUser) {
  return readContractor(deps, user, ownCompany(user), true);
}

/** The values the contractor list's filters can take. */
export function contractorFilterOptions(deps: Deps) {
  return { programs: Object.values(deps.defs.programs).map((p) => ({ id: p.id, name: p.name })) };
}

/** Invites a person: creates their account and mails a one-time sign-in link. */
export async function invite(
  deps: Deps,
  user: AuthUser,
  body: { email: string; name: string; contractor_id?: number },
  internal: boolean,
) {
  let contractor_id: number | null = null;
  if (!internal) {
    contractor_id = companyFor(user, body.contractor_id);
    if (contractor_id === null) throw validationError([{ path: 'contractor_id', message: MESSAGES.required }]);
    if (!(await db.getContractor(deps.db, contractor_id))) throw badRequest('Unknown contractor', 'unknown_contractor');
  }
  if (await findUserByEmail(deps.db, body.email))
    throw conflict('A user with this email already exists.', undefined, 'email_taken');
  const userId = await insertUser(deps.db, {
    email: body.email,
    name: body.name,
    role: internal ? 'ops' : 'contractor',
    contractor_id,
    created_at: deps.now().toISOString(),
  });
  const link = await mintLoginLink(deps, userId);
  const link_hours = Math.round((Date.parse(link.expires_at) - deps.now().getTime()) / 3_600_000);
  await deps.adapters.mail.send({
    to: body.email,
    ...renderMail('user_invite', { inviter_name: user.name, link_hours, link: link.url }),
  });
  return { id: userId, email: body.email, name: body.name, role: internal ? 'ops' : 'contractor', contractor_id };
}
