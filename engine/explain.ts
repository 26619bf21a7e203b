/** Explanations: which rule produced an outcome and the facts it read. */

import { readFact } from './facts.ts';
import type { Explanation, RuleBase } from './types.ts';

/** Formats integer cents as dollars with thousands separators: 800000 -> "8,000.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

function show(value: unknown): string {
  if (value === undefined) return '(missing)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The facts a rule read, with their values, e.g. "income.income_level = above_ami_150". */
export function explainRule(rule: RuleBase, facts: object, lead: string): Explanation {
  const read: Record<string, unknown> = {};
  for (const path of rule.reads) read[path] = readFact(facts, path);
  // Whole tables and constant maps are context, not the deciding values: keep them in `read` only.
  const shown = rule.reads.filter(
    (p) =>
      !((p.startsWith('constants.') || p.startsWith('tables.')) && read[p] !== null && typeof read[p] === 'object'),
  );
  const because = shown.map((p) => `${p} = ${show(read[p])}`).join(', ');
  return { rule: rule.id, read, text: because ? `${lead}, because ${because}` : lead };
}
