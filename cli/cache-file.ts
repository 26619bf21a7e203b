/**
 * A JSON file of entries by key, kept between CLI runs in node_modules/.cache/rebate (the usual place
 * for a tool's cache): read whole at start, written whole (through a temporary file and a rename, so a
 * run reading it concurrently sees the old or the new file, never half of one) when a run added to it.
 */

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The default cache folder: node_modules/.cache/rebate of this package. */
export const CACHE_DIR = join(fileURLToPath(new URL('../', import.meta.url)), 'node_modules/.cache/rebate');

/**
 * A version of the code that produced cached entries: a hash of these source files of the package (so
 * an entry made by an older parser or compiler is never taken for a current one) and the packages' versions.
 */
export function codeVersion(files: string[], packages: string[]): string {
  const hash = createHash('sha1');
  const root = fileURLToPath(new URL('../', import.meta.url));
  for (const f of files) hash.update(`${f}\0${readFileSync(join(root, f), 'utf8')}\0`);
  for (const p of packages) hash.update(`${p}@${(require(`${p}/package.json`) as { version: string }).version}\0`);
  return hash.digest('base64url');
}

/** Entries read from a cache file; `use` marks one as used by this run, `add` adds one. */
export interface CacheFile<T> {
  get(key: string): T | undefined;
  use(key: string, value: T): void;
  add(key: string, value: T): void;
  /** Writes the file back if this run added anything; never throws (a read-only install just stays slower). */
  save(): void;
}

/** Opens the cache file `name` in `dir` (a missing or unreadable file is an empty cache). */
export function cacheFile<T>(dir: string, name: string): CacheFile<T> {
  const file = join(dir, name);
  let stored: Record<string, T>;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, T>;
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) stored = {};
  } catch {
    stored = {};
  }
  const used = new Map<string, T>();
  let added = 0;
  return {
    get: (key) => (Object.prototype.hasOwnProperty.call(stored, key) ? stored[key] : undefined),
    use: (key, value) => void used.set(key, value),
    add(key, value) {
      used.set(key, value);
      added++;
    },
    save() {
      if (added === 0) return;
      // Keep what other runs (one program validated alone) used too, unless that makes the file, read whole
      // by every run, much more than one run's worth: then entries of files since changed go.
      const all = { ...stored, ...Object.fromEntries(used) };
      const merged = Object.keys(all).length > 1.5 * used.size ? Object.fromEntries(used) : all;
      try {
        mkdirSync(dirname(file), { recursive: true });
        const temp = `${file}.${process.pid}.tmp`;
        writeFileSync(temp, JSON.stringify(merged));
        renameSync(temp, file);
      } catch {
        // Not writable: every run parses and compiles, as without a cache.
      }
    },
  };
}
