/**
 * Green Button (NAESB ESPI) Atom feed of one meter's readings, as a utility-data provider serves it:
 * an Atom feed whose entries carry a UsagePoint (ServiceCategory kind 0 electricity, 1 gas), a
 * MeterReading, a ReadingType (unit of measure and power-of-ten multiplier) and an IntervalBlock of
 * IntervalReadings (timePeriod start in unix seconds, duration in seconds, integer value).
 * Electric values are whole Wh (uom 72, multiplier 0); gas values are thousandths of a therm (uom 169,
 * multiplier -3), so the reader has to honour the multiplier. All text is escaped.
 */

import type { UtilityMeter } from '../../server/adapters/utility-data.ts';
import type { MonthlyReading } from './usage-data.ts';

const ATOM = 'http://www.w3.org/2005/Atom';
const ESPI = 'http://naesb.org/espi';

/**
 * How each service is encoded: ESPI ServiceCategory kind, commodity, unit of measure, multiplier, and
 * `scale`, the integer values per kWh or therm those make (1,000 Wh per kWh; 1,000 thousandths per therm).
 */
const ENCODING = {
  electric: { kind: 0, commodity: 1, uom: 72, multiplier: 0, scale: 1000, title: 'Electricity' },
  gas: { kind: 1, commodity: 7, uom: 169, multiplier: -3, scale: 1000, title: 'Natural gas' },
} as const;

/** XML text and attribute escaping. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

function entry(id: string, title: string, updated: string, content: string): string {
  return [
    '  <entry>',
    `    <id>${escapeXml(id)}</id>`,
    `    <title>${escapeXml(title)}</title>`,
    `    <published>${updated}</published>`,
    `    <updated>${updated}</updated>`,
    `    <content>${content}</content>`,
    '  </entry>',
  ].join('\n');
}

/** The feed of one meter's readings (kWh or therms), written at `updated`. */
export function espiFeed(meter: UtilityMeter, readings: MonthlyReading[], updated: Date): string {
  const enc = ENCODING[meter.service];
  const at = updated.toISOString();
  const urn = (part: string) => `urn:sim-utility:${part}:${meter.id}`;
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  const first = readings[0];
  const last = readings.at(-1);
  const span = first && last ? seconds(last.start) + last.seconds - seconds(first.start) : 0;
  const intervals = readings.map(
    (r) =>
      `<espi:IntervalReading><espi:timePeriod><espi:duration>${r.seconds}</espi:duration><espi:start>${seconds(r.start)}</espi:start></espi:timePeriod><espi:value>${Math.round(r.value * enc.scale)}</espi:value></espi:IntervalReading>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="${ATOM}" xmlns:espi="${ESPI}">`,
    `  <id>${escapeXml(urn('feed'))}</id>`,
    `  <title>Green Button usage: ${escapeXml(meter.address)}</title>`,
    `  <updated>${at}</updated>`,
    entry(
      urn('usage-point'),
      `${enc.title} meter ${meter.meter_number}`,
      at,
      `<espi:UsagePoint><espi:ServiceCategory><espi:kind>${enc.kind}</espi:kind></espi:ServiceCategory></espi:UsagePoint>`,
    ),
    entry(urn('meter-reading'), 'Monthly bills', at, '<espi:MeterReading/>'),
    entry(
      urn('reading-type'),
      'Monthly consumption',
      at,
      `<espi:ReadingType><espi:accumulationBehaviour>4</espi:accumulationBehaviour><espi:commodity>${enc.commodity}</espi:commodity><espi:flowDirection>1</espi:flowDirection><espi:kind>12</espi:kind><espi:powerOfTenMultiplier>${enc.multiplier}</espi:powerOfTenMultiplier><espi:uom>${enc.uom}</espi:uom></espi:ReadingType>`,
    ),
    entry(
      urn('interval-block'),
      'Bills',
      at,
      `<espi:IntervalBlock><espi:interval><espi:duration>${span}</espi:duration><espi:start>${first ? seconds(first.start) : 0}</espi:start></espi:interval>${intervals.join('')}</espi:IntervalBlock>`,
    ),
    '</feed>',
    '',
  ].join('\n');
}
