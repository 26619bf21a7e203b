/**
 * A rule as json-logic-engine must be handed it to read it as json-logic-js does: every operation's
 * arguments written out as a list. json-logic-js wraps an unlisted argument (`{"count": {"var": "x"}}` is
 * count of the one value x), where json-logic-engine spreads a list that such an argument evaluates to
 * (count of the list's elements as separate arguments). Listing them before the engine sees the rule
 * leaves it nothing to spread.
 */

import type { Logic } from './walk.ts';

/** The rule with every operation's arguments in a list (a new value: the definition's own rule is kept as written). */
export function listArguments(logic: Logic): Logic {
  if (Array.isArray(logic)) return logic.map(listArguments);
  if (logic === null || typeof logic !== 'object') return logic;
  const keys = Object.keys(logic);
  // Not an operation: an empty object is a value; an object of several keys is refused by the engine as json-logic
  // would have it ("Unknown Operator"), and rebate validate reports it where it is written.
  if (keys.length !== 1) return logic;
  const op = keys[0];
  const args = (logic as Record<string, unknown>)[op];
  // `var` too: `{"var": "accumulator"}` listed is not the shape json-logic-engine's interpreter rewrites a
  // `reduce` summing its elements into (a sum with 0 where json-logic-js starts from null).
  return { [op]: Array.isArray(args) ? args.map(listArguments) : [listArguments(args)] };
}
