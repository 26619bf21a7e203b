/** Every icon the pages name literally is in the portal's own icon tables (else it costs the 300 KB fallback). */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_PATHS_16 } from '../../web/lib/icon-paths-16.ts';
import { ICON_PATHS_16_MORE } from '../../web/lib/icon-paths-16-more.ts';
import { ROOT } from '../load-repo.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? (n === 'dist' ? [] : files(p)) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

describe('icons', () => {
  it('the icons named in web/ are served from the portal’s tables', () => {
    const named = new Set<string>();
    for (const f of files(join(ROOT, 'web'))) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\bicon(?:=|:\s*)\{?\s*["']([a-z0-9-]+)["']/g)) named.add(m[1]);
    }
    const missing = [...named].filter((n) => !(n in ICON_PATHS_16) && !(n in ICON_PATHS_16_MORE)).sort();
    expect(named.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
