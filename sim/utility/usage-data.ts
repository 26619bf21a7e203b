/**
 * The simulated utility's usage history: one bill reading per calendar month (starting on the 1st at
 * 00:00 UTC, lasting the month), the complete months before now(). Deterministic: each month's value
 * comes from a hash of authorization id, meter id and month, so the same authorization always shows the
 * same bills and two homes differ. Electric has a base load plus winter heating and summer cooling
 * (roughly 300-1,300 kWh a month); gas has water heating plus a winter peak (roughly 10-115 therms).
 */

import { createHash } from 'node:crypto';
import type { UtilityService } from '../../server/adapters/utility-data.ts';

export interface MonthlyReading {
  /** The first day of the month, 00:00 UTC. */
  start: Date;
  seconds: number;
  /** kWh (electric) or therms (gas), to 3 decimals. */
  value: number;
}

/** Share of the peak heating and cooling load by calendar month (January first). */
const HEATING = [1, 0.85, 0.6, 0.3, 0.08, 0, 0, 0, 0.03, 0.2, 0.55, 0.9];
const COOLING = [0, 0, 0, 0.05, 0.2, 0.55, 0.9, 1, 0.6, 0.15, 0, 0];

/** A number in [0, 1) from a key: the simulator's only source of variety. */
function unit(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

/** A number in [low, high) from a key. */
function between(key: string, low: number, high: number): number {
  return low + unit(key) * (high - low);
}

/** The usage of one month: the home's loads (fixed per meter) shaped by the season, a little noise, scaled by days. */
function monthValue(service: UtilityService, seed: string, month: number, days: number, monthKey: string): number {
  const noise = between(`${seed}:${monthKey}`, 0.95, 1.05) * (days / 30);
  if (service === 'electric') {
    const base = between(`${seed}:base`, 380, 560);
    const heating = between(`${seed}:heating`, 150, 450);
    const cooling = between(`${seed}:cooling`, 200, 550);
    return (base + heating * HEATING[month] + cooling * COOLING[month]) * noise;
  }
  const water = between(`${seed}:base`, 12, 18);
  const heating = between(`${seed}:heating`, 55, 88);
  return (water + heating * HEATING[month]) * noise;
}

/** The last `months` complete calendar months before now(), oldest first. */
export function monthlyUsage(input: {
  authorization_id: string;
  meter_id: string;
  service: UtilityService;
  months: number;
  now: Date;
}): MonthlyReading[] {
  const seed = `${input.authorization_id}:${input.meter_id}`;
  const year = input.now.getUTCFullYear();
  const month = input.now.getUTCMonth();
  const readings: MonthlyReading[] = [];
  for (let back = input.months; back >= 1; back--) {
    const start = new Date(Date.UTC(year, month - back, 1));
    const end = new Date(Date.UTC(year, month - back + 1, 1));
    const seconds = (end.getTime() - start.getTime()) / 1000;
    const monthKey = start.toISOString().slice(0, 7);
    const value = monthValue(input.service, seed, start.getUTCMonth(), seconds / 86_400, monthKey);
    readings.push({ start, seconds, value: Math.round(value * 1000) / 1000 });
  }
  return readings;
}
