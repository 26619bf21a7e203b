/** Builds the app's dependencies from a configuration (used by main and by tests). */

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Definitions } from '../engine/index.ts';
import type { Config } from './config.ts';
import type { Deps } from './context.ts';
import { openStore, type Store } from './db/database.ts';
import { localAdapters } from './adapters/index.ts';
import { oidcSettingsOf } from './adapters/oidc.ts';
import { loadRepoDefinitions, readDefinitionSources, withSafeLookups } from './definitions.ts';
import type { SourceFile } from '../engine/index.ts';
import { parseSource } from '../engine/load/yaml-source.ts';
import { toParsedEntry, type ParsedEntry } from '../engine/load/parsed-entry.ts';
import { registerVersions, storeLoadedVersions } from './services/pinned-program.ts';
import { WORKFLOWS } from './workflows/index.ts';

/** The repository root (program-defs/ and task-schemas/ live there). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

let cached: { files: SourceFile[]; defs: Definitions; parsed: Map<string, ParsedEntry | undefined> } | undefined;

function load() {
  if (!cached) {
    const files = readDefinitionSources(REPO_ROOT);
    // Each file's parsed entry, made from the loader's own parse before the loader reads it (repoParsedEntry).
    const parsed = new Map<string, ParsedEntry | undefined>();
    const parse = (file: string, text: string) => {
      const p = parseSource(file, text);
      parsed.set(file, toParsedEntry(p));
      return p;
    };
    cached = { files, defs: registerVersions(loadRepoDefinitions(files, parse), files), parsed };
  }
  return cached;
}

/** The repository's definitions, loaded once per process. */
export function repoDefinitions(): Definitions {
  return load().defs;
}

/**
 * The very files the server's definitions were loaded from: the program explorer loads them in the
 * browser with the same engine function, so what ops see is what runs.
 */
export function repoDefinitionSources(): SourceFile[] {
  return load().files;
}

/**
 * What the server parsed of a file of repoDefinitionSources (its parsed entry; none for a file that
 * does not parse cleanly): the program explorer loads the definitions from these without parsing YAML
 * in the browser. Made as the definitions load (about 50 ms for every file).
 */
export function repoParsedEntry(file: SourceFile): ParsedEntry | undefined {
  return load().parsed.get(file.path);
}

/** Dependencies over a store, local adapters, the system clock and the registered workflows (unless given). */
export function depsOf(store: Store, config: Config, overrides: Partial<Omit<Deps, 'db' | 'store'>> = {}): Deps {
  const now = overrides.now ?? (() => new Date());
  return {
    db: store.kysely,
    store,
    defs: overrides.defs ? withSafeLookups(overrides.defs) : repoDefinitions(),
    config,
    adapters:
      overrides.adapters ??
      localAdapters(store.kysely, config.upload_dir, now, {
        smtp: !!config.smtp_url,
        files: config.upload_storage,
        utility_data_url: config.utility_data_url,
        ap_url: config.ap_url,
        reporting_url: config.reporting_url,
        oidc: oidcSettingsOf(config),
      }),
    now,
    log:
      overrides.log ??
      ((line) => process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), ...line })}\n`)),
    workflows: overrides.workflows ?? WORKFLOWS,
  };
}

/**
 * Opens (and migrates) the configured database and builds the dependencies over it; stores the version of
 * each loaded program once (definition_versions: a version already stored keeps its first_loaded_at).
 */
export async function buildDeps(config: Config, overrides: Partial<Omit<Deps, 'db' | 'store'>> = {}): Promise<Deps> {
  const deps = depsOf(await openStore(config.database_url, { schema: config.database_schema }), config, overrides);
  await storeLoadedVersions(deps);
  return deps;
}
