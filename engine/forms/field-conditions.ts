/**
 * Questions that follow the job (form.yaml `shown_if:`): a field shown only while a JSON-Logic condition
 * over the job holds, e.g. the California rate questions only for jobs in California. The condition reads
 * what both the server and the browser have (`job.*`, `derived.today`), so the page hides exactly the
 * questions the server ignores. A hidden question is neither shown nor required nor saved with a value.
 */

import { buildFacts, jobInputOf, type Facts, type JobRecord } from '../facts.ts';
import { truthy, type CompiledRule } from '../logic/evaluators.ts';
import { factsRead, unknownOperations, type Logic } from '../logic/walk.ts';
import type { FieldCondition } from './form-runtime.ts';

/** What a `shown_if` condition may read: the facts the browser has too. */
export const SHOWN_IF_FACTS = /^job\.[a-z_]+$|^derived\.today$/;

/** Compiles a form's `shown_if` (field -> condition); a condition with an unknown operation is skipped (the linter
 * reports it). */
export function compileFieldConditions(
  shownIf: Record<string, Logic> | undefined,
  compile: (logic: Logic) => CompiledRule,
): FieldCondition[] {
  return Object.entries(shownIf ?? {})
    .filter(([, logic]) => unknownOperations(logic).length === 0)
    .map(([field, logic]) => ({ field, test: compile(logic), logic }));
}

function shownBy(c: FieldCondition, context: object): boolean {
  try {
    return truthy(c.test(context));
  } catch {
    return false;
  }
}

/**
 * The fields the job hides (their `shown_if` does not hold). Without the job's facts nothing is hidden
 * (a preview, or a screen outside any job, shows every question); a condition that cannot be evaluated hides.
 */
export function hiddenFields(conditions: readonly FieldCondition[], facts: Facts | undefined): string[] {
  if (!conditions.length || !facts) return [];
  const context = { job: facts.job, derived: facts.derived };
  const out: string[] = [];
  for (const c of conditions) if (!shownBy(c, context)) out.push(c.field);
  return out;
}

/** The facts a condition reads that it may not (anything but job.* and derived.today). */
export function unreadableFacts(logic: Logic): string[] {
  return factsRead(logic).filter((f) => !SHOWN_IF_FACTS.test(f));
}

/** What a field condition reads, from the job alone (a draft being saved, the browser): its fields and today. */
export function jobOnlyFacts(job: JobRecord, today: string): Facts {
  return buildFacts(null, jobInputOf(job), { today });
}
