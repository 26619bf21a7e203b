/** Builds the app's dependencies from a configuration (used by main and by tests). */

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Definitions } from '../engine/index.ts';
import type { Config } from './config.ts';
import type { Deps } from './context.ts';
import { openDatabase } from './db/connection.ts';
import { localAdapters } from './adapters/index.ts';
import { loadRepoDefinitions } from './definitions.ts';

/** The repository root (program-defs/ and task-schemas/ live there). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

let cachedDefs: Definitions | undefined;

/** The repository's definitions, loaded once per process. */
export function repoDefinitions(): Definitions {
  return (cachedDefs ??= loadRepoDefinitions(REPO_ROOT));
}

/** Dependencies over the embedded database, local adapters and the system clock (unless given). */
export function buildDeps(config: Config, overrides: Partial<Deps> = {}): Deps {
  const db = overrides.db ?? openDatabase(config.database_url);
  const now = overrides.now ?? (() => new Date());
  return {
    db,
    defs: overrides.defs ?? repoDefinitions(),
    config,
    adapters: overrides.adapters ?? localAdapters(db, config.upload_dir, now),
    now,
    log: overrides.log ?? ((line) => process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), ...line })}\n`)),
  };
}
