/**
 * Quick fixes from the linter's did-you-mean suggestions: every diagnostic that names a close name ("unknown key
 * 'stage_modle' (did you mean 'stage_model'?)") offers to put it in place of the mistaken one within the diagnostic's
 * range. What is replaced is the first name the message quotes that the range holds, or the whole range when it is
 * one word.
 */

export interface QuickFix {
  label: string;
  /** The range's new text. */
  text: string;
}

const SUGGESTION = /did you mean '([^']+)'\?/g;
const QUOTED = /'([^']+)'/g;

/** The fixes a diagnostic's message offers for the text its range covers (none when it suggests nothing). */
export function quickFixes(message: string, rangeText: string): QuickFix[] {
  const suggestions = [...message.matchAll(SUGGESTION)].map((m) => m[1]);
  if (!suggestions.length) return [];
  const quoted = [...message.matchAll(QUOTED)].map((m) => m[1]).filter((q) => !suggestions.includes(q));
  const wrong = quoted.find((q) => rangeText.includes(q));
  const fixes: QuickFix[] = [];
  for (const s of new Set(suggestions)) {
    let text: string | undefined;
    if (wrong) text = rangeText.replace(wrong, s);
    else if (/^["']?[\w.{}-]+["']?$/.test(rangeText.trim())) text = rangeText.replace(/[\w.{}-]+/, s);
    if (text !== undefined && text !== rangeText) fixes.push({ label: `Change to '${s}'`, text });
  }
  return fixes;
}

/** The offsets in `text` of a diagnostic's 1-based line and column range (kept inside the text; an empty range: the
 * rest of its line). */
export function rangeOffsets(
  text: string,
  range: { line: number; col: number; end_line: number; end_col: number },
): [number, number] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lineEnd = (l: number) => (l < starts.length ? starts[l] - 1 : text.length);
  const at = (line: number, col: number) => {
    const l = Math.min(Math.max(1, line), starts.length) - 1;
    return Math.min(starts[l] + Math.max(0, col - 1), lineEnd(l + 1));
  };
  const from = at(range.line, range.col);
  let to = at(range.end_line, range.end_col);
  if (to <= from) to = lineEnd(Math.min(Math.max(1, range.line), starts.length));
  return [from, to];
}
