/**
 * The demo's inspections (issue 43): the demo inspector holds some of the sampled reviews, assigned through the
 * inspections workflow as ops would (each in its job's history), so their day has visits to make, and ops' queue shows
 * inspections both assigned and not.
 */

import type { AuthUser, Deps } from '../context.ts';
import { findUserByEmail } from '../db/users.db.ts';
import { assignInspector, listInspections } from '../workflows/quality/inspections.service.ts';

/** The demo inspector's sign-in (server/seed/demo-people.ts DEMO_USERS). */
export const DEMO_INSPECTOR = 'inspector@demo.rebates.test';

/** How many of the sampled reviews waiting on an outcome go to the demo inspector: the rest stay to assign. */
const ASSIGNED = 4;

export async function assignDemoInspections(deps: Deps, ops: AuthUser): Promise<void> {
  const inspector = await findUserByEmail(deps.db, DEMO_INSPECTOR);
  if (!inspector) return;
  const open = (await listInspections(deps, ops, { state: 'unassigned' })).items;
  // Field inspections first (a visit to arrange), then desk reviews; every other one, so both kinds stay to assign.
  const ordered = [
    ...open.filter((i) => i.kind === 'field_inspection'),
    ...open.filter((i) => i.kind !== 'field_inspection'),
  ];
  for (const i of ordered.filter((_, n) => n % 2 === 0).slice(0, ASSIGNED))
    await assignInspector(deps, ops, String(i.job_id), i.review_id, { inspector_id: inspector.id });
}
