/** Feature flags (program-explorer) and user preferences. */

import type { Deps } from '../context.ts';
import * as settings from '../db/settings.db.ts';

/** Flags known to the product. */
export const FEATURE_FLAGS = ['program-explorer'] as const;

/** Names of the flags that are on. */
export async function enabledFlags(deps: Deps): Promise<string[]> {
  return (await settings.listFlags(deps.db)).filter((f) => f.enabled).map((f) => f.name);
}

/** Sets the flags of a fresh database from the configuration (later changes are kept). */
export async function initFlags(deps: Deps): Promise<void> {
  const known = new Set((await settings.listFlags(deps.db)).map((f) => f.name));
  for (const name of FEATURE_FLAGS)
    if (!known.has(name)) await settings.setFlag(deps.db, name, deps.config.feature_flags.includes(name));
}
