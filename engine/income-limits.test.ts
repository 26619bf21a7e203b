import { describe, expect, it } from 'vitest';
import {
  areaMedianIncome,
  bandsForSize,
  incomeBandsBySize,
  incomeBandText,
  incomeVerificationService,
} from './income-limits.ts';

const program = {
  constants: {
    income_level_ami_percent: {
      below_ami_80: { to: 80 },
      ami_80_to_ami_150: { from: 80, to: 150 },
      above_ami_150: { from: 150 },
    },
    income_verification: { service: 'Focus on Energy', url: 'https://focusonenergy.com/hear' },
  },
  table_values: { income_limits: { Dane: { '1': 8960000, '4': 12800000, '8': 16900000 } } },
};

describe('income limits by county and household size', () => {
  it('gives each income level its dollar range for the household size', () => {
    const bySize = incomeBandsBySize(program, 'Dane');
    expect(bandsForSize(bySize, 4)).toEqual([
      { level: 'below_ami_80', min_cents: null, max_cents: 10240000 },
      { level: 'ami_80_to_ami_150', min_cents: 10240000, max_cents: 19200000 },
      { level: 'above_ami_150', min_cents: 19200000, max_cents: null },
    ]);
    expect(bandsForSize(bySize, 1)?.map(incomeBandText)).toEqual([
      'Under $71,680 a year',
      '$71,680 to $134,400 a year',
      'More than $134,400 a year',
    ]);
  });

  it('uses the largest household the table gives for a larger one, and nothing for a size that is not a count', () => {
    const bySize = incomeBandsBySize(program, 'Dane');
    expect(bandsForSize(bySize, 12)).toEqual(bandsForSize(bySize, 8));
    for (const size of [0, -1, 2.5, '4', undefined]) expect(bandsForSize(bySize, size)).toBeNull();
  });

  it('has no figures for a county or program without them', () => {
    expect(areaMedianIncome(program, 'Menominee')).toBeNull();
    expect(areaMedianIncome(program, null)).toBeNull();
    expect(incomeBandsBySize({ constants: program.constants, table_values: {} }, 'Dane')).toEqual({});
    expect(bandsForSize({}, 3)).toBeNull();
  });

  it('rounds limits down to whole dollars', () => {
    const odd = { ...program, table_values: { income_limits: { X: { '1': 1234599 } } } };
    expect(bandsForSize(incomeBandsBySize(odd, 'X'), 1)?.[0]).toEqual({
      level: 'below_ami_80',
      min_cents: null,
      max_cents: 987600,
    });
  });

  it('names where to apply from the program constant', () => {
    expect(incomeVerificationService(program)).toEqual({
      service: 'Focus on Energy',
      url: 'https://focusonenergy.com/hear',
    });
    expect(incomeVerificationService({ constants: {} })).toBeNull();
  });
});
