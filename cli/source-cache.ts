/**
 * Parsed definition files kept between runs of `rebate validate`. Parsing the YAML (with positions) is
 * the largest part of a run once validators are cached; most files do not change between runs. So
 * each file that parses cleanly is kept by a hash of its text as its value plus the answers of
 * `locate` for every path of that value (the key's range and the value's), and a later run with the
 * same text gets them back without parsing. A path the value does not have is located, as by
 * parseSource, at its nearest ancestor. Files with YAML errors or warnings, or values JSON cannot
 * hold (such as .inf), are parsed every time.
 */

import { createHash } from 'node:crypto';
import { parseSource, type ParsedFile } from '../engine/load/yaml-source.ts';
import type { SourceRange } from '../engine/index.ts';
import { cacheFile, codeVersion } from './cache-file.ts';

/** A range without its file: line, col, end line, end col. */
type Span = [number, number, number, number];

/** What is kept of a file: its value, and by path (segments joined by NUL) the value's span and, where it differs, the key's. */
interface Entry {
  value: unknown;
  spans: Record<string, Span | [...Span, ...Span]>;
}

/** A parser that reuses earlier runs' results (`parse`), and writes new ones back (`save`). */
export interface SourceCache {
  parse(file: string, text: string): ParsedFile;
  save(): void;
}

const SEP = '\u0000';
/** The parser's version: what it returns for a text changes with its code and the yaml package. */
const PARSER = codeVersion(['engine/load/yaml-source.ts'], ['yaml']);
const span = (r: SourceRange): Span => [r.line, r.col, r.end_line, r.end_col];

/** Whether a value survives JSON unchanged (finite numbers, plain objects and arrays, no __proto__ key). */
function jsonSafe(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (Array.isArray(v)) return v.every(jsonSafe);
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.entries(v as object).every(([k, x]) => k !== '__proto__' && jsonSafe(x));
  }
  return false;
}

/** The entry of a cleanly parsed file: each path of its value with what locate answers for it. */
function entryOf(parsed: ParsedFile): Entry {
  const spans: Entry['spans'] = {};
  const visit = (v: unknown, path: (string | number)[]) => {
    const value = span(parsed.locate(path));
    const key = path.length ? span(parsed.locate(path, true)) : value;
    spans[path.map(String).join(SEP)] = key.every((n, i) => n === value[i]) ? value : [...value, ...key];
    if (Array.isArray(v)) v.forEach((x, i) => visit(x, [...path, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, [...path, k]);
  };
  visit(parsed.value, []);
  return { value: JSON.parse(JSON.stringify(parsed.value)), spans };
}

/** A ParsedFile from a kept entry. */
function fromEntry(file: string, entry: Entry): ParsedFile {
  const range = (s: number[], at: number): SourceRange => ({ file, line: s[at], col: s[at + 1], end_line: s[at + 2], end_col: s[at + 3] });
  const locate = (path: (string | number)[], key = false): SourceRange => {
    for (let n = path.length; n >= 0; n--) {
      const at = path.slice(0, n).map(String).join(SEP);
      const s = Object.prototype.hasOwnProperty.call(entry.spans, at) ? entry.spans[at] : undefined;
      if (s) return range(s, n === path.length && key && s.length === 8 ? 4 : 0);
    }
    return range(entry.spans[''], 0);
  };
  return { file, value: entry.value, locate, diagnostics: [] };
}

/** Opens the parsed files' cache in `dir`. */
export function sourceCache(dir: string): SourceCache {
  const cache = cacheFile<Entry>(dir, 'sources.json');
  const seen = new Set<string>();
  return {
    parse(file, text) {
      const key = createHash('sha1').update(PARSER).update(text).digest('base64url');
      const kept = seen.has(key) ? undefined : cache.get(key);
      // Two files with the same text each get their own value: the one kept is handed out once.
      seen.add(key);
      if (kept) {
        cache.use(key, kept);
        return fromEntry(file, kept);
      }
      const parsed = parseSource(file, text);
      if (parsed.diagnostics.length === 0 && jsonSafe(parsed.value)) cache.add(key, entryOf(parsed));
      return parsed;
    },
    save: () => cache.save(),
  };
}
