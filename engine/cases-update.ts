/**
 * Rewrites the expectations of failing cases in a cases.yaml's text from what the engine now says
 * (CaseResult.fixes), touching only the text of each changed expectation: comments, blank lines, key
 * order and the style of everything else stay as written, so the diff a program manager reviews shows
 * only the numbers and names that changed.
 */

import { isCollection, isPair, isScalar, LineCounter, parseDocument, stringify, type Node } from 'yaml';
import type { CaseResult } from './cases.ts';

/** A case whose expectations were rewritten, with the expectations (dotted, under `expect`). */
export interface UpdatedCase {
  name: string;
  line: number;
  expectations: string[];
}

const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** One scalar or key as it reads inside a flow collection (quoted only where YAML needs it, or as the old items were).
 * */
function flowScalar(v: unknown, quoted: boolean): string {
  if (quoted && typeof v === 'string') return JSON.stringify(v);
  return stringify([v], { collectionStyle: 'flow', flowCollectionPadding: false, lineWidth: 0 }).trim().slice(1, -1);
}

/** A value in flow style as the cases files write it: `[a, b]`, `{ a: 1 }`. */
function flow(v: unknown, quoted: boolean): string {
  if (Array.isArray(v)) return `[${v.map((x) => flow(x, quoted)).join(', ')}]`;
  if (isPlain(v)) {
    const entries = Object.entries(v).map(([k, x]) => `${flowScalar(k, false)}: ${flow(x, quoted)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return flowScalar(v, quoted);
}

/** The new text of a node, in the node's own style (flow or block, quoting of its strings). */
function render(node: Node, value: unknown, col: number): string {
  if (isScalar(node) && !isPlain(value) && !Array.isArray(value)) {
    if (typeof value === 'string' && node.type === 'QUOTE_DOUBLE') return JSON.stringify(value);
    if (typeof value === 'string' && node.type === 'QUOTE_SINGLE') return `'${value.replace(/'/g, "''")}'`;
    return flowScalar(value, false);
  }
  const quoted = isCollection(node) && node.items.some((i) => isScalar(i) && i.type === 'QUOTE_DOUBLE');
  const empty = (Array.isArray(value) && value.length === 0) || (isPlain(value) && Object.keys(value).length === 0);
  if (!isCollection(node) || node.flow || empty) return flow(value, quoted);
  // A block collection stays block, indented where it started.
  const lines = stringify(value, { lineWidth: 0 }).trimEnd().split('\n');
  return lines.map((l, i) => (i === 0 ? l : ' '.repeat(col) + l)).join('\n');
}

/**
 * Where a node's own text ends: a block collection's range runs on over the line break and indentation
 * after its last item (and any comment there), which stay.
 */
function valueEnd(node: Node, text: string): number {
  if (!isCollection(node) || node.flow) return node.range![1];
  let end = node.range![0];
  for (const item of node.items) {
    const last = (isPair(item) ? ((item.value as Node | null) ?? (item.key as Node | null)) : item) as Node | null;
    if (last?.range) end = Math.max(end, valueEnd(last, text));
  }
  while (end > node.range![0] && /\s/.test(text[end - 1])) end--;
  return end;
}

/**
 * Applies the fixes of the failing cases to a cases file's text. `results` are runCases' results for
 * that text, in the order of its `cases:`. Returns the new text and the cases it changed.
 */
export function updateCasesText(text: string, results: CaseResult[]): { text: string; updated: UpdatedCase[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const edits: { start: number; end: number; text: string }[] = [];
  const updated: UpdatedCase[] = [];
  results.forEach((r, i) => {
    if (r.ok || r.fixes.length === 0) return;
    const changed: string[] = [];
    for (const fx of r.fixes) {
      const node = doc.getIn(['cases', i, 'expect', ...fx.path], true) as Node | undefined;
      if (!node?.range) continue;
      const start = node.range[0];
      const end = valueEnd(node, text);
      edits.push({ start, end, text: render(node, fx.value, lineCounter.linePos(start).col - 1) });
      changed.push(fx.path.join('.'));
    }
    if (changed.length) updated.push({ name: r.name, line: r.range.line, expectations: changed });
  });
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { text: out, updated };
}
