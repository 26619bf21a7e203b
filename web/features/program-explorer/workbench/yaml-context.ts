/**
 * Where the cursor is in a definition file being typed, for completion and hover: the path of keys above it (list items
 * as '*'), whether it is on a key or a value (and which key's), the word being typed, and whether it is inside a rule's
 * `var`. Read from indentation and the line's own flow braces, not by parsing: a file being typed is rarely valid
 * YAML, and the path above the cursor is what matters.
 */

export interface YamlContext {
  /** Keys from the document's root to the mapping the cursor is in; '*' for a list's item. */
  path: string[];
  /** On a value: the key it is the value of (its path is `path` + key). */
  valueOf?: string;
  /** The word under the cursor up to it: where a completion replaces from. */
  from: number;
  word: string;
  /** Inside a rule's `var:` (what is typed is a fact path). */
  inVar: boolean;
}

const KEY_LINE = /^(\s*)((?:- +)*)(["']?)([\w.-]+)\3\s*:(?:\s|$)/;

/** A line's indentation and what it opens: its key (if any) and how many list items it starts. */
function lineShape(line: string): { indent: number; dashes: number; key?: string } | undefined {
  if (/^\s*(#|$)/.test(line)) return undefined;
  const m = KEY_LINE.exec(line);
  if (m) return { indent: m[1].length, dashes: (m[2].match(/-/g) ?? []).length, key: m[4] };
  const d = /^(\s*)((?:- *)*)/.exec(line)!;
  return { indent: d[1].length, dashes: (d[2].match(/-/g) ?? []).length };
}

/** The keys of the flow mappings still open before the cursor on this line (`{ a: { b: |`: ['a']), or undefined. */
function openFlow(before: string): { keys: string[]; depth: number; afterColon?: string } | undefined {
  const keys: string[] = [];
  let depth = 0;
  let quote = '';
  let lastKey: string | undefined;
  let token = '';
  for (const ch of before) {
    if (quote) {
      if (ch === quote) quote = '';
      else token += ch;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{' || ch === '[') {
      if (ch === '{' || depth > 0) keys.push(ch === '[' ? '*' : (lastKey ?? '*'));
      depth++;
      lastKey = undefined;
      token = '';
    } else if (ch === '}' || ch === ']') {
      keys.pop();
      depth = Math.max(0, depth - 1);
      lastKey = undefined;
      token = '';
    } else if (ch === ':') {
      lastKey = token.trim();
      token = '';
    } else if (ch === ',') {
      lastKey = undefined;
      token = '';
    } else token += ch;
  }
  if (depth === 0) return undefined;
  // The first key opened the flow at the line's own key: drop it (the line's path names it).
  return { keys: keys.slice(1), depth, afterColon: lastKey };
}

/** The context of the cursor at `pos` in `text`. */
export function yamlContext(text: string, pos: number): YamlContext {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  const before = text.slice(lineStart, pos);
  const wordMatch = /[\w.-]*$/.exec(before)!;
  const word = wordMatch[0];
  const from = pos - word.length;
  const inVar = /(^|[{,\s])["']?var["']?\s*:\s*["']?[\w.-]*$/.test(before);

  // The keys above: lines with less indentation than the one the cursor is on.
  const shape = lineShape(before.length ? before + 'x' : 'x') ?? { indent: 0, dashes: 0 };
  const path: string[] = [];
  // The cursor's own line: list items it opens (`- ` before the cursor's key) are items of the key above.
  const own = KEY_LINE.exec(before);
  const ownDashes = (/^\s*((?:- *)*)/.exec(before)![1].match(/-/g) ?? []).length;
  let limit = shape.indent + 2 * ownDashes;
  const items: string[] = Array(ownDashes).fill('*');
  const lines = text.slice(0, lineStart).split('\n');
  for (let i = lines.length - 1; i >= 0 && limit > 0; i--) {
    const s = lineShape(lines[i]);
    if (!s) continue;
    const content = s.indent + 2 * s.dashes;
    if (content >= limit && !(s.key && s.indent < limit && s.dashes > 0)) continue;
    if (s.indent >= limit) continue;
    // A line holding a key at a smaller indentation is the mapping the cursor's line is in, or an item of a list.
    if (s.key && content < limit) path.unshift(s.key);
    for (let d = 0; d < s.dashes; d++) path.unshift('*');
    limit = s.indent;
    if (!s.key && s.dashes === 0) break;
  }
  path.push(...items);
  let valueOf: string | undefined;
  const flow = openFlow(before);
  if (own && flow) {
    // `key: { a: 1, b|` or `key: { a: |`: the flow's keys are below the line's key.
    path.push(own[4], ...flow.keys);
    valueOf = flow.afterColon;
  } else if (own && before.length > own[0].length - (own[0].endsWith(' ') ? 1 : 0)) {
    valueOf = own[4];
  } else if (!own && flow) {
    // `- { id: x, |`: the keys of the item the line opens.
    path.push(...flow.keys);
    valueOf = flow.afterColon;
  }
  if (valueOf === '') valueOf = undefined;
  return { path, valueOf, from, word, inVar };
}
