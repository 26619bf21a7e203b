/**
 * Parsed definition files kept between runs of `rebate validate`. Parsing the YAML (with positions) is
 * the largest part of a run once validators are cached; most files do not change between runs. So
 * each file that parses cleanly is kept by a hash of its text as its parsed entry
 * (engine/load/parsed-entry.ts: its value and where each path of it is), and a later run with the same
 * text gets it back without parsing. Files with YAML errors or warnings, or values JSON cannot hold
 * (such as .inf), are parsed every time.
 */

import { createHash } from 'node:crypto';
import { parseSource, type ParsedFile } from '../engine/load/yaml-source.ts';
import { fromParsedEntry, toParsedEntry, type ParsedEntry } from '../engine/load/parsed-entry.ts';
import { cacheFile, codeVersion } from './cache-file.ts';

/** A parser that reuses earlier runs' results (`parse`), and writes new ones back (`save`). */
export interface SourceCache {
  parse(file: string, text: string): ParsedFile;
  save(): void;
}

/** The parser's version: what it returns for a text changes with its code and the yaml package. */
const PARSER = codeVersion(['engine/load/yaml-source.ts', 'engine/load/parsed-entry.ts'], ['yaml']);

/** Opens the parsed files' cache in `dir`. */
export function sourceCache(dir: string): SourceCache {
  const cache = cacheFile<ParsedEntry>(dir, 'sources.json');
  const seen = new Set<string>();
  return {
    parse(file, text) {
      const key = createHash('sha1').update(PARSER).update(text).digest('base64url');
      const kept = seen.has(key) ? undefined : cache.get(key);
      // Two files with the same text each get their own value: the one kept is handed out once.
      seen.add(key);
      if (kept) {
        cache.use(key, kept);
        return fromParsedEntry(file, kept);
      }
      const parsed = parseSource(file, text);
      const entry = toParsedEntry(parsed);
      if (entry) cache.add(key, entry);
      return parsed;
    },
    save: () => cache.save(),
  };
}
