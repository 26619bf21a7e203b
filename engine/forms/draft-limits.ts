/**
 * Limits of a saved draft. A draft need not be complete or valid, but it is stored and read as facts, so
 * it is pruned like a submission (unknown and hidden fields dropped: pruneTaskData) and bounded here:
 * no answer is a megabyte of text, no list grows without end.
 */

import type { FieldMessage } from './validate-task.ts';

/** The bounds of a draft's answers. */
export const DRAFT_LIMITS = {
  /** Longest text answer, in characters (a form's own maxLength applies at submission). */
  string_chars: 10_000,
  /** Most items in a list answer (photos, equipment rows). */
  array_items: 200,
} as const;

/** The message of a text answer past the limit (the wording of the spec's name-length message). */
const tooLong = (n: number) => `Please enter a value less than ${n} characters`;
const tooMany = (n: number) => `Please enter at most ${n} items`;

/** Where a draft's answers pass the limits, as per-field messages (empty when within them). */
export function draftSizeErrors(data: Record<string, unknown>): FieldMessage[] {
  const errors: FieldMessage[] = [];
  const stack: [unknown, string][] = Object.entries(data).map(([k, v]) => [v, k]);
  while (stack.length && errors.length < 20) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string' && v.length > DRAFT_LIMITS.string_chars)
      errors.push({ path, message: tooLong(DRAFT_LIMITS.string_chars) });
    else if (Array.isArray(v)) {
      if (v.length > DRAFT_LIMITS.array_items) errors.push({ path, message: tooMany(DRAFT_LIMITS.array_items) });
      else v.forEach((x, i) => stack.push([x, `${path}.${i}`]));
    } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) stack.push([x, `${path}.${k}`]);
  }
  return errors.reverse();
}
