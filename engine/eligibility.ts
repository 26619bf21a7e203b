/** Eligibility: ordered rules; ineligible beats unable to determine beats pending more information. */

import { isMissing, readFact, type Facts } from './facts.ts';
import { explainRule } from './explain.ts';
import { truthy } from './logic/evaluators.ts';
import type { EligibilityReason, EligibilityResult, EvalContext, Program } from './types.ts';

/** Evaluates a program's eligibility rules over a job's facts. */
export function evaluateEligibility(program: Program, facts: Facts, ctx: EvalContext): EligibilityResult {
  const reasons: EligibilityReason[] = [];
  const pending: EligibilityReason[] = [];
  const undetermined: EligibilityReason[] = [];
  for (const rule of program.eligibility) {
    const base = { code: rule.reason, text: rule.reason_text, rule: rule.id };
    let missing: string[] | undefined;
    for (let i = 0; i < rule.needs_paths.length; i++) {
      if (isMissing(readFact(facts, rule.needs_paths[i]))) (missing ??= []).push(rule.needs[i]);
    }
    if (missing) {
      pending.push({ ...base, missing });
      continue;
    }
    let result: unknown;
    try {
      result = rule.fn(facts);
    } catch (e) {
      undetermined.push({ ...base, error: e instanceof Error ? e.message : String(e) });
      continue;
    }
    if (truthy(result)) {
      reasons.push(ctx.explain ? { ...base, because: explainRule(rule, facts, `ineligible: ${rule.reason}`) } : base);
    }
  }
  const status = reasons.length
    ? 'ineligible'
    : undetermined.length
      ? 'unable_to_determine'
      : pending.length
        ? 'pending_more_information'
        : 'eligible';
  return { status, reasons, pending, undetermined };
}
