/** Cross-field rules of a program on a task's data (errors block submission, warnings do not). */

import type { Facts } from './facts.ts';
import { truthy } from './logic/evaluators.ts';
import type { Program } from './types.ts';

/** A message from a rule, under a field path (empty for the whole form). */
export interface RuleMessage {
  rule: string;
  task: string;
  path: string;
  message: string;
}

/** Runs the program's rules for one task (or every task with data when `task` is omitted). */
export function checkTaskRules(
  program: Program,
  facts: Facts,
  task?: string,
): { errors: RuleMessage[]; warnings: RuleMessage[] } {
  const errors: RuleMessage[] = [];
  const warnings: RuleMessage[] = [];
  for (const r of program.rules) {
    if (task !== undefined ? r.task !== task : facts[r.task] === undefined) continue;
    if (r.applies_if && !truthy(r.applies_if.fn(facts))) continue;
    if (truthy(r.valid_if.fn(facts))) continue;
    const m = { rule: r.id, task: r.task, path: r.field ?? '', message: r.message };
    (r.severity === 'warning' ? warnings : errors).push(m);
  }
  return { errors, warnings };
}
