/**
 * Usage profile: a home's year of energy use split into baseline, heating and cooling, from the utility
 * readings of its meters (electric in kWh, gas in therms). The figures reviewers and rebate programs
 * compare a retrofit against. Pure and deterministic: the same readings give the same profile.
 *
 * Method, per service:
 * - Readings are summed into calendar months (UTC); a reading counts in the month it starts in, and
 *   meters of the same service add up.
 * - The window is the 12 calendar months ending at `last_month`, the latest month with data of either
 *   service; each service uses its months with data inside it (`electric_months`, `gas_months`: their
 *   real count; `months_covered` the larger; `first_month` the earliest used).
 * - Baseline (a month's use with no heating or cooling) = the mean of the two lowest months (the one
 *   month when there is only one); its annual figure is baseline x 12.
 * - Heating = sum over October-April months of max(0, month - baseline); cooling = the same over
 *   May-September; total = the sum of the months.
 * - With fewer than 12 months, heating, cooling and total are annualised by 12 / months (the baseline is
 *   annual already).
 * - kWh are rounded to whole numbers, therms to one decimal. A service with no data gives zeros.
 */

import type { UsageReading } from '../../adapters/utility-data.ts';

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
}

type Service = 'electric' | 'gas';

const UNIT: Record<Service, UsageReading['unit']> = { electric: 'kWh', gas: 'therm' };

/** Months are counted as year x 12 + month index (January 0). */
function monthLabel(month: number): string {
  return `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;
}

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

export function deriveUsageProfile(series: { service: Service; readings: UsageReading[] }[]): UsageProfile {
  const monthly: Record<Service, Map<number, number>> = { electric: new Map(), gas: new Map() };
  for (const { service, readings } of series) {
    for (const r of readings) {
      const start = new Date(r.start);
      if (r.unit !== UNIT[service]) throw new Error(`deriveUsageProfile: a ${service} reading in ${r.unit}`);
      if (Number.isNaN(start.getTime()) || !Number.isFinite(r.value))
        throw new Error(`deriveUsageProfile: a ${service} reading with start ${r.start} and value ${r.value}`);
      const month = start.getUTCFullYear() * 12 + start.getUTCMonth();
      monthly[service].set(month, (monthly[service].get(month) ?? 0) + r.value);
    }
  }
  let last = -Infinity;
  for (const m of [...monthly.electric.keys(), ...monthly.gas.keys()]) last = Math.max(last, m);
  const inWindow = (service: Service) => [...monthly[service]].filter(([m]) => m > last - 12);
  const electric = inWindow('electric');
  const gas = inWindow('gas');
  let first = Infinity;
  for (const [m] of [...electric, ...gas]) first = Math.min(first, m);
  const e = annualFigures(electric);
  const g = annualFigures(gas);
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
  };
}
