/**
 * A Green Button feed's local time (ESPI LocalTimeParameters): the standard offset from UTC (tzOffset, seconds),
 * the daylight saving offset added while DST is in effect (dstOffset) and the two rules saying when it starts and
 * ends each year (dstStartRule, dstEndRule). Pure: the offset of any instant from the parameters alone.
 *
 * A rule is a 32-bit number written as hex (the North American rules are 360E2000 and B40E2000):
 *   bits 28-31 month (1-12), 25-27 operator, 20-24 day of the month (0: none), 17-19 day of the week
 *   (1 Monday .. 7 Sunday, 0: none), 12-16 hour (0-23), 0-11 seconds (0-3599).
 *   Operators: 0 that day of the month; 1 the day of the week on or after that day of the month; 2-6 its first to
 *   fifth occurrence in the month (a fifth the month lacks is its last); 7 its last occurrence.
 *   FFFFFFFF: no DST.
 * The start time is read in standard time and the end time in daylight time, as clocks are changed (2:00 standard
 * time in March, 2:00 daylight time in November in the US).
 */

/** What the feed said, checked. */
export interface LocalTimeParameters {
  tz_offset: number;
  dst_offset: number;
  dst_start_rule: DstRule | null;
  dst_end_rule: DstRule | null;
}

export interface DstRule {
  month: number;
  operator: number;
  day: number;
  weekday: number;
  seconds: number;
}

/** UTC: what a feed without LocalTimeParameters is read in. */
export const UTC: LocalTimeParameters = { tz_offset: 0, dst_offset: 0, dst_start_rule: null, dst_end_rule: null };

/** A rule decoded, or why it cannot be (the message names `where`). */
export function decodeDstRule(hex: string, where: string): DstRule | null | string {
  const text = hex.trim().replace(/^0x/i, '');
  if (!/^[0-9a-f]{1,8}$/i.test(text)) return `${where} ${hex.slice(0, 20)} is not a hex rule`;
  const n = parseInt(text, 16);
  if (n === 0xffffffff) return null;
  const rule = {
    month: Math.floor(n / 2 ** 28) & 0xf,
    operator: (n >>> 25) & 0x7,
    day: (n >>> 20) & 0x1f,
    weekday: (n >>> 17) & 0x7,
    seconds: ((n >>> 12) & 0x1f) * 3600 + (n & 0xfff),
  };
  const hour = (n >>> 12) & 0x1f;
  const bad =
    rule.month < 1 || rule.month > 12
      ? 'month'
      : hour > 23 || (n & 0xfff) > 3599
        ? 'time'
        : (rule.operator <= 1 && rule.day === 0) || rule.day > 31
          ? 'day of the month'
          : rule.operator >= 1 && rule.weekday === 0
            ? 'day of the week'
            : null;
  return bad ? `${where} ${hex} has an impossible ${bad}` : rule;
}

const DAY_MS = 86_400_000;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** ESPI weekday (1 Monday .. 7 Sunday) of a date. */
const weekdayOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;

/** The day of the month a rule falls on in `year`. */
function ruleDay(rule: DstRule, year: number): number {
  const last = daysIn(year, rule.month);
  if (rule.operator === 0) return Math.min(rule.day, last);
  if (rule.operator === 1) {
    const from = Math.min(rule.day, last);
    return from + ((rule.weekday - weekdayOf(year, rule.month, from) + 7) % 7);
  }
  if (rule.operator === 7) return last - ((weekdayOf(year, rule.month, last) - rule.weekday + 7) % 7);
  const first = 1 + ((rule.weekday - weekdayOf(year, rule.month, 1) + 7) % 7);
  const nth = first + 7 * (rule.operator - 2);
  return nth > last ? nth - 7 : nth;
}

/** The UTC instant (ms) a rule names in `year`, its clock time read at `offset` seconds east of UTC. */
function ruleInstant(rule: DstRule, year: number, offset: number): number {
  const midnight = Date.UTC(year, rule.month - 1, 1) + (ruleDay(rule, year) - 1) * DAY_MS;
  return midnight + (rule.seconds - offset) * 1000;
}

/** Seconds east of UTC of the feed's local time at a UTC instant (ms): tzOffset, plus dstOffset during DST. */
export function offsetAt(p: LocalTimeParameters, utcMs: number): number {
  if (!p.dst_offset || !p.dst_start_rule || !p.dst_end_rule) return p.tz_offset;
  const year = new Date(utcMs + p.tz_offset * 1000).getUTCFullYear();
  const start = ruleInstant(p.dst_start_rule, year, p.tz_offset);
  const end = ruleInstant(p.dst_end_rule, year, p.tz_offset + p.dst_offset);
  // Southern hemisphere: DST spans the new year (it starts after it ends within one year).
  const dst = start < end ? utcMs >= start && utcMs < end : utcMs >= start || utcMs < end;
  return p.tz_offset + (dst ? p.dst_offset : 0);
}

/** A local month (YYYY-MM) of a UTC instant at an offset. */
export function localMonth(utcMs: number, offset: number): string {
  return new Date(utcMs + offset * 1000).toISOString().slice(0, 7);
}
