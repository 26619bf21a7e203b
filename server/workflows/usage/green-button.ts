/**
 * Reading a Green Button (NAESB ESPI) Atom feed of one usage point as utilities send it. Pure: text in, readings
 * out, or Malformed saying why the feed cannot be read (the adapter reports that as `unreadable`, a permanent
 * failure, never an outage to retry).
 *
 * - The UsagePoint's ServiceCategory kind says the service: 0 electricity (Wh, uom 72), 1 gas (therms, uom 169).
 * - Each MeterReading is a channel: the ReadingType and the IntervalBlocks it links to. As ESPI links them, the
 *   MeterReading's rel="related" hrefs name the ReadingType (its rel="self") and the collection its IntervalBlocks
 *   sit in (their rel="up"). A feed without links and with one ReadingType has all its blocks read with it.
 * - A ReadingType is used when its unit is the service's, it holds interval deltas (accumulationBehaviour 4 or
 *   none given) of the whole usage (no time-of-use, critical-peak or tier part), and its flowDirection is 1
 *   (forward: delivered, the usage; also when none is given), 19 (reverse: received, a solar customer's export)
 *   or 4 (net). Any other ReadingType is ignored. A feed with no delivered ReadingType cannot be read.
 * - Where several MeterReadings carry one channel (a billing series beside an interval series), the one covering
 *   the most time is read (of two alike, the one with more readings), so no usage counts twice.
 * - Values are integers x 10^powerOfTenMultiplier in the ReadingType's unit (gas -5 is hundred-thousandths of a
 *   therm; electric 3 is kWh written as Wh x 1000). Any interval length, 15 minutes to a monthly bill.
 * - Each reading carries the offset of the feed's local time (LocalTimeParameters, linked from the UsagePoint or
 *   the only one in the feed; none: UTC) at its start, so it counts in the local month it starts in.
 * - Impossible values cannot be read: a negative delivered or received value, a duration outside 1 s to 100 days,
 *   a start outside 1970-2100, a multiplier beyond 10^±12, an offset beyond ±14 hours.
 */

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Malformed, record } from '../../adapters/http-client.ts';
import { decodeDstRule, offsetAt, UTC, type LocalTimeParameters } from './espi-local-time.ts';

/** What a channel holds: delivered is the usage; received (export to the grid) and net are kept, not usage. */
export const USAGE_CHANNELS = ['delivered', 'received', 'net'] as const;
export type UsageChannel = (typeof USAGE_CHANNELS)[number];

/** One reading: [start, start + seconds) in kWh (electric) or therms (gas). */
export interface UsageReading {
  /** ISO instant (UTC). */
  start: string;
  seconds: number;
  value: number;
  unit: 'kWh' | 'therm';
  channel: UsageChannel;
  /** Seconds east of UTC of the feed's local time at the start (0: UTC). */
  utc_offset: number;
}

/** ESPI ServiceCategory kind: the service, its unit of measure, and the exponent from it to kWh or therms. */
const SERVICES = new Map([
  ['0', { service: 'electric', uom: 72, unit: 'kWh', exponent: -3 }],
  ['1', { service: 'gas', uom: 169, unit: 'therm', exponent: 0 }],
] as const);

const FLOW: Record<string, UsageChannel> = { '1': 'delivered', '19': 'received', '4': 'net' };
const MAX_SECONDS = 100 * 86_400;
const LATEST_START = Date.UTC(2100, 0, 1) / 1000;

const xml = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
});

interface Entry {
  self: string | null;
  up: string | null;
  related: string[];
  content: Record<string, unknown>;
}

/** A value that may be one element or a list of them (XML parsed to objects). */
const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const href = (h: unknown) => (typeof h === 'string' ? h.trim().replace(/\/+$/, '') : '');

/** An integer element's text (absent: undefined). */
function integer(value: unknown, where: string): number;
function integer(value: unknown, where: string, optional: true): number | undefined;
function integer(value: unknown, where: string, optional = false): number | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value.trim()))
    throw new Malformed(`${where} is not an integer`);
  return Number(value);
}

function entriesOf(body: string): Entry[] {
  if (/<!DOCTYPE/i.test(body)) throw new Malformed('the feed declares a DOCTYPE');
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new Malformed(`the feed is not well-formed XML (${valid.err.msg}, line ${valid.err.line})`);
  const feed = record(record(xml.parse(body), 'the document').feed, 'the Atom feed');
  return list(feed.entry).map((e, i) => {
    const entry = record(e, `entry ${i}`);
    const links = list(entry.link).map((l) => (typeof l === 'object' && l ? (l as Record<string, unknown>) : {}));
    const rel = (r: string) => links.filter((l) => l['@rel'] === r).map((l) => href(l['@href']));
    const content = typeof entry.content === 'object' && entry.content ? entry.content : {};
    return { self: rel('self')[0] ?? null, up: rel('up')[0] ?? null, related: rel('related'), content } as Entry;
  });
}

/** The entries holding `name`, each with its element(s). */
function holding(entries: Entry[], name: string): { entry: Entry; items: unknown[] }[] {
  return entries.filter((e) => name in e.content).map((entry) => ({ entry, items: list(entry.content[name]) }));
}

function localTime(entries: Entry[], usagePoint: Entry): LocalTimeParameters {
  const all = holding(entries, 'LocalTimeParameters');
  const linked = all.filter(({ entry }) => entry.self && usagePoint.related.includes(entry.self));
  const chosen = linked[0] ?? (all.length === 1 ? all[0] : undefined);
  if (!chosen) {
    if (all.length > 1) throw new Malformed(`the feed has ${all.length} LocalTimeParameters and links none of them`);
    return UTC;
  }
  const p = record(chosen.items[0], 'LocalTimeParameters');
  const tz = integer(p.tzOffset, 'LocalTimeParameters.tzOffset');
  const dst = integer(p.dstOffset, 'LocalTimeParameters.dstOffset', true) ?? 0;
  if (Math.abs(tz) > 14 * 3600) throw new Malformed(`LocalTimeParameters.tzOffset ${tz} is beyond 14 hours`);
  if (dst < 0 || dst > 2 * 3600) throw new Malformed(`LocalTimeParameters.dstOffset ${dst} is not 0 to 2 hours`);
  const rule = (name: 'dstStartRule' | 'dstEndRule') => {
    if (p[name] === undefined || !dst) return null;
    const r = decodeDstRule(String(p[name]), `LocalTimeParameters.${name}`);
    if (typeof r === 'string') throw new Malformed(r);
    return r;
  };
  return { tz_offset: tz, dst_offset: dst, dst_start_rule: rule('dstStartRule'), dst_end_rule: rule('dstEndRule') };
}

interface Channel {
  channel: UsageChannel;
  exponent: number;
  blocks: unknown[];
}

/** The channel a ReadingType carries, or why it is not used. */
function channelOf(rt: Record<string, unknown>, service: { uom: number; exponent: number }): Channel | string {
  const uom = integer(rt.uom, 'ReadingType.uom');
  if (uom !== service.uom) return `uom ${uom}`;
  const accumulation = integer(rt.accumulationBehaviour, 'ReadingType.accumulationBehaviour', true);
  if (accumulation !== undefined && accumulation !== 4) return `accumulationBehaviour ${accumulation}`;
  for (const part of ['tou', 'cpp', 'consumptionTier'])
    if (integer(rt[part], `ReadingType.${part}`, true)) return `${part} ${String(rt[part])}`;
  const flow = rt.flowDirection === undefined ? '1' : String(integer(rt.flowDirection, 'ReadingType.flowDirection'));
  if (!FLOW[flow]) return `flowDirection ${flow}`;
  const multiplier = integer(rt.powerOfTenMultiplier, 'ReadingType.powerOfTenMultiplier', true) ?? 0;
  if (Math.abs(multiplier) > 12) throw new Malformed(`ReadingType powerOfTenMultiplier ${multiplier} is out of range`);
  return { channel: FLOW[flow], exponent: multiplier + service.exponent, blocks: [] };
}

/** The readings of a Green Button feed: every channel used, in kWh or therms, oldest first. */
export function readGreenButton(body: string): UsageReading[] {
  const entries = entriesOf(body);
  const usagePoints = holding(entries, 'UsagePoint');
  if (usagePoints.length !== 1) throw new Malformed(`the feed has ${usagePoints.length} UsagePoints, not 1`);
  const usagePoint = usagePoints[0].entry;
  const kind = record(record(usagePoints[0].items[0], 'UsagePoint').ServiceCategory, 'UsagePoint.ServiceCategory').kind;
  const service = typeof kind === 'string' ? SERVICES.get(kind.trim() as '0') : undefined;
  if (!service) throw new Malformed(`ServiceCategory kind ${String(kind)} is neither electricity (0) nor gas (1)`);
  const local = localTime(entries, usagePoint);

  const readingTypes = holding(entries, 'ReadingType');
  const blocks = holding(entries, 'IntervalBlock');
  const meterReadings = holding(entries, 'MeterReading').map(({ entry }) => entry);
  // Each MeterReading with the ReadingType and IntervalBlocks it links to.
  const series = meterReadings.map((mr) => ({
    readingType: readingTypes.find(({ entry }) => entry.self && mr.related.includes(entry.self)),
    blocks: blocks.filter(
      ({ entry }) => (entry.up && mr.related.includes(entry.up)) || (mr.self && entry.self?.startsWith(`${mr.self}/`)),
    ),
  }));
  const linked = new Set(series.flatMap((s) => s.blocks.map((b) => b.entry)));
  if (readingTypes.length === 1 && meterReadings.length <= 1 && series.every((s) => !s.readingType)) {
    // A feed without links: its one ReadingType reads every block.
    series.splice(0, series.length, {
      readingType: readingTypes[0],
      blocks: blocks.filter((b) => !linked.has(b.entry)),
    });
  }

  const ignored: string[] = [];
  const channels: Channel[] = [];
  for (const s of series) {
    if (!s.readingType) continue;
    const c = channelOf(record(s.readingType.items[0], 'ReadingType'), service);
    if (typeof c === 'string') ignored.push(c);
    else channels.push({ ...c, blocks: s.blocks.flatMap((b) => b.items) });
  }
  if (!channels.some((c) => c.channel === 'delivered'))
    throw new Malformed(
      `the feed has no ReadingType of ${service.service} delivered in ${service.unit === 'kWh' ? 'Wh' : 'therms'} (uom ${service.uom})` +
        (channels.length ? `; only ${[...new Set(channels.map((c) => c.channel))].join(', ')}` : '') +
        (ignored.length ? `; ignored: ${ignored.join(', ')}` : ''),
    );

  // One series per channel: the one covering the most time (of two alike, the finer).
  const best = new Map<UsageChannel, { covered: number; readings: UsageReading[] }>();
  for (const c of channels) {
    const readings = readingsOf(c, service.unit, local);
    const covered = readings.reduce((t, r) => t + r.seconds, 0);
    const kept = best.get(c.channel);
    if (!kept || kept.covered < covered || (kept.covered === covered && kept.readings.length < readings.length))
      best.set(c.channel, { covered, readings });
  }
  return [...best.values()]
    .flatMap((b) => b.readings)
    .sort((a, b) => a.start.localeCompare(b.start) || a.channel.localeCompare(b.channel));
}

/** A channel's readings, checked; a start given twice keeps the last. */
function readingsOf(c: Channel, unit: UsageReading['unit'], local: LocalTimeParameters): UsageReading[] {
  // Dividing by a power of ten rounds once, where multiplying by 10^-n would round twice.
  const scale = (v: number) => (c.exponent < 0 ? v / 10 ** -c.exponent : v * 10 ** c.exponent);
  const byStart = new Map<number, UsageReading>();
  c.blocks
    .flatMap((block) => list(record(block, 'IntervalBlock').IntervalReading))
    .forEach((r, i) => {
      const where = `IntervalReading ${i}`;
      const reading = record(r, where);
      const period = record(reading.timePeriod, `${where}.timePeriod`);
      const seconds = integer(period.duration, `${where}.timePeriod.duration`);
      const start = integer(period.start, `${where}.timePeriod.start`);
      const value = integer(reading.value, `${where}.value`);
      if (seconds <= 0 || seconds > MAX_SECONDS) throw new Malformed(`${where} has a duration of ${seconds} s`);
      if (start < 0 || start >= LATEST_START) throw new Malformed(`${where} starts at an impossible time (${start})`);
      if (value < 0 && c.channel !== 'net') throw new Malformed(`${where} has a negative ${c.channel} value ${value}`);
      byStart.set(start, {
        start: new Date(start * 1000).toISOString(),
        seconds,
        value: scale(value),
        unit,
        channel: c.channel,
        utc_offset: offsetAt(local, start * 1000),
      });
    });
  return [...byStart.values()];
}
