/**
 * What would make an ineligible job eligible, in words (issue 44): for each rule that holds the job, the smallest
 * change of the answers it reads (engine/what-would-pass.ts), said with the forms' titles and option labels and money
 * as dollars: "It would pass with Household income before taxes (Household income estimate): Below 80% of the area
 * median income." Where no single change of an answer lifts it, it says so.
 */

import type { PlainWords } from './plain-words.ts';
import { RESERVED_FACT_ROOTS, type Facts } from './facts.ts';
import type { Program } from './types.ts';
import { whatWouldPass, type Suggestion } from './what-would-pass.ts';

export const NO_SINGLE_CHANGE = 'No single change of an answer would lift this.';

/** A suggestion in words: each change as "Field (Task): up to $84,500" / "at least 3" / "Yes". */
export function suggestionWords(words: PlainWords, s: Suggestion): string {
  const parts = s.map((c) => {
    const f = words.fact(c.fact);
    const value = words.value(c.value, c.fact);
    const said = c.bound === 'at_most' ? `up to ${value}` : c.bound === 'at_least' ? `at least ${value}` : value;
    return `${f.field} (${f.group}): ${said}`;
  });
  return `It would pass with ${parts.join(' and ')}.`;
}

/**
 * For a rule that makes the job ineligible: what would lift it, in words (its `ineligible_if` made false); undefined
 * for a rule that reads no answer.
 */
export function liftWords(program: Program, words: PlainWords, ruleId: string, facts: Facts): string | undefined {
  const rule = program.eligibility.find((r) => r.id === ruleId);
  // A rule that reads no answer (the site, the submission window, ops' mark) is not lifted by answering.
  if (!rule?.reads.some((path) => !(RESERVED_FACT_ROOTS as readonly string[]).includes(path.split('.')[0])))
    return undefined;
  const s = whatWouldPass(rule.logic, facts, false);
  return s?.length ? suggestionWords(words, s) : NO_SINGLE_CHANGE;
}
