/**
 * Blueprint loads icon paths on demand; its default loader fetches every icon of a size in one ~300 KB
 * chunk. This loader serves the icons the portal uses from one small chunk (web/lib/icon-paths.ts) and
 * leaves any other icon to Blueprint's loader, so the first load of the jobs list stays light.
 */

import { Icons } from '@blueprintjs/icons';

/** Installs the loader (once, before the first render). */
export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      const own = (await import('./icon-paths.ts')).ICON_PATHS[size]?.[name];
      if (own) return own;
      const { splitPathsBySizeLoader } = await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader.js');
      return splitPathsBySizeLoader(name, size);
    },
  });
}
