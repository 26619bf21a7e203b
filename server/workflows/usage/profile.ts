/**
 * Usage profile: a home's year of energy use split into baseline, heating and cooling, from the utility
 * readings of its meters (electric in kWh, gas in therms). The figures reviewers and rebate programs
 * compare a retrofit against. Pure and deterministic: the same readings give the same profile.
 *
 * Method, per service:
 * - Usage is the delivered channel; a solar customer's received channel (export to the grid) and a net
 *   channel are summed the same way into `annual_received_kwh` and `annual_net_kwh` for ops, never into usage.
 * - Readings are summed into calendar months of the feed's local time (each reading carries its offset from
 *   UTC, DST included; readings stored before offsets were kept count in UTC months); a reading counts in the
 *   month it starts in, whatever its length (15 minutes to a monthly bill), and meters of the same service add up.
 * - Partial months are left out, not pro-rated: the first and the last month of each meter's data are partial
 *   when its readings do not reach the month's local start (first) or end (last), unless the month holds a
 *   bill (a reading of 25 days or more, which stands for the month it starts in). A month still in progress
 *   or a history starting mid-month would otherwise count as a whole month (a baseline that depends on the
 *   day the data was collected); extrapolating it would invent usage. A month partial for one meter is left
 *   out of its whole service. `partial_months` lists those from the month before the window on (service, month, days
 *   covered of the month's days), `partial_month_handling` says what was done ('left_out').
 * - The window is the 12 calendar months ending at `last_month`, the latest whole month with usage of either
 *   service; each service uses its whole months with data inside it (`electric_months`, `gas_months`: their
 *   real count; `months_covered` the larger; `first_month` the earliest used).
 * - Baseline (a month's use with no heating or cooling) = the mean of the two lowest months (the one
 *   month when there is only one); its annual figure is baseline x 12.
 * - Heating = sum over October-April months of max(0, month - baseline); cooling = the same over
 *   May-September; total = the sum of the months.
 * - With fewer than 12 months, heating, cooling and total are annualised by 12 / months (the baseline is
 *   annual already); received and net likewise by their own months in the window.
 * - kWh are rounded to whole numbers, therms to one decimal. A service with no data gives zeros; no
 *   received or net channel gives null.
 */

import { localMonth } from './espi-local-time.ts';
import type { UsageChannel, UsageReading } from './green-button.ts';

/** What was done with partial months (see the header). */
export const PARTIAL_MONTH_HANDLING = 'left_out';

export interface PartialMonth {
  service: Service;
  /** YYYY-MM, local time. */
  month: string;
  /** Days the readings cover (one decimal), of the month's days. */
  days_covered: number;
  days: number;
}

export interface UsageProfile {
  months_covered: number;
  electric_months: number;
  gas_months: number;
  /** YYYY-MM, null when there are no readings. */
  first_month: string | null;
  last_month: string | null;
  annual_baseline_kwh: number;
  annual_heating_kwh: number;
  annual_cooling_kwh: number;
  annual_total_kwh: number;
  annual_baseline_therms: number;
  annual_heating_therms: number;
  annual_cooling_therms: number;
  annual_total_therms: number;
  /** Electric export to the grid (solar) and net, over the same months; null without such a channel. */
  annual_received_kwh: number | null;
  annual_net_kwh: number | null;
  partial_months: PartialMonth[];
  partial_month_handling: typeof PARTIAL_MONTH_HANDLING;
}

type Service = 'electric' | 'gas';

const UNIT: Record<Service, UsageReading['unit']> = { electric: 'kWh', gas: 'therm' };
/** A reading at least this long is a bill: it stands for the month it starts in. */
const BILL_SECONDS = 25 * 86_400;

/** Months are counted as year x 12 + month index (January 0). */
function monthLabel(month: number): string {
  return `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;
}
const monthNumber = (label: string) => Number(label.slice(0, 4)) * 12 + Number(label.slice(5, 7)) - 1;
/** The start of a month on the local clock, as ms (the local wall clock written as if it were UTC). */
const monthStart = (month: number) => Date.UTC(Math.floor(month / 12), month % 12, 1);
/** October to April. */
function isHeatingMonth(month: number): boolean {
  const m = month % 12;
  return m >= 9 || m <= 3;
}

/** Annual baseline, heating, cooling and total of one service's monthly sums (unrounded). */
function annualFigures(months: [month: number, value: number][]): {
  baseline: number;
  heating: number;
  cooling: number;
  total: number;
} {
  if (months.length === 0) return { baseline: 0, heating: 0, cooling: 0, total: 0 };
  const sorted = months.map(([, v]) => v).sort((a, b) => a - b);
  const baseline = sorted.length === 1 ? sorted[0] : (sorted[0] + sorted[1]) / 2;
  let heating = 0;
  let cooling = 0;
  let total = 0;
  for (const [month, value] of months) {
    const above = Math.max(0, value - baseline);
    if (isHeatingMonth(month)) heating += above;
    else cooling += above;
    total += value;
  }
  const annualise = 12 / months.length;
  return {
    baseline: baseline * 12,
    heating: heating * annualise,
    cooling: cooling * annualise,
    total: total * annualise,
  };
}

const wholeKwh = (v: number) => Math.round(v);
const tenthTherm = (v: number) => Math.round(v * 10) / 10;

interface MonthSums {
  value: number;
  seconds: number;
  bill: boolean;
  /** Earliest local start and latest local end of its readings (ms on the local clock). */
  from: number;
  to: number;
}

/** One meter's channel summed into local months. */
function monthsOf(service: Service, readings: UsageReading[]): Map<number, MonthSums> {
  const months = new Map<number, MonthSums>();
  for (const r of readings) {
    const start = Date.parse(r.start);
    if (r.unit !== UNIT[service]) throw new Error(`deriveUsageProfile: a ${service} reading in ${r.unit}`);
    if (Number.isNaN(start) || !Number.isFinite(r.value))
      throw new Error(`deriveUsageProfile: a ${service} reading with start ${r.start} and value ${r.value}`);
    const month = monthNumber(localMonth(start, r.utc_offset));
    const local = start + r.utc_offset * 1000;
    const m = months.get(month) ?? { value: 0, seconds: 0, bill: false, from: Infinity, to: -Infinity };
    m.value += r.value;
    m.seconds += r.seconds;
    m.bill ||= r.seconds >= BILL_SECONDS;
    m.from = Math.min(m.from, local);
    m.to = Math.max(m.to, local + r.seconds * 1000);
    months.set(month, m);
  }
  return months;
}

/** The first and last month of one meter's channel when its readings cover them only in part. */
function partialEdges(service: Service, months: Map<number, MonthSums>): PartialMonth[] {
  const keys = [...months.keys()].sort((a, b) => a - b);
  if (!keys.length) return [];
  const first = keys[0];
  const last = keys[keys.length - 1];
  const out: PartialMonth[] = [];
  for (const month of new Set([first, last])) {
    const m = months.get(month)!;
    const short = (month === first && m.from > monthStart(month)) || (month === last && m.to < monthStart(month + 1));
    if (m.bill || !short) continue;
    out.push({
      service,
      month: monthLabel(month),
      days_covered: Math.round((m.seconds / 86_400) * 10) / 10,
      days: (monthStart(month + 1) - monthStart(month)) / 86_400_000,
    });
  }
  return out;
}

export function deriveUsageProfile(series: { service: Service; readings: UsageReading[] }[]): UsageProfile {
  const channel = (c: UsageChannel) => (r: UsageReading) => r.channel === c;
  const partial = new Map<string, PartialMonth>();
  const summed = series.map(({ service, readings }) => {
    const byChannel = Object.fromEntries(
      (['delivered', 'received', 'net'] as const).map((c) => [c, monthsOf(service, readings.filter(channel(c)))]),
    ) as Record<UsageChannel, Map<number, MonthSums>>;
    for (const c of ['delivered', 'received', 'net'] as const)
      for (const p of partialEdges(service, byChannel[c])) {
        const key = `${service}:${p.month}`;
        if ((partial.get(key)?.days_covered ?? Infinity) > p.days_covered) partial.set(key, p);
      }
    return { service, byChannel };
  });
  const isPartial = (service: Service, month: number) => partial.has(`${service}:${monthLabel(month)}`);
  /** A service's channel: whole months summed over its meters. */
  const monthly = (service: Service, c: UsageChannel) => {
    const out = new Map<number, number>();
    for (const s of summed.filter((x) => x.service === service))
      for (const [month, m] of s.byChannel[c])
        if (!isPartial(service, month)) out.set(month, (out.get(month) ?? 0) + m.value);
    return out;
  };
  const usage = { electric: monthly('electric', 'delivered'), gas: monthly('gas', 'delivered') };
  let last = -Infinity;
  for (const m of [...usage.electric.keys(), ...usage.gas.keys()]) last = Math.max(last, m);
  const inWindow = (months: Map<number, number>) => [...months].filter(([m]) => m > last - 12 && m <= last);
  const electric = inWindow(usage.electric);
  const gas = inWindow(usage.gas);
  let first = Infinity;
  for (const [m] of [...electric, ...gas]) first = Math.min(first, m);
  const e = annualFigures(electric);
  const g = annualFigures(gas);
  /** Received or net kWh a year over the window, null without the channel. */
  const other = (c: UsageChannel) => {
    const months = inWindow(monthly('electric', c));
    if (!summed.some((s) => s.service === 'electric' && s.byChannel[c].size)) return null;
    return months.length ? wholeKwh((months.reduce((t, [, v]) => t + v, 0) * 12) / months.length) : 0;
  };
  return {
    months_covered: Math.max(electric.length, gas.length),
    electric_months: electric.length,
    gas_months: gas.length,
    first_month: Number.isFinite(first) ? monthLabel(first) : null,
    last_month: Number.isFinite(last) ? monthLabel(last) : null,
    annual_baseline_kwh: wholeKwh(e.baseline),
    annual_heating_kwh: wholeKwh(e.heating),
    annual_cooling_kwh: wholeKwh(e.cooling),
    annual_total_kwh: wholeKwh(e.total),
    annual_baseline_therms: tenthTherm(g.baseline),
    annual_heating_therms: tenthTherm(g.heating),
    annual_cooling_therms: tenthTherm(g.cooling),
    annual_total_therms: tenthTherm(g.total),
    annual_received_kwh: other('received'),
    annual_net_kwh: other('net'),
    // Those just before the window, in it and after it (older ones lie far outside the profile anyway).
    partial_months: [...partial.values()]
      .filter((p) => !Number.isFinite(last) || monthNumber(p.month) >= last - 12)
      .sort((a, b) => a.month.localeCompare(b.month) || a.service.localeCompare(b.service)),
    partial_month_handling: PARTIAL_MONTH_HANDLING,
  };
}
