/**
 * The simulated utility's usage history: one bill reading per calendar month (starting on the 1st at
 * 00:00 UTC, lasting the month), the complete months before now(). Deterministic: each month's value
 * comes from a hash of authorization id, meter id and month, so the same authorization always shows the
 * same bills and two homes differ. Electric has a base load plus winter heating and summer cooling
 * (roughly 300-1,300 kWh a month); gas has water heating plus a winter peak (roughly 10-115 therms).
 *
 * Scenarios with a feed shape (scenarios.ts FeedShape) get interval readings instead (`feedChannels`): each
 * local month's usage (the same seasonal model) spread evenly over its 15-minute, hourly or daily readings in whole
 * feed units (the remainder on the first readings, so a month's readings add up to exactly its usage), or monthly
 * bills read on the 14th; local months in America/Los_Angeles, found through the time zone database (Intl), so
 * the feed's LocalTimeParameters are checked against it rather than against the portal's own reading of them.
 */

import { createHash } from 'node:crypto';
import type { UtilityService } from '../../server/adapters/utility-data.ts';
import type { FeedShape } from './scenarios.ts';

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
export function monthValue(
  service: UtilityService,
  seed: string,
  month: number,
  days: number,
  monthKey: string,
): number {
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

/** A reading as the feed writes it: a whole number of the channel's units. */
export interface FeedReading {
  start: Date;
  seconds: number;
  units: number;
}

/** A channel of a feed: its ReadingType (flowDirection, unit of measure, multiplier) and readings. */
export interface FeedChannel {
  flow: 1 | 4 | 19;
  uom: number;
  multiplier: number;
  readings: FeedReading[];
}

export const PACIFIC_ZONE = 'America/Los_Angeles';
/** Solar export by calendar month (January first), of the system's peak month. */
const SOLAR = [0.35, 0.45, 0.65, 0.8, 0.95, 1, 1, 0.95, 0.8, 0.6, 0.4, 0.3];

/** Seconds east of UTC of a time zone at an instant (the tz database, through Intl). */
function zoneOffset(zone: string, ms: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60) : 0;
}

/**
 * The instant (ms) of local midnight starting a day (month index may overflow): the offset read at the same wall
 * time in UTC, hours earlier locally, which is still the midnight's (clocks change at 2:00 here, never at midnight).
 */
export function localMidnight(zone: string | null, year: number, month: number, day: number): number {
  const wall = Date.UTC(year, month, day);
  return zone ? wall - zoneOffset(zone, wall) * 1000 : wall;
}

/** `total` units over `n` readings: equal shares, the remainder one each on the first. */
function spread(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total - base * n ? 1 : 0));
}

/** Readings [start, end) (ms) from `from` that end by `to`: fixed steps, or local days (23 to 25 hours). */
function steps(zone: string | null, interval: 900 | 3600 | 86_400, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  const local = new Date(from + (zone ? zoneOffset(zone, from) * 1000 : 0));
  for (let i = 0; ; i++) {
    const start =
      interval === 86_400
        ? localMidnight(zone, local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + i)
        : from + i * interval * 1000;
    const end =
      interval === 86_400
        ? localMidnight(zone, local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + i + 1)
        : start + interval * 1000;
    if (end > to) return out;
    out.push([start, end]);
  }
}

/** The channels of one meter's feed in a shape: `months` of history ending with the last whole local month. */
export function feedChannels(input: {
  authorization_id: string;
  meter_id: string;
  service: UtilityService;
  months: number;
  now: Date;
  shape: FeedShape;
}): FeedChannel[] {
  const { shape, service } = input;
  const seed = `${input.authorization_id}:${input.meter_id}`;
  const zone = shape.pacific ? PACIFIC_ZONE : null;
  const nowMs = input.now.getTime();
  const here = new Date(nowMs + (zone ? zoneOffset(zone, nowMs) * 1000 : 0));
  const [year, month] = [here.getUTCFullYear(), here.getUTCMonth()];
  const scale = service === 'electric' ? 1000 : 10 ** -(shape.gas_multiplier ?? -3);
  const delivered: FeedReading[] = [];
  const received: FeedReading[] = [];
  const net: FeedReading[] = [];
  for (let back = input.months; back >= (shape.partial ? 0 : 1); back--) {
    const startOfMonth = localMidnight(zone, year, month - back, 1);
    const endOfMonth = localMidnight(zone, year, month - back + 1, 1);
    const monthIndex = (((month - back) % 12) + 12) % 12;
    const key = new Date(Date.UTC(year, month - back, 1)).toISOString().slice(0, 7);
    const days = Math.round((endOfMonth - startOfMonth) / 86_400_000);
    if (shape.interval === 'bill') {
      const from = localMidnight(zone, year, month - back, 14);
      const to = localMidnight(zone, year, month - back + 1, 14);
      if (to > nowMs) continue;
      const units = Math.round(monthValue(service, seed, monthIndex, (to - from) / 86_400_000, key) * scale);
      delivered.push({ start: new Date(from), seconds: (to - from) / 1000, units });
      continue;
    }
    const from = shape.partial && back === input.months ? localMidnight(zone, year, month - back, 17) : startOfMonth;
    const readings = steps(zone, shape.interval, from, Math.min(endOfMonth, nowMs));
    if (!readings.length) continue;
    const covered = (readings[readings.length - 1][1] - readings[0][0]) / (endOfMonth - startOfMonth);
    const value = monthValue(service, seed, monthIndex, days, key) * covered;
    const units = spread(Math.round(value * scale), readings.length);
    const solar = shape.solar
      ? spread(
          Math.round(between(`${seed}:solar`, 250, 450) * SOLAR[monthIndex] * (days / 30) * covered * scale),
          readings.length,
        )
      : [];
    readings.forEach(([t, end], i) => {
      const seconds = (end - t) / 1000;
      delivered.push({ start: new Date(t), seconds, units: units[i] });
      if (!shape.solar) return;
      received.push({ start: new Date(t), seconds, units: solar[i] });
      net.push({ start: new Date(t), seconds, units: units[i] - solar[i] });
    });
  }
  if (shape.unreadable && service === 'electric')
    return [
      { flow: 1, uom: 38, multiplier: 0, readings: delivered.map((r) => ({ ...r, units: Math.round(r.units / 24) })) },
    ];
  const uom = service === 'electric' ? 72 : 169;
  const multiplier = service === 'electric' ? 0 : (shape.gas_multiplier ?? -3);
  const channels: FeedChannel[] = [{ flow: 1, uom, multiplier, readings: delivered }];
  if (shape.solar)
    channels.push({ flow: 19, uom, multiplier, readings: received }, { flow: 4, uom, multiplier, readings: net });
  return channels;
}
