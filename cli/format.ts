/** Output formats of `rebate validate`: stylish (default), json, github (workflow annotations). */

import type { Diagnostic } from '../engine/index.ts';

/** A supported output format. */
export type Format = 'stylish' | 'json' | 'github';

/** The formats, for usage errors. */
export const FORMATS: Format[] = ['stylish', 'json', 'github'];

/** One diagnostic as `file:line:col: severity: message [code]`. */
export function stylish(d: Diagnostic): string {
  return `${d.file}:${d.range.line}:${d.range.col}: ${d.severity}: ${d.message} [${d.code}]`;
}

/** One diagnostic as a GitHub Actions workflow command. */
export function github(d: Diagnostic): string {
  const esc = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const prop = (s: string) => esc(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return `::${d.severity === 'error' ? 'error' : 'warning'} file=${prop(d.file)},line=${d.range.line},col=${d.range.col},endLine=${d.range.end_line},endColumn=${d.range.end_col},title=${prop(d.code)}::${esc(d.message)}`;
}

/** A diagnostic as a JSON result: code, message, severity, path and range. */
export function jsonResult(d: Diagnostic) {
  return { code: d.code, message: d.message, severity: d.severity, file: d.file, path: d.path, range: d.range };
}
