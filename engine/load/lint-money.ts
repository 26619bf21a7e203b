/**
 * Money and percentages in the units the DSL takes (issue 45). The meta-schemas declare the units once
 * (program.schema.json and shared.schema.json `definitions`: `cents`, `centsTree`, `wholePercent`, `percentTree`,
 * each marked `x-unit`), so a string, a fraction of a cent or a negative amount is a schema error at its line, in the
 * words `unitMessage` gives. What a schema cannot see is a value of the right type in the wrong unit: dollars
 * written where cents belong (`amount-in-dollars`) and a fraction where a whole percent belongs
 * (`percent-as-fraction`), both warnings; and two incentive lines with one id (`duplicate-id`).
 *
 * What is money is known by place (caps, limits, minimums, budget allocations, `above_cents`, the literal results
 * of a measure's amount rule) or by name (a constant ending `_cents`, a table with `unit: cents`); what is a
 * percentage likewise (`percent_cap.percent`, the second argument of `percent_of`, a constant named `_percent` or
 * `_percent_by_...`, a table with `unit: percent`).
 */

import type { Diagnostic } from '../types.ts';
import type { ParsedFile } from './yaml-source.ts';

type Path = (string | number)[];
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Diag = (code: string, message: string, path: Path, severity?: 'error' | 'warning') => void;

/** An amount in cents found in a definition, with what it is in words. */
interface Amount {
  path: Path;
  cents: number;
  what: string;
  /** Below this many cents the amount is implausible whatever the others are. */
  floor: number;
}

/** A figure in dollars and cents, as a program manager writes it: 1400000 -> 14,000.00. */
export const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Constants named as money or as percentages (the same patterns as the meta-schemas' patternProperties). */
export const CENTS_NAME = /_cents$/;
export const PERCENT_NAME = /_percent$|_percent_by_[a-z0-9_]+$/;

/**
 * Flags the amounts that look like dollars: under the floor, or under 1,000.00 and ten times smaller than the median
 * of the group (the amount itself counts: a group is checked in one sort, however large a table).
 */
function dollarsLike(amounts: Amount[], diag: Diag) {
  const positive = amounts.filter((a) => Number.isInteger(a.cents) && a.cents > 0).map((a) => a.cents);
  const mid = positive.length > 1 ? median(positive) : 0;
  for (const a of amounts) {
    if (!Number.isInteger(a.cents) || a.cents <= 0 || a.cents >= 100_000_000) continue;
    const low = a.cents < a.floor;
    const small = a.cents < 100_000 && a.cents * 10 <= mid;
    if (!low && !small) continue;
    const peers = amounts.filter((p) => p !== a && p.cents > 0).map((p) => p.cents);
    const range = peers.length
      ? `, while the program's other amounts here are ${dollars(Math.min(...peers))}` +
        (Math.max(...peers) > Math.min(...peers) ? ` to ${dollars(Math.max(...peers))}` : '')
      : '';
    diag(
      'amount-in-dollars',
      `${a.what} is ${a.cents} cents, that is ${dollars(a.cents)}${range}: amounts are in cents, so this looks like ` +
        `dollars (write ${a.cents * 100} for ${dollars(a.cents * 100)})`,
      a.path,
      'warning',
    );
  }
}

/** Flags a percentage written as a fraction (0 < x < 1 where 75 means 75%). */
function fraction(value: unknown, path: Path, what: string, diag: Diag) {
  if (typeof value !== 'number' || !(value > 0 && value < 1)) return;
  const whole = Math.round(value * 10000) / 100;
  diag(
    'percent-as-fraction',
    `${what} is ${value}, which reads as ${value}%: percentages are whole numbers (write ${whole} for ${whole}%)`,
    path,
    'warning',
  );
}

/** Each numeric leaf of a value (a number, or a map or list of them), with its path. */
function leaves(value: unknown, path: Path, out: [Path, number][] = []): [Path, number][] {
  if (typeof value === 'number') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) leaves(v, [...path, k], out);
  return out;
}

/** The literal numbers a rule can answer (itself, the branches of an `if`, the arguments of `min`/`max`). */
function literalResults(logic: unknown, path: Path, out: [Path, number][] = []): [Path, number][] {
  if (typeof logic === 'number') out.push([path, logic]);
  else if (logic && typeof logic === 'object' && !Array.isArray(logic)) {
    const [op, args] = Object.entries(logic)[0] ?? [];
    if (!Array.isArray(args)) return out;
    if (op === 'if' || op === '?:')
      args.forEach((a, i) => (i % 2 === 1 || i === args.length - 1) && literalResults(a, [...path, op, i], out));
    else if (op === 'min' || op === 'max') args.forEach((a, i) => literalResults(a, [...path, op, i], out));
  }
  return out;
}

/** Every `percent_of` in a rule whose percentage is a literal number: [path of the percentage, value]. */
function percentOfLiterals(logic: unknown, path: Path, out: [Path, number][] = []): [Path, number][] {
  if (Array.isArray(logic)) logic.forEach((l, i) => percentOfLiterals(l, [...path, i], out));
  else if (logic && typeof logic === 'object')
    for (const [op, args] of Object.entries(logic)) {
      if (op === 'percent_of' && Array.isArray(args) && typeof args[1] === 'number')
        out.push([[...path, op, 1], args[1]]);
      percentOfLiterals(args, [...path, op], out);
    }
  return out;
}

/**
 * Constants (a program's, or the shared ones): `_cents` amounts (compared with each other and with `peers`, the
 * program's caps and limits) and `_percent` percentages.
 */
function lintConstants(constants: Raw | undefined, diag: Diag, where: string, peers: Amount[] = []) {
  const amounts: Amount[] = [];
  for (const [name, value] of Object.entries(constants ?? {})) {
    if (CENTS_NAME.test(name))
      for (const [p, v] of leaves(value, ['constants', name]))
        amounts.push({ path: p, cents: v, what: `${where} constant ${name}`, floor: 1000 });
    if (PERCENT_NAME.test(name))
      for (const [p, v] of leaves(value, ['constants', name])) fraction(v, p, `${where} constant ${name}`, diag);
  }
  dollarsLike([...amounts, ...peers], (code, message, path, severity) => {
    if (amounts.some((a) => a.path === path)) diag(code, message, path, severity);
  });
}

/** Tables with `unit: cents` (each table's values are peers) or `unit: percent`. */
function lintTables(tables: Raw | undefined, diag: Diag) {
  for (const [name, t] of Object.entries((tables ?? {}) as Record<string, Raw>)) {
    const unit = String(t?.unit ?? '');
    const values = leaves(t?.values, ['tables', name, 'values']);
    if (unit === 'cents')
      dollarsLike(
        values.map(([p, v]) => ({
          path: p,
          cents: v,
          what: `table ${name} value ${p.slice(3).join('.')}`,
          floor: 1000,
        })),
        diag,
      );
    if (unit === 'percent' || unit === 'percentage')
      for (const [p, v] of values) fraction(v, p, `table ${name} value ${p.slice(3).join('.')}`, diag);
  }
}

/** The incentive line ids (measures, total cap, household limits, exclusions, percent cap, minimum) are distinct. */
function lintLineIds(inc: Raw, diag: Diag) {
  const seen = new Map<string, string>();
  const take = (id: unknown, what: string, path: Path) => {
    if (typeof id !== 'string') return;
    const first = seen.get(id);
    if (first)
      diag(
        'duplicate-id',
        `${what} has the id '${id}', which is already the id of ${first}: explanations and line items name it, ` +
          `so give it an id of its own`,
        path,
      );
    else seen.set(id, what);
  };
  for (const id of Object.keys(inc.measures ?? {})) seen.set(id, `measure '${id}'`);
  if (inc.total_cap) take(inc.total_cap.id, 'the total cap', ['incentives', 'total_cap', 'id']);
  ((inc.household_limits ?? []) as Raw[]).forEach((h, i) =>
    take(h.id, `household limit ${i + 1}`, ['incentives', 'household_limits', i, 'id']),
  );
  ((inc.exclusions ?? []) as Raw[]).forEach((x, i) =>
    take(x.id, `exclusion ${i + 1}`, ['incentives', 'exclusions', i, 'id']),
  );
  if (inc.percent_cap) take(inc.percent_cap.id, 'the percent cap', ['incentives', 'percent_cap', 'id']);
  if (inc.minimum) take(inc.minimum.id, 'the minimum', ['incentives', 'minimum', 'id']);
}

/**
 * A program's money (called while its incentives are built): caps, limits, the minimum, the sampling threshold, the
 * literal amounts of measure rules, `_cents` constants and cents tables in cents; percentages whole; line ids
 * distinct. The budget's allocations are checked by lintBudgetMoney.
 */
export function lintMoney(raw: Raw, diag: Diag): void {
  const inc = (raw.incentives ?? {}) as Raw;
  const lines: Amount[] = [];
  for (const [m, v] of Object.entries((inc.caps ?? {}) as Record<string, number>))
    lines.push({ path: ['incentives', 'caps', m], cents: v, what: `the cap of ${m}`, floor: 1000 });
  if (inc.total_cap)
    lines.push({
      path: ['incentives', 'total_cap', 'cap_cents'],
      cents: inc.total_cap.cap_cents,
      what: `total cap '${inc.total_cap.id}'`,
      floor: 100_000,
    });
  ((inc.household_limits ?? []) as Raw[]).forEach((h, i) => {
    if (typeof h.cap_cents === 'number')
      lines.push({
        path: ['incentives', 'household_limits', i, 'cap_cents'],
        cents: h.cap_cents,
        what: `household limit '${h.id}' cap_cents`,
        floor: 100_000,
      });
  });
  if (inc.minimum)
    lines.push({
      path: ['incentives', 'minimum', 'amount_cents'],
      cents: inc.minimum.amount_cents,
      what: `minimum '${inc.minimum.id}' amount_cents`,
      floor: 1000,
    });
  for (const [id, m] of Object.entries((inc.measures ?? {}) as Record<string, Raw>)) {
    const rules: [Path, unknown][] = [
      [['incentives', 'measures', id, 'amount'], m.amount],
      [['incentives', 'measures', id, 'estimate', 'min'], m.estimate?.min],
      [['incentives', 'measures', id, 'estimate', 'max'], m.estimate?.max],
    ];
    for (const [p, logic] of rules) {
      for (const [at, v] of literalResults(logic, p))
        lines.push({
          path: at,
          cents: v,
          what: `an amount of measure ${id}'s ${p.slice(4).join('.')} rule`,
          floor: 1000,
        });
      for (const [at, v] of percentOfLiterals(logic, p)) fraction(v, at, `the percentage of percent_of in ${id}`, diag);
    }
  }
  const sample = raw.quality?.sample as Raw | undefined;
  if (typeof sample?.above_cents === 'number')
    lines.push({
      path: ['quality', 'sample', 'above_cents'],
      cents: sample.above_cents,
      what: 'quality sample above_cents',
      floor: 1000,
    });
  dollarsLike(lines, diag);
  if (inc.percent_cap)
    fraction(
      inc.percent_cap.percent,
      ['incentives', 'percent_cap', 'percent'],
      `percent cap '${inc.percent_cap.id}' percent`,
      diag,
    );
  if (inc.measures) lintLineIds(inc, diag);
  lintConstants(raw.constants, diag, 'the', lines);
  lintTables(raw.tables, diag);
}

/** A budget's allocations: each in cents, at least 100,000.00 (a program's money), and in line with the others. */
export function lintBudgetMoney(budget: Raw, diag: Diag): void {
  const cents = budget.allocation?.cents;
  const amounts: Amount[] =
    typeof cents === 'number'
      ? [{ path: ['budget', 'allocation', 'cents'], cents, what: 'the budget allocation', floor: 10_000_000 }]
      : Object.entries((cents ?? {}) as Record<string, number>).map(([k, v]) => ({
          path: ['budget', 'allocation', 'cents', k],
          cents: v,
          what: `the budget allocation to ${k}`,
          floor: 10_000_000,
        }));
  dollarsLike(amounts, diag);
}

/** The shared constants (_shared/constants.yaml): `_cents` amounts and `_percent` percentages. */
export function lintSharedMoney(files: ParsedFile[], out: Diagnostic[]): void {
  for (const parsed of files) {
    const doc = parsed.value as Raw;
    if (!doc?.constants) continue;
    lintConstants(
      doc.constants,
      (code, message, path, severity = 'error') =>
        out.push({ code, severity, file: parsed.file, path, range: parsed.locate(path), message }),
      'the shared',
    );
  }
}

/** What a meta-schema error on a value with a unit (`x-unit` in the schema) says, in a program manager's words. */
export function unitMessage(keyword: string, data: unknown, schema: unknown, where: string): string | undefined {
  const unit = (schema as { 'x-unit'?: string } | undefined)?.['x-unit'];
  if (!unit) return undefined;
  const shown = typeof data === 'string' ? `'${data}'` : JSON.stringify(data);
  if (unit === 'cents') {
    const n = typeof data === 'string' ? Number(data.replace(/[$,\s]/g, '')) : Number(data);
    const hint = !Number.isFinite(n)
      ? ''
      : typeof data === 'string' && /[$.,]/.test(data)
        ? ` (${data} is ${Math.round(n * 100)} cents)`
        : typeof data === 'string'
          ? ` (write ${data} without quotes)`
          : keyword === 'minimum'
            ? ''
            : ` (${n} dollars is ${Math.round(n * 100)} cents)`;
    return `${where} is ${shown}: amounts are whole cents, written as a number without quotes, $ or commas${hint}`;
  }
  if (unit === 'percent') {
    const n = typeof data === 'string' ? Number(data.replace(/[%\s]/g, '')) : NaN;
    const hint = Number.isFinite(n) ? `write ${n}` : 'write 75 for 75%';
    return `${where} is ${shown}: percentages are numbers, without quotes or % (${hint})`;
  }
  if (unit === 'fraction') {
    const hint = typeof data === 'number' && data > 1 && data <= 100 ? ` (write ${data / 100} for ${data}%)` : '';
    return `${where} is ${shown}: a share is a fraction from 0 to 1${hint}`;
  }
  return undefined;
}
