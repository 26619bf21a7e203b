/**
 * A program's incentives (program.yaml `incentives:`), checked and compiled while the program is built:
 * measures with their amounts, estimates and caps, the final-amount rule, the total cap, the percent cap and
 * minimum, where ops share the final amount (shared_amount), where the payment is recorded and when its
 * payable is due.
 */

import type { MeasureDef, Program } from '../types.ts';
import type { DocumentTools } from './build-documents.ts';
import type { ParsedFile } from './yaml-source.ts';
import { lintMoney } from './lint-money.ts';

type Path = (string | number)[];
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What buildIncentives borrows from buildProgram: its diagnostics, rule compiler and fact check. */
export type IncentiveTools = DocumentTools & {
  checkFact: (fact: string, path: Path, file: ParsedFile, what: string) => void;
};

export function buildIncentives(
  raw: Raw,
  parsed: ParsedFile,
  taskIds: Set<string>,
  constants: Record<string, unknown>,
  t: IncentiveTools,
): Program['incentives'] {
  const { diag, rule, checkFact } = t;
  const inc = raw.incentives as Raw;
  const caps = (inc.caps ?? {}) as Record<string, number>;
  for (const k of Object.keys(caps)) {
    if (!(k in inc.measures))
      diag('unknown-measure', `cap for unknown measure '${k}'`, ['incentives', 'caps', k], 'error', true);
  }
  const measures: MeasureDef[] = Object.entries(inc.measures as Record<string, Raw>).map(([id, m]) => {
    const p: Path = ['incentives', 'measures', id];
    const what = `measure '${id}'`;
    return {
      id,
      label: m.label,
      description: m.description,
      applies_if:
        m.applies_if === undefined
          ? undefined
          : rule(`${id}.applies_if`, m.applies_if, [...p, 'applies_if'], parsed, what),
      qualifies_if:
        m.qualifies_if === undefined
          ? undefined
          : rule(`${id}.qualifies_if`, m.qualifies_if, [...p, 'qualifies_if'], parsed, what),
      not_qualified_message: m.not_qualified_message,
      amount: rule(`${id}.amount`, m.amount, [...p, 'amount'], parsed, what),
      estimate: m.estimate && {
        min: rule(`${id}.estimate.min`, m.estimate.min, [...p, 'estimate', 'min'], parsed, what),
        max: rule(`${id}.estimate.max`, m.estimate.max, [...p, 'estimate', 'max'], parsed, what),
      },
      cap_cents: caps[id],
      cap_source: caps[id] === undefined ? undefined : parsed.locate(['incentives', 'caps', id]),
    };
  });
  // The total cap counts measures of this program only.
  const tc = inc.total_cap as Raw | undefined;
  for (const [i, k] of ((tc?.measures ?? []) as string[]).entries()) {
    if (!(k in inc.measures))
      diag('unknown-measure', `total_cap counts unknown measure '${k}'`, ['incentives', 'total_cap', 'measures', i]);
  }
  // Amounts in cents and percentages whole (a figure that looks like dollars or a fraction), line ids distinct.
  lintMoney(raw, diag);
  // Household limits and exclusions name this program's measures.
  const household = ((inc.household_limits ?? []) as Raw[]).map((h, i) => {
    const p: Path = ['incentives', 'household_limits', i];
    for (const [j, k] of ((h.measures ?? []) as string[]).entries())
      if (!(k in inc.measures))
        diag('unknown-measure', `household limit '${h.id}' counts unknown measure '${k}'`, [...p, 'measures', j]);
    if (h.max_count !== undefined && (h.measures ?? []).length !== 1)
      diag('household-limit-count', `household limit '${h.id}' counts jobs of one measure: name exactly one`, [
        ...p,
        'measures',
      ]);
    const programs = (h.programs as string[] | undefined) ?? [raw.id as string];
    return { id: h.id, label: h.label, cap_cents: h.cap_cents, max_count: h.max_count, measures: h.measures, programs };
  });
  const exclusions = ((inc.exclusions ?? []) as Raw[]).map((x, i) => {
    for (const [j, k] of (x.measures as string[]).entries())
      if (!(k in inc.measures))
        diag('unknown-measure', `exclusion '${x.id}' names unknown measure '${k}'`, [
          'incentives',
          'exclusions',
          i,
          'measures',
          j,
        ]);
    return { id: x.id, measures: x.measures, programs: x.programs, message: x.message };
  });
  // Sections naming a task and fields of it: the task exists, each field is one its form has.
  for (const section of ['payment', 'shared_amount'] as const) {
    const sec = inc[section] as Raw | undefined;
    if (!sec) continue;
    if (!taskIds.has(sec.task)) {
      diag('unknown-task', `${section} names unknown task '${sec.task}'`, ['incentives', section, 'task']);
      continue;
    }
    for (const [key, field] of Object.entries(sec)) {
      if (key.endsWith('_field'))
        checkFact(`${sec.task}.${field}`, ['incentives', section, key], parsed, `${section} ${key}`);
    }
  }
  const payable = inc.payment?.payable;
  let invoice_split: { material_percent: number; labor_percent: number } | undefined;
  if (inc.invoice_split) {
    invoice_split = {
      material_percent: Number(constants.invoice_material_percent),
      labor_percent: Number(constants.invoice_labor_percent),
    };
    if (invoice_split.material_percent + invoice_split.labor_percent !== 100) {
      diag('invoice-split', 'constants invoice_material_percent + invoice_labor_percent must be 100', [
        'incentives',
        'invoice_split',
      ]);
    }
  }
  return {
    measures,
    final_when: rule('final_when', inc.final_when, ['incentives', 'final_when'], parsed, 'final_when'),
    total_cap: tc && {
      id: tc.id,
      label: tc.label,
      cap_cents: tc.cap_cents,
      measures: tc.measures,
      source: parsed.locate(['incentives', 'total_cap', 'cap_cents']),
    },
    percent_cap: inc.percent_cap && {
      ...inc.percent_cap,
      of: rule(inc.percent_cap.id, inc.percent_cap.of, ['incentives', 'percent_cap', 'of'], parsed, 'percent_cap'),
    },
    minimum: inc.minimum && {
      ...inc.minimum,
      when: rule(inc.minimum.id, inc.minimum.when, ['incentives', 'minimum', 'when'], parsed, 'minimum'),
    },
    shared_amount: inc.shared_amount,
    payment: inc.payment && {
      ...inc.payment,
      payable: payable && {
        when: rule(
          'payment.payable.when',
          payable.when,
          ['incentives', 'payment', 'payable', 'when'],
          parsed,
          'payable when',
        ),
        amount: rule(
          'payment.payable.amount',
          payable.amount,
          ['incentives', 'payment', 'payable', 'amount'],
          parsed,
          'payable amount',
        ),
        invoiced_at: rule(
          'payment.payable.invoiced_at',
          payable.invoiced_at,
          ['incentives', 'payment', 'payable', 'invoiced_at'],
          parsed,
          'payable invoiced_at',
        ),
      },
    },
    invoice_split,
    ...(household.length ? { household_limits: household } : {}),
    ...(exclusions.length ? { exclusions } : {}),
  };
}
