/**
 * Incentive calculation in integer cents: per-measure amounts (initial range, then final amount),
 * per-measure caps, a cap on the total of some measures, a percentage cap on the total, a minimum,
 * the payment sent, and the material/labor split of each line.
 */

import { explainRule, formatCents } from './explain.ts';
import type { Facts } from './facts.ts';
import { truthy } from './logic/evaluators.ts';
import { CUSTOM_OPERATIONS } from './logic/operations.ts';
import type { EvalContext, HouseholdJob, IncentiveLine, IncentiveResult, Program, RuleBase } from './types.ts';
import { householdJobs, householdRefusal, namesOf } from './household.ts';

/** The spec's message when an amount cannot be computed (sect. 8). */
export const INCENTIVE_ERROR = 'The incentive could not be calculated. Please check the job details and try again.';

function cents(rule: RuleBase, facts: Facts): number | null {
  const v = rule.fn(facts);
  return typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null;
}

/** Builds a line with every field present in one order, so all lines share one shape (V8 keeps them fast). */
function makeLine(
  id: string,
  label: string,
  kind: IncentiveLine['kind'],
  amount: number,
  min: number,
  max: number,
  description?: string,
): IncentiveLine {
  return {
    id,
    label,
    kind,
    amount_cents: amount,
    min_cents: min,
    max_cents: max,
    capped_by: undefined,
    not_qualified: undefined,
    material_cents: undefined,
    labor_cents: undefined,
    description,
    explanation: undefined,
    reads: undefined,
    why: undefined,
  };
}

/** Sets a line's explanation and the values its rule read. */
function explainLine(line: IncentiveLine, rule: RuleBase, facts: Facts, lead: string): void {
  const e = explainRule(rule, facts, lead);
  line.explanation = e.text;
  line.reads = e.read;
}

/** Splits a line into material and labor in place; the two always sum to the line. */
function split(line: IncentiveLine, s: { material_percent: number; labor_percent: number }): void {
  line.material_cents = Math.round((line.amount_cents * s.material_percent) / 100);
  line.labor_cents = line.amount_cents - line.material_cents;
}

/**
 * The reduction a total cap makes (a negative line), or null when the counted lines stay within it:
 * the counted measures' maximum is brought down to the cap, and their minimum too when it is above it.
 */
function totalCapLine(
  tc: NonNullable<Program['incentives']['total_cap']>,
  lines: IncentiveLine[],
): IncentiveLine | null {
  let min = 0;
  let max = 0;
  for (const l of lines) {
    if (l.kind !== 'measure' || (tc.measures && !tc.measures.includes(l.id))) continue;
    min += l.min_cents;
    max += l.max_cents;
  }
  if (max <= tc.cap_cents) return null;
  const cut = tc.cap_cents - max;
  return makeLine(tc.id, tc.label, 'total_cap', cut, Math.min(0, tc.cap_cents - min), cut);
}

/** Computes the rebate of a job (`household`: the other jobs at its address, earlier ones, for household limits). */
export function evaluateIncentive(
  program: Program,
  facts: Facts,
  ctx: EvalContext,
  household: HouseholdJob[] = [],
): IncentiveResult {
  const inc = program.incentives;
  const final = truthy(inc.final_when.fn(facts));
  const lines: IncentiveLine[] = [];
  let error: string | undefined;

  for (const m of inc.measures) {
    if (m.applies_if && !truthy(m.applies_if.fn(facts))) continue;
    if (m.qualifies_if && !truthy(m.qualifies_if.fn(facts))) {
      const line = makeLine(m.id, m.label, 'measure', 0, 0, 0, m.description);
      line.not_qualified = m.not_qualified_message ?? `${m.label} does not qualify`;
      if (ctx.explain) explainLine(line, m.qualifies_if, facts, `${m.label} line does not qualify`);
      lines.push(line);
      continue;
    }
    let min: number | null;
    let max: number | null;
    if (final) {
      min = max = cents(m.amount, facts);
    } else if (m.estimate) {
      min = cents(m.estimate.min, facts);
      max = cents(m.estimate.max, facts);
    } else {
      min = max = cents(m.amount, facts);
    }
    if (min === null || max === null) {
      if (final) error = INCENTIVE_ERROR;
      const line = makeLine(m.id, m.label, 'measure', 0, 0, 0, m.description);
      if (ctx.explain) {
        explainLine(line, final || !m.estimate ? m.amount : m.estimate.max, facts, '');
        line.explanation = `${m.label}: amount unknown until the facts it reads are given`;
      }
      lines.push(line);
      continue;
    }
    const refused = household.length ? householdRefusal(program, m.id, household) : null;
    if (refused) {
      const line = makeLine(m.id, m.label, 'measure', 0, 0, 0, m.description);
      line.not_qualified = refused.message;
      if (ctx.explain) line.explanation = refused.explanation;
      lines.push(line);
      continue;
    }
    const line = makeLine(m.id, m.label, 'measure', max, min, max, m.description);
    if (m.cap_cents !== undefined && max > m.cap_cents) {
      line.capped_by = { cap: `caps.${m.id}`, cap_cents: m.cap_cents, uncapped_cents: max };
      line.amount_cents = line.max_cents = m.cap_cents;
      line.min_cents = Math.min(min, m.cap_cents);
    }
    if (ctx.explain) {
      const rule = final || !m.estimate ? m.amount : m.estimate.max;
      explainLine(line, rule, facts, `${m.label} line ${formatCents(line.amount_cents)} from ${rule.id}`);
      if (line.capped_by)
        line.explanation = `${m.label} line capped at ${formatCents(m.cap_cents!)} by ${program.id} caps.${m.id} (computed ${formatCents(line.capped_by.uncapped_cents)})`;
    }
    lines.push(line);
  }

  // The most the program's caps allow this job, whatever its costs: each applied measure's cap (null: a measure
  // without one leaves the total unbounded), the total cap over its measures, then the percentage cap below.
  const measureCaps = inc.measures
    .filter((m) => lines.some((l) => l.kind === 'measure' && l.id === m.id))
    .map((m) => ({ id: m.id, cap: lines.find((l) => l.id === m.id)!.not_qualified ? 0 : (m.cap_cents ?? null) }));
  const sumCaps = (xs: { cap: number | null }[]) =>
    xs.some((x) => x.cap === null) ? null : xs.reduce((t, x) => t + (x.cap ?? 0), 0);
  let capLimit: number | null;
  const tc = inc.total_cap;
  if (tc) {
    const counted = measureCaps.filter((x) => !tc.measures || tc.measures.includes(x.id));
    const rest = sumCaps(measureCaps.filter((x) => !counted.includes(x)));
    const within = sumCaps(counted);
    capLimit = rest === null ? null : rest + Math.min(tc.cap_cents, within ?? tc.cap_cents);
  } else capLimit = sumCaps(measureCaps);

  if (tc) {
    const line = totalCapLine(tc, lines);
    if (line) {
      if (ctx.explain)
        line.explanation = `${tc.label}: ${tc.measures ? tc.measures.join(', ') : 'all measures'} capped at ${formatCents(tc.cap_cents)} in total by ${program.id} incentives.total_cap ${tc.id} (computed ${formatCents(tc.cap_cents - line.max_cents)})`;
      lines.push(line);
    }
  }

  // Household caps: what the household's other (earlier) jobs took of the limit is not this job's to take.
  for (const h of inc.household_limits ?? []) {
    if (h.cap_cents === undefined) continue;
    const counts = (id: string) => !h.measures || h.measures.includes(id);
    const others = householdJobs(household, h.programs, h.measures);
    const took = (j: HouseholdJob) =>
      Object.entries(j.lines).reduce((t, [id, cents]) => t + (counts(id) ? Math.max(0, cents) : 0), 0);
    const used = others.reduce((t, j) => t + took(j), 0);
    const left = Math.max(0, h.cap_cents - used);
    let cmin = 0;
    let cmax = 0;
    for (const l of lines)
      if (l.kind === 'measure' && counts(l.id)) {
        cmin += l.min_cents;
        cmax += l.max_cents;
      }
    // The most the caps allow this job is bounded by what the household limit leaves it too.
    const within = sumCaps(measureCaps.filter((x) => counts(x.id)));
    const rest = sumCaps(measureCaps.filter((x) => !counts(x.id)));
    if (rest !== null) {
      const bound = rest + Math.min(left, within ?? left);
      capLimit = capLimit === null ? bound : Math.min(capLimit, bound);
    }
    if (cmax <= left) continue;
    const cut = left - cmax;
    const line = makeLine(
      h.id,
      h.label,
      'household_limit',
      cut,
      Math.min(0, left - cmin),
      cut,
      used > 0
        ? `${formatCents(h.cap_cents)} per household; other rebates at this address took ${formatCents(used)}, ${formatCents(left)} is left for this job.`
        : `${formatCents(h.cap_cents)} per household.`,
    );
    if (ctx.explain)
      line.explanation = `${h.label}: ${formatCents(h.cap_cents)} per household by ${program.id} incentives.household_limits ${h.id}${used > 0 ? `, used by ${namesOf(others, took)}` : ''}; ${formatCents(left)} left (computed ${formatCents(cmax)})`;
    lines.push(line);
  }

  let min = lines.reduce((s, l) => s + l.min_cents, 0);
  let max = lines.reduce((s, l) => s + l.max_cents, 0);

  // The minimum comes first, so the percentage cap bounds it: a minimum never lifts a rebate above the cap.
  const mn = inc.minimum;
  if (mn && truthy(mn.when.fn(facts)) && max < mn.amount_cents) {
    const add = mn.amount_cents - max;
    const line = makeLine(mn.id, mn.label, 'minimum', add, mn.amount_cents - Math.min(min, mn.amount_cents), add);
    if (ctx.explain) explainLine(line, mn.when, facts, `minimum rebate ${formatCents(mn.amount_cents)} applies`);
    lines.push(line);
    max = mn.amount_cents;
    min = Math.max(min, mn.amount_cents);
    if (capLimit !== null) capLimit = Math.max(capLimit, mn.amount_cents);
  }

  const pc = inc.percent_cap;
  if (pc) {
    const of = cents(pc.of, facts);
    if (of !== null) {
      const limit = CUSTOM_OPERATIONS.percent_of(of, pc.percent) as number;
      if (max > limit) {
        const cut = limit - max;
        const line = makeLine(pc.id, pc.label, 'percent_cap', cut, Math.min(0, limit - min), cut);
        if (ctx.explain)
          line.explanation = `total capped at ${formatCents(limit)}, ${pc.percent}% of ${formatCents(of)}, by ${program.id} incentives.percent_cap ${pc.id}`;
        lines.push(line);
        max = limit;
        min = Math.min(min, limit);
      }
      capLimit = capLimit === null ? limit : Math.min(capLimit, limit);
    }
  }
  const result: IncentiveResult = {
    phase: final ? 'final' : 'range',
    range: { min_cents: min, max_cents: max },
    final_cents: final && !error ? max : null,
    lines,
  };
  if (capLimit !== null) result.cap_cents = capLimit;
  if (inc.invoice_split) for (const l of lines) split(l, inc.invoice_split);
  if (error) result.error = error;
  // The final amount ops shared stands for the rebate once shared, whatever the rules' figure.
  const shared = inc.shared_amount;
  if (shared && facts.task_status[shared.task] === 'COMPLETE') {
    const amount = ((facts[shared.task] ?? {}) as Record<string, unknown>)[shared.amount_field];
    if (typeof amount === 'number' && Number.isInteger(amount) && amount >= 0) {
      const rulesFinal = final && !error;
      result.phase = 'final';
      // The caps and the percentage limit bound the shared amount as they bound the rules' one.
      result.final_cents = capLimit !== null ? Math.min(amount, capLimit) : amount;
      result.shared = true;
      if (result.final_cents < amount) result.shared_capped = { shared_cents: amount, cap_cents: capLimit! };
      delete result.error;
      // A later answer (the final costs) brought the rules' amount below the shared one: said so until ops share
      // again or confirm the amount with a reason (the share task's confirmation).
      const data = (facts[shared.task] ?? {}) as Record<string, unknown>;
      const reason = shared.reason_field ? data[shared.reason_field] : undefined;
      const confirmed =
        !!shared.confirm_field && data[shared.confirm_field] === true && typeof reason === 'string' && !!reason.trim();
      if (rulesFinal && max < result.final_cents && !confirmed)
        result.shared_above_rules = { rules_cents: max, shared_cents: result.final_cents };
    }
  }
  const pay = inc.payment;
  if (pay && facts.task_status[pay.task] === 'COMPLETE') {
    const data = (facts[pay.task] ?? {}) as Record<string, unknown>;
    const amount = data[pay.amount_field];
    const date = data[pay.date_field];
    result.phase = 'payment_sent';
    result.payment = {
      amount_cents: typeof amount === 'number' ? amount : null,
      sent_date: typeof date === 'string' ? date : null,
      paid_to: pay.paid_to ?? 'contractor',
    };
  }
  return result;
}
