/** Mail in plain words: a template's text split at its placeholders, and when a mail went out. */

/** A run of a template's text: plain words, or a `{placeholder}` filled in for each mail. */
export type TemplatePart = { text: string } | { placeholder: string };

/** Splits a subject or body at its `{placeholders}` (the server's renderMail fills the same pattern). */
export function templateParts(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ placeholder: m[1] });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** 'Mar 3, 2026, 3:30 PM' in the reader's locale; the raw value if it is not a date. */
export function sentAt(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** '1 message', '12 messages'. */
export function countText(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
