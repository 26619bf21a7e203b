/** Loads the repository's definitions once for the cross-cutting tests. */

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { loadDefinitions, type LoadOptions } from '../engine/index.ts';
import { readDefinitionFiles } from '../cli/read-files.ts';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The program ids: the folders of program-defs/ besides _shared (sorted), so a new program counts by being there. */
export const PROGRAM_IDS = readdirSync(join(ROOT, 'program-defs'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== '_shared')
  .map((d) => d.name)
  .sort();

/** Loads every definition of the repository. */
export function loadRepo(options?: LoadOptions) {
  return loadDefinitions(readDefinitionFiles([], ROOT), options);
}
