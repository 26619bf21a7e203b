/**
 * Test feeds: Green Button ESPI Atom feeds written the way utilities write them (a UsagePoint linking its
 * MeterReadings and LocalTimeParameters, each MeterReading linking its ReadingType and IntervalBlocks by href),
 * for the tests of the reader (green-button.ts), the adapter and the profile. Only tests import this.
 */

/** A channel: its ReadingType's fields and its readings [start (unix s), duration (s), value]. */
export interface FixtureChannel {
  flowDirection?: number;
  uom: number;
  powerOfTenMultiplier?: number;
  accumulationBehaviour?: number;
  readings: [number, number, number | string][];
}

/** Los Angeles as ESPI writes it: UTC-8, DST +1 h from the second Sunday of March to the first of November. */
export const PACIFIC = { tzOffset: -28_800, dstOffset: 3600, dstStartRule: '360E2000', dstEndRule: 'B40E2000' };

/** Unix seconds of a local wall-clock time at a fixed offset (hours east of UTC). */
export const at = (iso: string, offsetHours: number) => Date.parse(`${iso}Z`) / 1000 - offsetHours * 3600;

/** Readings of `seconds` each from `from` (unix s) up to `to`, each `value`. */
export function every(seconds: number, from: number, to: number, value: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let t = from; t < to; t += seconds) out.push([t, seconds, value]);
  return out;
}

/** A feed: `kind` 0 electricity, 1 gas; channels in order; `shuffle` writes blocks before the rest. */
export function fixtureFeed(o: {
  kind: number;
  channels: FixtureChannel[];
  local?: typeof PACIFIC;
  shuffle?: boolean;
  /** Readings per IntervalBlock (ESPI feeds split them, often by day or month). */
  perBlock?: number;
}): string {
  const base = 'https://utility.test/espi/1_1/resource';
  const up = `${base}/Subscription/7/UsagePoint/1`;
  const entry = (links: [string, string][], content: string) =>
    `<entry>${links.map(([rel, href]) => `<link rel="${rel}" href="${href}"/>`).join('')}<content type="xml">${content}</content></entry>`;
  const head = [
    entry(
      [
        ['self', up],
        ['up', `${base}/Subscription/7/UsagePoint`],
        ['related', `${up}/MeterReading`],
        ...(o.local ? ([['related', `${base}/LocalTimeParameters/1`]] as [string, string][]) : []),
      ],
      `<espi:UsagePoint><espi:ServiceCategory><espi:kind>${o.kind}</espi:kind></espi:ServiceCategory></espi:UsagePoint>`,
    ),
  ];
  if (o.local)
    head.push(
      entry(
        [['self', `${base}/LocalTimeParameters/1`]],
        `<espi:LocalTimeParameters><espi:dstEndRule>${o.local.dstEndRule}</espi:dstEndRule><espi:dstOffset>${o.local.dstOffset}</espi:dstOffset><espi:dstStartRule>${o.local.dstStartRule}</espi:dstStartRule><espi:tzOffset>${o.local.tzOffset}</espi:tzOffset></espi:LocalTimeParameters>`,
      ),
    );
  const blocks: string[] = [];
  o.channels.forEach((c, i) => {
    const mr = `${up}/MeterReading/${i + 1}`;
    const rt = `${base}/ReadingType/${i + 1}`;
    head.push(
      entry(
        [
          ['self', mr],
          ['up', `${up}/MeterReading`],
          ['related', `${mr}/IntervalBlock`],
          ['related', rt],
        ],
        '<espi:MeterReading/>',
      ),
    );
    const fields = [
      c.accumulationBehaviour === undefined
        ? ''
        : `<espi:accumulationBehaviour>${c.accumulationBehaviour}</espi:accumulationBehaviour>`,
      c.flowDirection === undefined ? '' : `<espi:flowDirection>${c.flowDirection}</espi:flowDirection>`,
      c.powerOfTenMultiplier === undefined
        ? ''
        : `<espi:powerOfTenMultiplier>${c.powerOfTenMultiplier}</espi:powerOfTenMultiplier>`,
      `<espi:uom>${c.uom}</espi:uom>`,
    ];
    head.push(
      entry(
        [
          ['self', rt],
          ['up', `${base}/ReadingType`],
        ],
        `<espi:ReadingType>${fields.join('')}</espi:ReadingType>`,
      ),
    );
    const size = o.perBlock ?? 500;
    for (let b = 0; b * size < Math.max(c.readings.length, 1); b++) {
      const readings = c.readings
        .slice(b * size, (b + 1) * size)
        .map(
          ([start, duration, value]) =>
            `<espi:IntervalReading><espi:timePeriod><espi:duration>${duration}</espi:duration><espi:start>${start}</espi:start></espi:timePeriod><espi:value>${value}</espi:value></espi:IntervalReading>`,
        );
      blocks.push(
        entry(
          [
            ['self', `${mr}/IntervalBlock/${b + 1}`],
            ['up', `${mr}/IntervalBlock`],
          ],
          `<espi:IntervalBlock>${readings.join('')}</espi:IntervalBlock>`,
        ),
      );
    }
  });
  const entries = o.shuffle ? [...blocks.reverse(), ...head.reverse()] : [...head, ...blocks];
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:espi="http://naesb.org/espi"><id>urn:uuid:fixture</id><title>Green Button</title>
${entries.join('\n')}
</feed>`;
}
