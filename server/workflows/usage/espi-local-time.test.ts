/** ESPI LocalTimeParameters: DST rules decoded and the offset at each side of both changes, north and south. */

import { describe, expect, it } from 'vitest';
import { decodeDstRule, offsetAt, type LocalTimeParameters } from './espi-local-time.ts';

const rule = (hex: string) => {
  const r = decodeDstRule(hex, 'rule');
  if (typeof r === 'string' || r === null) throw new Error(String(r));
  return r;
};
const zone = (tz: number, start: string, end: string): LocalTimeParameters => ({
  tz_offset: tz,
  dst_offset: 3600,
  dst_start_rule: rule(start),
  dst_end_rule: rule(end),
});
const ms = (iso: string) => Date.parse(iso);

describe('ESPI local time', () => {
  it('decodes the North American rules: the second Sunday of March and the first of November at 2:00', () => {
    expect(rule('360E2000')).toEqual({ month: 3, operator: 3, day: 0, weekday: 7, seconds: 7200 });
    expect(rule('0xB40E2000')).toEqual({ month: 11, operator: 2, day: 0, weekday: 7, seconds: 7200 });
    expect(decodeDstRule('FFFFFFFF', 'rule')).toBeNull();
    expect(decodeDstRule('0E2000', 'rule')).toBe('rule 0E2000 has an impossible month');
    expect(decodeDstRule('30018000', 'rule')).toBe('rule 30018000 has an impossible time');
    expect(decodeDstRule('30000000', 'rule')).toBe('rule 30000000 has an impossible day of the month');
    expect(decodeDstRule('36002000', 'rule')).toBe('rule 36002000 has an impossible day of the week');
    expect(decodeDstRule('tomorrow', 'rule')).toBe('rule tomorrow is not a hex rule');
  });

  it('Pacific time: 2:00 PST on 9 March 2025 becomes 3:00 PDT; 2:00 PDT on 2 November 2025 becomes 1:00 PST', () => {
    const pacific = zone(-28_800, '360E2000', 'B40E2000');
    expect(offsetAt(pacific, ms('2025-03-09T09:59:59Z'))).toBe(-28_800);
    expect(offsetAt(pacific, ms('2025-03-09T10:00:00Z'))).toBe(-25_200);
    expect(offsetAt(pacific, ms('2025-11-02T08:59:59Z'))).toBe(-25_200);
    expect(offsetAt(pacific, ms('2025-11-02T09:00:00Z'))).toBe(-28_800);
    // 2026: November 1 is itself the first Sunday.
    expect(offsetAt(pacific, ms('2026-11-01T08:59:59Z'))).toBe(-25_200);
    expect(offsetAt(pacific, ms('2026-11-01T09:00:00Z'))).toBe(-28_800);
  });

  it('Sydney: DST across the new year, from the first Sunday of October at 2:00 to the first of April at 3:00', () => {
    // October (A), first occurrence (2), Sunday, 2:00: A40E2000; April, first, Sunday, 3:00: 440E3000.
    const sydney = zone(36_000, 'A40E2000', '440E3000');
    expect(offsetAt(sydney, ms('2025-01-15T00:00:00Z'))).toBe(39_600);
    expect(offsetAt(sydney, ms('2025-04-05T15:59:59Z'))).toBe(39_600);
    expect(offsetAt(sydney, ms('2025-04-05T16:00:00Z'))).toBe(36_000);
    expect(offsetAt(sydney, ms('2025-10-04T15:59:59Z'))).toBe(36_000);
    expect(offsetAt(sydney, ms('2025-10-04T16:00:00Z'))).toBe(39_600);
  });

  it('the other operators: a day of the month, a weekday on or after one, the last weekday', () => {
    // 31 March at 1:00 (operator 0); the Friday on or after 25 March at 0:00 (1); the last Sunday of October (7).
    const fixed = rule((3 * 2 ** 28 + (31 << 20) + (1 << 12)).toString(16));
    expect(fixed).toMatchObject({ operator: 0, day: 31, seconds: 3600 });
    const onOrAfter = zone(0, (3 * 2 ** 28 + (1 << 25) + (25 << 20) + (5 << 17)).toString(16), 'AE0E1000');
    // 2025-03-28 is the Friday on or after the 25th; the last Sunday of October 2025 is the 26th, at 1:00 (DST).
    expect(offsetAt(onOrAfter, ms('2025-03-27T23:59:59Z'))).toBe(0);
    expect(offsetAt(onOrAfter, ms('2025-03-28T00:00:00Z'))).toBe(3600);
    expect(offsetAt(onOrAfter, ms('2025-10-25T23:59:59Z'))).toBe(3600);
    expect(offsetAt(onOrAfter, ms('2025-10-26T00:00:00Z'))).toBe(0);
  });
});
