/**
 * Blueprint loads icon paths on demand; its default loader fetches every icon of a size in one ~300 KB
 * chunk. This loader serves the icons the portal uses from one small chunk per size (web/lib/icon-paths-*.ts) and
 * leaves any other icon to Blueprint's loader, so the first load of the jobs list stays light.
 */

import { Icons } from '@blueprintjs/icons';

/** Installs the loader (once, before the first render). */
export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      const own =
        size === 16
          ? ((await import('./icon-paths-16.ts')).ICON_PATHS_16[name] ??
            (await import('./icon-paths-16-more.ts')).ICON_PATHS_16_MORE[name])
          : (await import('./icon-paths-20.ts')).ICON_PATHS_20[name];
      if (own) return own;
      const { splitPathsBySizeLoader } =
        await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader.js');
      return splitPathsBySizeLoader(name, size);
    },
  });
}
