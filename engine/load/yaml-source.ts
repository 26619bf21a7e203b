/** Parses a YAML definition file and maps JSON paths in it back to line:col ranges. */

import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { closest } from './suggest.ts';
import type { Diagnostic, SourceRange } from '../types.ts';

/** A parsed definition file. */
export interface ParsedFile {
  file: string;
  value: unknown;
  /** Range of the value at a JSON path; with `key`, the range of the key naming it. Falls back to the nearest ancestor.
   * */
  locate(path: (string | number)[], key?: boolean): SourceRange;
  diagnostics: Diagnostic[];
  /**
   * Its meta-schema check already passed where it was parsed: the program explorer's files, parsed by
   * the server, which loads no definitions with errors. The loader does not check it again.
   */
  meta_checked?: true;
}

/** Parses YAML (JSON is YAML too), keeping positions. */
export function parseSource(file: string, text: string): ParsedFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const toRange = (start: number, end: number): SourceRange => {
    const a = lineCounter.linePos(start);
    const b = lineCounter.linePos(Math.max(start, end));
    return { file, line: a.line, col: a.col, end_line: b.line, end_col: b.col };
  };
  const locate = (path: (string | number)[], key = false): SourceRange => {
    let node: unknown = doc.contents;
    let best = node && (node as Node).range ? (node as Node).range! : [0, 0, 0];
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      const last = i === path.length - 1;
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
        if (!pair) break;
        if (last && key && isScalar(pair.key) && pair.key.range) return toRange(pair.key.range[0], pair.key.range[1]);
        node = pair.value;
        if (!node && isScalar(pair.key) && pair.key.range) {
          best = pair.key.range;
          break;
        }
      } else if (isSeq(node)) {
        node = node.items[Number(seg)];
      } else break;
      const r = (node as Node | undefined)?.range;
      if (!r) break;
      best = r;
    }
    return toRange(best[0], best[1]);
  };
  const diagnostics: Diagnostic[] = [...doc.errors, ...doc.warnings].map((e) => {
    const [start, end] = e.pos;
    return {
      code: 'yaml-syntax',
      message: e.message.split('\n')[0],
      severity: doc.errors.includes(e as never) ? 'error' : 'warning',
      file,
      path: [],
      range: toRange(start, end),
    };
  });
  let value: unknown = null;
  if (doc.errors.length === 0) {
    const aliases = text.includes('*') ? unknownAliases(doc) : [];
    for (const a of aliases)
      diagnostics.push({
        code: 'unknown-alias',
        message: a.message,
        severity: 'error',
        file,
        path: [],
        range: toRange(a.start, a.end),
      });
    // Whatever else the yaml package refuses while building the value (too many aliases, a tag it cannot
    // resolve) is a diagnostic too, at the file's first line: never an exception out of the loader.
    if (aliases.length === 0)
      try {
        value = doc.toJS({ maxAliasCount: 100 });
      } catch (e) {
        diagnostics.push({
          code: 'yaml-syntax',
          message: `the YAML cannot be read: ${e instanceof Error ? e.message : String(e)}`,
          severity: 'error',
          file,
          path: [],
          range: toRange(0, 0),
        });
      }
  }
  return { file, value, locate, diagnostics };
}

/**
 * The aliases (`*name`) that repeat no anchor (`&name`) set above them: the yaml package throws on them
 * when it builds the value. Each with a message naming the anchor it may have meant.
 */
function unknownAliases(doc: Document): { start: number; end: number; message: string }[] {
  const found: { start: number; end: number; message: string }[] = [];
  const anchors: string[] = [];
  const later = new Map<string, true>();
  visit(doc, {
    Node(_key, node) {
      if ((node as Node).anchor) later.set((node as Node).anchor!, true);
    },
  });
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) {
        if (anchors.includes(node.source)) return;
        const [start, end] = node.range ?? [0, 0];
        const hint = closest(node.source, anchors);
        const message = later.has(node.source)
          ? `alias '*${node.source}' comes before its anchor '&${node.source}': an alias repeats a value written ` +
            'above it, so move the anchored value up or write the value here'
          : `alias '*${node.source}' names no anchor: write the value here, or mark the value to repeat with ` +
            `'&${node.source}' above it` +
            (hint ? ` (did you mean '*${hint}'?)` : '');
        found.push({ start, end, message });
      } else if ((node as Node).anchor) anchors.push((node as Node).anchor!);
    },
  });
  return found;
}
