/** Loads the repository's definitions once for the cross-cutting tests. */

import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { loadDefinitions, type LoadOptions } from '../engine/index.ts';
import { readDefinitionFiles } from '../cli/read-files.ts';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The ten program ids of the spec, as folder names. */
export const PROGRAM_IDS = ['3c-ren', 'pce', 'reco', 'hiasp', 'udve', 'ca-heehra', 'wi-hear', 'ga-hear', 'ca-tech', '3ce'];

/** Loads every definition of the repository. */
export function loadRepo(options?: LoadOptions) {
  return loadDefinitions(readDefinitionFiles([], ROOT), options);
}
