/**
 * A parsed definition file as JSON: its value, and where each path of it is in the text. Parsing YAML
 * with positions is most of the cost of loading definitions; a file parsed once (by the server, or by an
 * earlier run of the CLI) is handed on as an entry and read back without parsing: `fromParsedEntry`
 * answers `locate` as parseSource does, a path the value lacks at its nearest ancestor. Only files that
 * parse cleanly into values JSON holds unchanged have an entry.
 */

import type { SourceRange } from '../types.ts';
import type { ParsedFile } from './yaml-source.ts';

/** A cleanly parsed file, as JSON. */
export interface ParsedEntry {
  value: unknown;
  /** For each path of the value in depth-first order (arrays by index, objects in key order): line, col, end line, end
   * col of its value. */
  spans: number[];
  /** The paths whose key is not where their value is: the path's number (in `spans` order), then the key's four
   * numbers. */
  keys: number[];
}

const SEP = '\u0000';

/** Visits every path of a value, depth first, as ParsedEntry orders them. */
function eachPath(value: unknown, visit: (path: (string | number)[]) => void, path: (string | number)[] = []): void {
  visit(path);
  if (Array.isArray(value)) value.forEach((x, i) => eachPath(x, visit, [...path, i]));
  else if (value && typeof value === 'object')
    for (const [k, x] of Object.entries(value)) eachPath(x, visit, [...path, k]);
}

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

const four = (r: SourceRange) => [r.line, r.col, r.end_line, r.end_col];

/** The entry of a parsed file; none for a file with YAML errors or warnings, or a value JSON cannot hold (such as
 * .inf). */
export function toParsedEntry(parsed: ParsedFile): ParsedEntry | undefined {
  if (parsed.diagnostics.length > 0 || !jsonSafe(parsed.value)) return undefined;
  const spans: number[] = [];
  const keys: number[] = [];
  let n = 0;
  eachPath(parsed.value, (path) => {
    const value = four(parsed.locate(path));
    spans.push(...value);
    if (path.length > 0) {
      const key = four(parsed.locate(path, true));
      if (key.some((x, i) => x !== value[i])) keys.push(n, ...key);
    }
    n++;
  });
  return { value: JSON.parse(JSON.stringify(parsed.value)) as unknown, spans, keys };
}

/** A ParsedFile from an entry (its value is used as it is: pass a copy where the entry is kept). */
export function fromParsedEntry(file: string, entry: ParsedEntry): ParsedFile {
  const at = new Map<string, number>();
  let n = 0;
  eachPath(entry.value, (path) => at.set(path.join(SEP), n++));
  const keyAt = new Map<number, number>();
  for (let i = 0; i + 4 < entry.keys.length; i += 5) keyAt.set(entry.keys[i], i + 1);
  const range = (from: number[], i: number): SourceRange => ({
    file,
    line: from[i],
    col: from[i + 1],
    end_line: from[i + 2],
    end_col: from[i + 3],
  });
  const locate = (path: (string | number)[], key = false): SourceRange => {
    for (let len = path.length; len >= 0; len--) {
      const i = at.get(path.slice(0, len).map(String).join(SEP));
      if (i === undefined) continue;
      const k = len === path.length && key ? keyAt.get(i) : undefined;
      return k === undefined ? range(entry.spans, i * 4) : range(entry.keys, k);
    }
    return range(entry.spans, 0);
  };
  return { file, value: entry.value, locate, diagnostics: [] };
}
