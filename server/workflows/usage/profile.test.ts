/** The usage profile: known monthly readings give exact baseline, heating, cooling and total figures. */

import { describe, expect, it } from 'vitest';
import type { UsageReading } from '../../adapters/utility-data.ts';
import { deriveUsageProfile } from './profile.ts';

/** Monthly readings of a year from January: `values[i]` in month i + 1. */
function year(yearNumber: number, values: number[], unit: UsageReading['unit'], firstMonth = 1): UsageReading[] {
  return values.map((value, i) => {
    const start = new Date(Date.UTC(yearNumber, firstMonth - 1 + i, 1));
    const end = new Date(Date.UTC(yearNumber, firstMonth + i, 1));
    return { start: start.toISOString(), seconds: (end.getTime() - start.getTime()) / 1000, value, unit };
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
    });
  });

  it('adds meters of one service, counts a reading in the month it starts and counts only months with data', () => {
    const midMonth = { start: '2024-03-15T00:00:00.000Z', seconds: 31 * 86_400, value: 40, unit: 'kWh' as const };
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
    });
  });

  it('refuses readings in the wrong unit or with no usable start or value', () => {
    expect(() => deriveUsageProfile([{ service: 'gas', readings: year(2024, [10], 'kWh') }])).toThrow(
      'a gas reading in kWh',
    );
    expect(() =>
      deriveUsageProfile([{ service: 'electric', readings: [{ start: 'soon', seconds: 1, value: 1, unit: 'kWh' }] }]),
    ).toThrow('start soon');
    expect(() =>
      deriveUsageProfile([
        {
          service: 'electric',
          readings: [{ start: '2024-01-01T00:00:00Z', seconds: 1, value: Number.NaN, unit: 'kWh' }],
        },
      ]),
    ).toThrow('value NaN');
  });
});
