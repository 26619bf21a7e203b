/**
 * No definition makes the loader throw: each per-file and per-program step runs guarded, and what it throws
 * becomes a `loader-error` diagnostic at the file it was checking (its first line, or the path's line when
 * one is known) instead of a stack trace out of `rebate validate`.
 */

import type { Diagnostic } from '../types.ts';
import type { ParsedFile } from './yaml-source.ts';

/** What a step threw, in words (json-logic-engine throws plain objects such as { type, key }). */
export function thrownText(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (e && typeof e === 'object') {
    const o = e as { type?: unknown; key?: unknown; message?: unknown };
    if (typeof o.message === 'string') return o.message;
    if (o.type !== undefined) return `${String(o.type)}${o.key !== undefined ? ` '${String(o.key)}'` : ''}`;
    try {
      return JSON.stringify(e);
    } catch {
      return 'an unreadable error';
    }
  }
  return String(e);
}

/** The diagnostic of a step that threw while checking `what` in `file` (at `path`'s line when given). */
export function loaderError(
  file: ParsedFile | string,
  what: string,
  e: unknown,
  path: (string | number)[] = [],
): Diagnostic {
  const name = typeof file === 'string' ? file : file.file;
  let range = { file: name, line: 1, col: 1, end_line: 1, end_col: 1 };
  if (typeof file !== 'string')
    try {
      range = file.locate(path);
    } catch {
      // The first line, then.
    }
  return {
    code: 'loader-error',
    severity: 'error',
    file: name,
    path,
    range,
    message:
      `the linter could not finish checking ${what} (${thrownText(e).split('\n')[0]}): something in this file ` +
      'has a shape the checks do not expect; fix the other errors reported here first, and if none are left, ' +
      'report this message with the file',
  };
}

/**
 * Runs one step; when it throws, reports a `loader-error` in `out` and returns `fallback`. The step's own
 * diagnostics pushed before the throw are kept.
 */
export function guarded<T>(
  out: Diagnostic[],
  file: ParsedFile | string,
  what: string,
  step: () => T,
  fallback: T,
  path: (string | number)[] = [],
): T {
  try {
    return step();
  } catch (e) {
    out.push(loaderError(file, what, e, path));
    return fallback;
  }
}

/** `step` guarded: it is called with the file it checks first, and what it throws is a loader-error in that file. */
export function guard<A extends unknown[], R>(
  out: Diagnostic[],
  what: string,
  fallback: R,
  step: (file: ParsedFile, ...rest: A) => R,
): (file: ParsedFile, ...rest: A) => R {
  return (file, ...rest) => guarded(out, file, what, () => step(file, ...rest), fallback);
}
