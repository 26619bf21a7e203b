/**
 * The usage profile: known monthly readings give exact baseline, heating, cooling and total figures; and Green
 * Button feeds as utilities send them (local time across DST, partial months, a solar channel, 15-minute
 * intervals, monthly gas bills), read by green-button.ts, give the months and totals computed by hand here.
 */

import { describe, expect, it } from 'vitest';
import type { UsageReading } from '../../adapters/utility-data.ts';
import { deriveUsageProfile } from './profile.ts';
import { readGreenButton } from './green-button.ts';
import { at, every, fixtureFeed, PACIFIC } from './feed-fixtures.ts';

/** Monthly readings of a year from January: `values[i]` in month i + 1. */
function year(yearNumber: number, values: number[], unit: UsageReading['unit'], firstMonth = 1): UsageReading[] {
  return values.map((value, i) => {
    const start = new Date(Date.UTC(yearNumber, firstMonth - 1 + i, 1));
    const end = new Date(Date.UTC(yearNumber, firstMonth + i, 1));
    const seconds = (end.getTime() - start.getTime()) / 1000;
    return { start: start.toISOString(), seconds, value, unit, channel: 'delivered', utc_offset: 0 };
  });
}

const ELECTRIC_2024 = year(2024, [1000, 900, 700, 500, 450, 600, 800, 850, 600, 480, 700, 950], 'kWh');
const GAS_2024 = year(2024, [100, 90, 70, 40, 20, 15, 14, 14.5, 16, 30, 60, 95], 'therm');

describe('deriveUsageProfile', () => {
  it('splits a full year of electric and gas into baseline, heating and cooling', () => {
    expect(
      deriveUsageProfile([
        { service: 'electric', readings: ELECTRIC_2024 },
        { service: 'gas', readings: GAS_2024 },
      ]),
    ).toEqual({
      months_covered: 12,
      electric_months: 12,
      gas_months: 12,
      first_month: '2024-01',
      last_month: '2024-12',
      // Baseline (450 + 480) / 2 = 465 a month; heating Oct-Apr above it; cooling May-Sep above it.
      annual_baseline_kwh: 5580,
      annual_heating_kwh: 1975,
      annual_cooling_kwh: 990,
      annual_total_kwh: 8530,
      // Baseline (14 + 14.5) / 2 = 14.25 therms a month.
      annual_baseline_therms: 171,
      annual_heating_therms: 385.3,
      annual_cooling_therms: 8.5,
      annual_total_therms: 564.5,
      annual_received_kwh: null,
      annual_net_kwh: null,
      partial_months: [],
      partial_month_handling: 'left_out',
    });
  });

  it('gives the same profile for readings out of order, and leaves out months before the 12 ending at the last', () => {
    const shuffled = [...ELECTRIC_2024].reverse();
    shuffled.splice(5, 0, ...year(2023, [5000], 'kWh', 12), ...year(2022, [7000], 'kWh', 6));
    const profile = deriveUsageProfile([
      { service: 'gas', readings: [...GAS_2024].reverse() },
      { service: 'electric', readings: shuffled },
    ]);
    expect(profile).toEqual(
      deriveUsageProfile([
        { service: 'electric', readings: ELECTRIC_2024 },
        { service: 'gas', readings: GAS_2024 },
      ]),
    );
  });

  it('annualises a partial year and gives zeros for a service with no data', () => {
    const profile = deriveUsageProfile([
      { service: 'electric', readings: year(2024, [850, 600, 480, 700, 950], 'kWh', 8) },
      { service: 'gas', readings: [] },
    ]);
    expect(profile).toEqual({
      months_covered: 5,
      electric_months: 5,
      gas_months: 0,
      first_month: '2024-08',
      last_month: '2024-12',
      // Baseline (480 + 600) / 2 = 540; heating (0 + 160 + 410) x 12/5; cooling (310 + 60) x 12/5; total 3580 x 12/5.
      annual_baseline_kwh: 6480,
      annual_heating_kwh: 1368,
      annual_cooling_kwh: 888,
      annual_total_kwh: 8592,
      annual_baseline_therms: 0,
      annual_heating_therms: 0,
      annual_cooling_therms: 0,
      annual_total_therms: 0,
      annual_received_kwh: null,
      annual_net_kwh: null,
      partial_months: [],
      partial_month_handling: 'left_out',
    });
  });

  it('adds meters of one service, counts a reading in the month it starts and counts only months with data', () => {
    const midMonth = { ...year(2024, [40], 'kWh', 3)[0], start: '2024-03-15T00:00:00.000Z', seconds: 31 * 86_400 };
    const profile = deriveUsageProfile([
      { service: 'electric', readings: [...year(2024, [500], 'kWh', 1), ...year(2024, [600], 'kWh', 7)] },
      { service: 'electric', readings: [...year(2024, [100], 'kWh', 1), midMonth] },
    ]);
    // Months: January 600, March 40, July 600: baseline (40 + 600) / 2 = 320.
    expect(profile).toMatchObject({
      months_covered: 3,
      electric_months: 3,
      first_month: '2024-01',
      last_month: '2024-07',
      annual_baseline_kwh: 3840,
    });
    // Heating: January 280 (March is below the baseline); cooling: July 280; each x 12/3.
    expect(profile).toMatchObject({ annual_heating_kwh: 1120, annual_cooling_kwh: 1120, annual_total_kwh: 4960 });
  });

  it("drops a service whose data ended more than 12 months before the other service's last month", () => {
    const profile = deriveUsageProfile([
      { service: 'electric', readings: ELECTRIC_2024 },
      { service: 'gas', readings: year(2023, [80, 70], 'therm', 1) },
    ]);
    expect(profile).toMatchObject({
      months_covered: 12,
      gas_months: 0,
      annual_total_therms: 0,
      annual_baseline_therms: 0,
      annual_total_kwh: 8530,
    });
  });

  it('takes a single month as its own baseline', () => {
    expect(deriveUsageProfile([{ service: 'gas', readings: year(2025, [42.34], 'therm', 7) }])).toMatchObject({
      months_covered: 1,
      gas_months: 1,
      first_month: '2025-07',
      last_month: '2025-07',
      annual_baseline_therms: 508.1,
      annual_heating_therms: 0,
      annual_cooling_therms: 0,
      annual_total_therms: 508.1,
    });
  });

  it('gives an empty profile without readings', () => {
    expect(deriveUsageProfile([])).toEqual({
      months_covered: 0,
      electric_months: 0,
      gas_months: 0,
      first_month: null,
      last_month: null,
      annual_baseline_kwh: 0,
      annual_heating_kwh: 0,
      annual_cooling_kwh: 0,
      annual_total_kwh: 0,
      annual_baseline_therms: 0,
      annual_heating_therms: 0,
      annual_cooling_therms: 0,
      annual_total_therms: 0,
      annual_received_kwh: null,
      annual_net_kwh: null,
      partial_months: [],
      partial_month_handling: 'left_out',
    });
  });

  it('refuses readings in the wrong unit or with no usable start or value', () => {
    expect(() => deriveUsageProfile([{ service: 'gas', readings: year(2024, [10], 'kWh') }])).toThrow(
      'a gas reading in kWh',
    );
    expect(() =>
      deriveUsageProfile([{ service: 'electric', readings: [{ ...year(2024, [1], 'kWh')[0], start: 'soon' }] }]),
    ).toThrow('start soon');
    expect(() =>
      deriveUsageProfile([
        {
          service: 'electric',
          readings: [{ ...year(2024, [1], 'kWh')[0], value: Number.NaN }],
        },
      ]),
    ).toThrow('value NaN');
  });
});

/** The profile of feeds read as the adapter reads them: one series per feed (meter). */
const profileOf = (...feeds: { service: 'electric' | 'gas'; xml: string }[]) =>
  deriveUsageProfile(feeds.map((f) => ({ service: f.service, readings: readGreenButton(f.xml) })));
const HOUR = 3600;
const DAY = 86_400;

describe('Green Button feeds as utilities send them: months and totals by hand', () => {
  it('an hourly feed in Pacific time across both DST changes counts local months: 743 hours in March, 721 in November', () => {
    // 1 kWh every hour (Wh, multiplier 0), from local Feb 1 00:00 PST to Apr 1 00:00 PDT, and all of November.
    const spring = every(HOUR, at('2025-02-01T00:00', -8), at('2025-04-01T00:00', -7), 1000);
    const autumn = every(HOUR, at('2025-11-01T00:00', -7), at('2025-12-01T00:00', -8), 1000);
    expect(spring).toHaveLength(672 + 743);
    const profile = profileOf({
      service: 'electric',
      xml: fixtureFeed({
        kind: 0,
        local: PACIFIC,
        channels: [{ flowDirection: 1, uom: 72, readings: [...spring, ...autumn] }],
      }),
    });
    // By hand: February 28 x 24 = 672 kWh; March 31 x 24 - 1 (clocks forward) = 743; November 30 x 24 + 1 = 721.
    // In UTC months February would have lost its first 8 hours and gained none: 664 (the bug this fixes).
    // Baseline (672 + 721) / 2 = 696.5 a month; heating (0 + 46.5 + 24.5) x 12/3; total 2136 x 12/3.
    expect(profile).toMatchObject({
      months_covered: 3,
      first_month: '2025-02',
      last_month: '2025-11',
      annual_baseline_kwh: 8358,
      annual_heating_kwh: 284,
      annual_cooling_kwh: 0,
      annual_total_kwh: 8544,
      partial_months: [],
    });
  });

  it('a 15-minute feed across the March change, starting and ending mid-month: the partial months are left out and named', () => {
    // 250 Wh every 15 minutes from local Feb 20 00:00 PST to Apr 10 00:00 PDT.
    const readings = every(900, at('2025-02-20T00:00', -8), at('2025-04-10T00:00', -7), 250);
    const profile = profileOf({
      service: 'electric',
      xml: fixtureFeed({ kind: 0, local: PACIFIC, channels: [{ uom: 72, readings }], perBlock: 96 }),
    });
    // By hand: March is the only whole month: 743 hours x 4 x 0.25 kWh = 743 kWh; February holds 9 days from the
    // 20th, April 9 days to the 10th; both are left out. One month: baseline = total = 743 x 12.
    expect(profile).toMatchObject({
      months_covered: 1,
      electric_months: 1,
      first_month: '2025-03',
      last_month: '2025-03',
      annual_baseline_kwh: 8916,
      annual_total_kwh: 8916,
      partial_month_handling: 'left_out',
      partial_months: [
        { service: 'electric', month: '2025-02', days_covered: 9, days: 28 },
        { service: 'electric', month: '2025-04', days_covered: 9, days: 30 },
      ],
    });
  });

  it('a month still in progress is left out, so the profile does not depend on the day it is collected', () => {
    const upTo = (day: string) =>
      profileOf({
        service: 'electric',
        xml: fixtureFeed({
          kind: 0,
          local: PACIFIC,
          channels: [{ uom: 72, readings: every(DAY, at('2025-01-01T00:00', -8), at(day, -7), 20_000) }],
        }),
      });
    // Daily 20 kWh: January 620, February 560, March 620 (whole months; March 31 days of 23 or 24 hours: 30 x 24 + 23).
    // Collected on May 3 or May 28: May is partial either way and left out; April 600 counts.
    for (const day of ['2025-05-03T00:00', '2025-05-28T00:00']) {
      const p = upTo(day);
      expect(p).toMatchObject({
        months_covered: 4,
        last_month: '2025-04',
        annual_total_kwh: (620 + 560 + 620 + 600) * 3,
      });
      expect(p.partial_months.map((m) => m.month)).toEqual(['2025-05']);
    }
  });

  it('a solar customer: delivered is the usage; received and net are summed for ops; an unused reading type is ignored', () => {
    // Daily, kWh written as Wh x 1000 (multiplier 3), Pacific time, January and February 2025; entries out of order.
    const days = (value: number) => every(DAY, at('2025-01-01T00:00', -8), at('2025-03-01T00:00', -8), value);
    const profile = profileOf({
      service: 'electric',
      xml: fixtureFeed({
        kind: 0,
        local: PACIFIC,
        shuffle: true,
        channels: [
          { flowDirection: 19, uom: 72, powerOfTenMultiplier: 3, accumulationBehaviour: 4, readings: days(5) },
          { flowDirection: 1, uom: 72, powerOfTenMultiplier: 3, accumulationBehaviour: 4, readings: days(20) },
          { flowDirection: 4, uom: 72, powerOfTenMultiplier: 3, readings: days(15) },
          // Demand in W: not energy, ignored.
          { flowDirection: 1, uom: 38, readings: days(9999) },
          // A register read (bulk quantity): not interval usage, ignored.
          { flowDirection: 1, uom: 72, accumulationBehaviour: 1, readings: days(123_456) },
        ],
      }),
    });
    // By hand: delivered January 31 x 20 = 620, February 28 x 20 = 560; received 155 and 140; net 465 and 420.
    // Baseline (560 + 620) / 2 x 12 = 7080; heating (60 / 2 = 30 above it in January) x 12/2; total 1180 x 6.
    expect(profile).toMatchObject({
      months_covered: 2,
      annual_baseline_kwh: 7080,
      annual_heating_kwh: 180,
      annual_total_kwh: 7080,
      annual_received_kwh: (155 + 140) * 6,
      annual_net_kwh: (465 + 420) * 6,
      partial_months: [],
    });
  });

  it('a monthly gas bill in therms x 10^-5: each bill counts in the local month it starts, none partial', () => {
    // Bills read on the 14th at local midnight (Pacific).
    const bill = (from: string, to: string, value: number): [number, number, number] => [
      at(from, -8),
      at(to, -8) - at(from, -8),
      value,
    ];
    const profile = profileOf({
      service: 'gas',
      xml: fixtureFeed({
        kind: 1,
        local: PACIFIC,
        channels: [
          {
            flowDirection: 1,
            uom: 169,
            powerOfTenMultiplier: -5,
            readings: [
              bill('2024-12-14T00:00', '2025-01-14T00:00', 8_512_345),
              bill('2025-01-14T00:00', '2025-02-13T00:00', 7_050_000),
              bill('2025-02-13T00:00', '2025-03-14T00:00', 6_025_000),
            ],
          },
        ],
      }),
    });
    // By hand: December 85.12345, January 70.5, February 60.25 therms. Baseline (60.25 + 70.5) / 2 = 65.375 a month
    // (x 12 = 784.5); heating (19.74845 + 5.125 + 0) x 12/3 = 99.4938; total 215.87345 x 4 = 863.4938.
    expect(profile).toMatchObject({
      gas_months: 3,
      first_month: '2024-12',
      last_month: '2025-02',
      annual_baseline_therms: 784.5,
      annual_heating_therms: 99.5,
      annual_cooling_therms: 0,
      annual_total_therms: 863.5,
      partial_months: [],
    });
  });

  it('a partial month of one meter is left out of its whole service; the other service keeps it', () => {
    const daily = (from: string, to: string, value: number) => every(DAY, at(from, 0), at(to, 0), value);
    const profile = deriveUsageProfile([
      {
        service: 'electric',
        readings: readGreenButton(
          fixtureFeed({
            kind: 0,
            channels: [{ uom: 72, readings: daily('2025-01-01T00:00', '2025-03-01T00:00', 10_000) }],
          }),
        ),
      },
      {
        service: 'electric',
        readings: readGreenButton(
          fixtureFeed({
            kind: 0,
            channels: [{ uom: 72, readings: daily('2025-01-11T00:00', '2025-03-01T00:00', 1000) }],
          }),
        ),
      },
      {
        service: 'gas',
        readings: readGreenButton(
          fixtureFeed({
            kind: 1,
            channels: [{ uom: 169, readings: daily('2025-01-01T00:00', '2025-03-01T00:00', 2) }],
          }),
        ),
      },
    ]);
    // Electric January is partial for the second meter (21 of 31 days): only February counts, 280 + 28 kWh.
    expect(profile).toMatchObject({
      electric_months: 1,
      gas_months: 2,
      annual_total_kwh: 308 * 12,
      annual_total_therms: (62 + 56) * 6,
      partial_months: [{ service: 'electric', month: '2025-01', days_covered: 21, days: 31 }],
    });
  });
});
