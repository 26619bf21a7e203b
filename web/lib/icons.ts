/**
 * Blueprint loads icon paths on demand; its default loader fetches every icon of a size in one ~300 KB
 * chunk. This loader fetches only the icons a page draws (one small chunk each), keeping the first load
 * of the jobs list light.
 */

import { Icons } from '@blueprintjs/icons';

/** Installs the per-icon loader (once, before the first render). */
export function installIconLoader(): void {
  Icons.setLoaderOptions({ loader: async (name, size) => (await import('./icon-paths.ts')).iconPaths(name, size) });
}
