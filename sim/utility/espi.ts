/**
 * Green Button (NAESB ESPI) Atom feed of one meter's readings, as a utility-data provider serves it: an Atom
 * feed whose entries carry a UsagePoint (ServiceCategory kind 0 electricity, 1 gas), LocalTimeParameters when
 * the readings are in local time, and per channel a MeterReading linking (rel="related") its ReadingType (unit of
 * measure, power-of-ten multiplier, flowDirection 1 delivered, 19 received, 4 net) and the collection of its
 * IntervalBlocks (rel="up"): IntervalReadings with timePeriod start in unix seconds, duration in seconds and an
 * integer value. A feed is written the same way whatever the channel's interval. All text is escaped.
 */

import type { UtilityMeter } from '../../server/adapters/utility-data.ts';
import type { FeedChannel, MonthlyReading } from './usage-data.ts';

const ATOM = 'http://www.w3.org/2005/Atom';
const ESPI = 'http://naesb.org/espi';

/** Each service's ESPI ServiceCategory kind, commodity, and unit of measure with the monthly bills' multiplier. */
const ENCODING = {
  electric: { kind: 0, commodity: 1, uom: 72, multiplier: 0, scale: 1000, title: 'Electricity' },
  gas: { kind: 1, commodity: 7, uom: 169, multiplier: -3, scale: 1000, title: 'Natural gas' },
} as const;

/** America/Los_Angeles as ESPI writes it: UTC-8, +1 h from the second Sunday of March to the first of November. */
export const PACIFIC_TIME = {
  tz_offset: -28_800,
  dst_offset: 3600,
  dst_start_rule: '360E2000',
  dst_end_rule: 'B40E2000',
};

const FLOW_TITLE = { 1: 'Usage delivered', 19: 'Energy received (export)', 4: 'Net usage' } as const;

/** XML text and attribute escaping. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

function entry(
  id: string,
  title: string,
  updated: string,
  links: [rel: string, href: string][],
  content: string,
): string {
  return [
    '  <entry>',
    `    <id>${escapeXml(id)}</id>`,
    ...links.map(([rel, href]) => `    <link rel="${rel}" href="${escapeXml(href)}"/>`),
    `    <title>${escapeXml(title)}</title>`,
    `    <published>${updated}</published>`,
    `    <updated>${updated}</updated>`,
    `    <content>${content}</content>`,
    '  </entry>',
  ].join('\n');
}

/** A meter's monthly bills (kWh or therms) as the one channel of a feed. */
export function monthlyChannel(meter: UtilityMeter, readings: MonthlyReading[]): FeedChannel {
  const enc = ENCODING[meter.service];
  return {
    flow: 1,
    uom: enc.uom,
    multiplier: enc.multiplier,
    readings: readings.map((r) => ({ start: r.start, seconds: r.seconds, units: Math.round(r.value * enc.scale) })),
  };
}

/** The feed of one meter's channels, written at `updated`; `local`: the LocalTimeParameters of its readings. */
export function espiFeed(
  meter: UtilityMeter,
  channels: FeedChannel[],
  updated: Date,
  local?: typeof PACIFIC_TIME,
): string {
  const enc = ENCODING[meter.service];
  const at = updated.toISOString();
  const urn = (part: string) => `urn:sim-utility:${part}:${meter.id}`;
  const base = `https://utility.example/espi/1_1/resource`;
  const point = `${base}/Subscription/${encodeURIComponent(meter.said)}/UsagePoint/${encodeURIComponent(meter.id)}`;
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  const entries = [
    entry(
      urn('usage-point'),
      `${enc.title} meter ${meter.meter_number}`,
      at,
      [
        ['self', point],
        ['related', `${point}/MeterReading`],
        ...(local ? ([['related', `${base}/LocalTimeParameters/1`]] as [string, string][]) : []),
      ],
      `<espi:UsagePoint><espi:ServiceCategory><espi:kind>${enc.kind}</espi:kind></espi:ServiceCategory></espi:UsagePoint>`,
    ),
  ];
  if (local)
    entries.push(
      entry(
        urn('local-time'),
        'Pacific time',
        at,
        [['self', `${base}/LocalTimeParameters/1`]],
        `<espi:LocalTimeParameters><espi:dstEndRule>${local.dst_end_rule}</espi:dstEndRule><espi:dstOffset>${local.dst_offset}</espi:dstOffset><espi:dstStartRule>${local.dst_start_rule}</espi:dstStartRule><espi:tzOffset>${local.tz_offset}</espi:tzOffset></espi:LocalTimeParameters>`,
      ),
    );
  channels.forEach((c, i) => {
    const reading = `${point}/MeterReading/${i + 1}`;
    const type = `${base}/ReadingType/${encodeURIComponent(meter.id)}-${i + 1}`;
    const first = c.readings[0];
    const last = c.readings.at(-1);
    const span = first && last ? seconds(last.start) + last.seconds - seconds(first.start) : 0;
    const intervals = c.readings.map(
      (r) =>
        `<espi:IntervalReading><espi:timePeriod><espi:duration>${r.seconds}</espi:duration><espi:start>${seconds(r.start)}</espi:start></espi:timePeriod><espi:value>${r.units}</espi:value></espi:IntervalReading>`,
    );
    entries.push(
      entry(
        urn(`meter-reading-${i + 1}`),
        FLOW_TITLE[c.flow],
        at,
        [
          ['self', reading],
          ['up', `${point}/MeterReading`],
          ['related', `${reading}/IntervalBlock`],
          ['related', type],
        ],
        '<espi:MeterReading/>',
      ),
      entry(
        urn(`reading-type-${i + 1}`),
        FLOW_TITLE[c.flow],
        at,
        [['self', type]],
        `<espi:ReadingType><espi:accumulationBehaviour>4</espi:accumulationBehaviour><espi:commodity>${enc.commodity}</espi:commodity><espi:flowDirection>${c.flow}</espi:flowDirection><espi:kind>12</espi:kind><espi:powerOfTenMultiplier>${c.multiplier}</espi:powerOfTenMultiplier><espi:uom>${c.uom}</espi:uom></espi:ReadingType>`,
      ),
      entry(
        urn(`interval-block-${i + 1}`),
        'Readings',
        at,
        [
          ['self', `${reading}/IntervalBlock/1`],
          ['up', `${reading}/IntervalBlock`],
        ],
        `<espi:IntervalBlock><espi:interval><espi:duration>${span}</espi:duration><espi:start>${first ? seconds(first.start) : 0}</espi:start></espi:interval>${intervals.join('')}</espi:IntervalBlock>`,
      ),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="${ATOM}" xmlns:espi="${ESPI}">`,
    `  <id>${escapeXml(urn('feed'))}</id>`,
    `  <title>Green Button usage: ${escapeXml(meter.address)}</title>`,
    `  <updated>${at}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
