/**
 * The signed-in user's preferences (spec sect. 3): read with defaults filled in and older stored shapes
 * migrated; saved after the user_preferences form checks them, so the Preferences screen and the API
 * refuse the same values with the same messages.
 */

import { PREFERENCE_DEFAULTS } from '../../engine/constants.ts';
import { PREFERENCES, type Preferences } from '../../engine/api/admin-requests.ts';
import { validateTask } from '../../engine/index.ts';
import { slaDaysByTab, stageTabOrder } from '../../engine/preferences.ts';
import type { Deps } from '../context.ts';
import { getPreferences, putPreferences } from '../db/settings.db.ts';
import { ApiError, validationError } from '../errors.ts';
import { checkBody } from '../validation.ts';

/** The form that is the Preferences screen (task-schemas/user_preferences). */
export const PREFERENCES_FORM = 'user_preferences';

/**
 * What a user's stored preferences mean today: the defaults under them, a partial tab order completed,
 * and an SLA stored as one integer (before it was per stage tab) applied to every tab.
 */
export function presentPreferences(stored: Record<string, unknown>): Preferences {
  return {
    ...PREFERENCE_DEFAULTS,
    ...stored,
    bucket_order: stageTabOrder(stored.bucket_order ?? PREFERENCE_DEFAULTS.bucket_order),
    sla_days_in_stage:
      'sla_days_in_stage' in stored ? slaDaysByTab(stored.sla_days_in_stage) : PREFERENCE_DEFAULTS.sla_days_in_stage,
  } as Preferences;
}

/** The user's preferences, defaults filled in. */
export async function readPreferences(deps: Deps, userId: number): Promise<Preferences> {
  return presentPreferences((await getPreferences(deps.db, userId)) ?? {});
}

/**
 * Saves some preferences. The form's fields are checked by the user_preferences form on the whole
 * result (what is stored with the body on top), so its messages are the ones users see; then the body
 * as a whole by the API's contract (fields the form does not have, such as the remembered filters).
 */
export async function savePreferences(deps: Deps, userId: number, body: unknown): Promise<Preferences> {
  const form = deps.defs.forms[PREFERENCES_FORM];
  if (!form) throw new ApiError(500, `Form '${PREFERENCES_FORM}' is not loaded`);
  const stored = (await getPreferences(deps.db, userId)) ?? {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const merged: Record<string, unknown> = { ...presentPreferences(stored), ...body };
    const fields = Object.keys((form.schema as { properties?: object }).properties ?? {});
    const checked = validateTask(
      form,
      Object.fromEntries(fields.filter((f) => f in merged).map((f) => [f, merged[f]])),
    );
    if (!checked.ok) throw validationError(checked.errors);
  }
  const changes = checkBody<Record<string, unknown>>(PREFERENCES, body);
  const next = { ...stored, ...changes };
  await putPreferences(deps.db, userId, next);
  return presentPreferences(next);
}
