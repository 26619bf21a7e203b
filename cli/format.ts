/**
 * Output formats of `rebate validate`: stylish (default), json, github (workflow annotations), sarif
 * (SARIF 2.1.0, for GitHub code scanning) and junit (JUnit XML, for CI test reports). SARIF and JUnit
 * are plain data, written here rather than through a library: JSON.stringify escapes the one, `xml()`
 * the other.
 */

import type { Diagnostic } from '../engine/index.ts';

/** A supported output format. */
export type Format = 'stylish' | 'json' | 'github' | 'sarif' | 'junit';

/** The formats, for usage errors. */
export const FORMATS: Format[] = ['stylish', 'json', 'github', 'sarif', 'junit'];

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

/** The heading anchor of a code in docs/diagnostics.md (the `schema-*` codes share one entry). */
export function docAnchor(code: string): string {
  return code.startsWith('schema-') ? 'schema-keyword' : code;
}

/**
 * The first sentence under each `### \`code\`` heading of docs/diagnostics.md (a line naming the
 * severity skipped): the SARIF rules' short descriptions.
 */
export function docSummaries(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  const sections = markdown.split(/^### /m).slice(1);
  for (const section of sections) {
    const [heading, ...body] = section.split('\n');
    const code = /^`([^`]+)`/.exec(heading)?.[1];
    if (!code) continue;
    const text = body
      .map((l) => l.trim())
      .filter(
        (l) => l && !/^(\*\*)?severity\b/i.test(l) && !l.startsWith('```') && !l.startsWith('|') && !l.startsWith('#'),
      )
      .join(' ');
    const sentence = /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
    if (sentence) out.set(code.replace(/<keyword>$|\*$/, ''), sentence.replace(/`/g, ''));
  }
  return out;
}

const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** What SARIF output needs besides the diagnostics. */
export interface SarifOptions {
  /** The tool's version (package.json). */
  version: string;
  /** The address of docs/diagnostics.md; each rule's helpUri is it with `#<code>`. */
  help_uri: string;
  /** Short descriptions by code (docSummaries); a code without one gets its name in words. */
  summaries: Map<string, string>;
}

/**
 * A SARIF 2.1.0 log of one run: a rule per code that occurs (id, short description, help address,
 * default level), a result per diagnostic with its file (relative to the working directory, as the
 * diagnostics carry it) and its region.
 */
export function sarif(diagnostics: Diagnostic[], opts: SarifOptions): string {
  const codes = [...new Set(diagnostics.map((d) => d.code))].sort();
  const summary = (code: string) =>
    opts.summaries.get(code) ??
    (code.startsWith('schema-') ? opts.summaries.get('schema-') : undefined) ??
    code.replace(/-/g, ' ');
  const rules = codes.map((code) => ({
    id: code,
    name: code.replace(/(^|-)(\w)/g, (_m, _s: string, c: string) => c.toUpperCase()),
    shortDescription: { text: summary(code) },
    helpUri: `${opts.help_uri}#${docAnchor(code)}`,
    defaultConfiguration: { level: diagnostics.find((d) => d.code === code)!.severity },
  }));
  const results = diagnostics.map((d) => ({
    ruleId: d.code,
    ruleIndex: codes.indexOf(d.code),
    level: d.severity,
    message: { text: d.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: encodeURI(d.file.replace(/\\/g, '/')), uriBaseId: '%SRCROOT%' },
          region: region(d),
        },
      },
    ],
  }));
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'rebate', semanticVersion: opts.version, informationUri: opts.help_uri, rules } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}

/** A SARIF region: 1-based, the end column one past the last character, never before the start. */
function region(d: Diagnostic) {
  const r = d.range;
  const endLine = Math.max(r.line, r.end_line || r.line);
  const endColumn = endLine === r.line ? Math.max(r.col, r.end_col || r.col) : Math.max(1, r.end_col || 1);
  return { startLine: Math.max(1, r.line), startColumn: Math.max(1, r.col), endLine, endColumn };
}

/** Text made safe for XML: markup characters escaped, characters XML 1.0 cannot hold dropped. */
export function xml(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * A JUnit XML report: one testsuite per file checked, one testcase per diagnostic (an error is a
 * <failure>, a warning passes with its message in <system-out>), a file without diagnostics one
 * passing testcase. A run with no files gives one passing suite.
 */
export function junit(diagnostics: Diagnostic[], files: string[]): string {
  const byFile = new Map<string, Diagnostic[]>();
  for (const f of [...files].sort()) byFile.set(f, []);
  for (const d of diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  if (byFile.size === 0) byFile.set('definitions', []);
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const [file, list] of byFile) {
    const cases =
      list.length === 0
        ? [`    <testcase classname="${xml(file)}" name="valid" time="0"/>`]
        : list.map((d) => testcase(file, d));
    const failed = list.filter((d) => d.severity === 'error').length;
    tests += cases.length;
    failures += failed;
    suites.push(
      `  <testsuite name="${xml(file)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="0" time="0">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="rebate validate" tests="${tests}" failures="${failures}" errors="0" time="0">\n${suites.join('\n')}\n</testsuites>`;
}

function testcase(file: string, d: Diagnostic): string {
  const where = `${file}:${d.range.line}:${d.range.col}`;
  const name = xml(`${d.code} at ${d.range.line}:${d.range.col}`);
  if (d.severity === 'error') {
    return `    <testcase classname="${xml(file)}" name="${name}" time="0">\n      <failure message="${xml(d.message)}" type="${xml(d.code)}">${xml(`${where}: ${d.message} [${d.code}]`)}</failure>\n    </testcase>`;
  }
  return `    <testcase classname="${xml(file)}" name="${name}" time="0">\n      <system-out>${xml(`${where}: warning: ${d.message} [${d.code}]`)}</system-out>\n    </testcase>`;
}
