/**
 * The custom JSON-Logic operations of the DSL, registered in one place for both evaluators
 * (the compiled one and json-logic-js, the reference semantics). Each operation is a pure
 * function of its already-evaluated arguments.
 */

const MS_PER_DAY = 86_400_000;
const EARTH_RADIUS_MILES = 3958.7613;

const digit = (s: string, i: number) => {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
};

/**
 * Days since 1970-01-01 of a plain `YYYY-MM-DD` whose day exists in every month (1-28), by the civil
 * calendar arithmetic of H. Hinnant's days_from_civil; null for anything else, which Date.parse decides.
 * Rules compare dates on every evaluation, and Date.parse is the slowest step of such a rule.
 */
function fastDayNumber(s: string): number | null {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return null;
  const y0 = digit(s, 0),
    y1 = digit(s, 1),
    y2 = digit(s, 2),
    y3 = digit(s, 3);
  const m0 = digit(s, 5),
    m1 = digit(s, 6),
    d0 = digit(s, 8),
    d1 = digit(s, 9);
  if ((y0 | y1 | y2 | y3 | m0 | m1 | d0 | d1) < 0) return null;
  let y = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const m = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  if (m < 1 || m > 12 || day < 1 || day > 28) return null;
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function toDayNumber(value: unknown): number | null {
  if (typeof value !== 'string' || value.length < 10) return null;
  const fast = fastDayNumber(value);
  if (fast !== null) return fast;
  const ms = Date.parse(value.slice(0, 10) + 'T00:00:00Z');
  return Number.isNaN(ms) ? null : Math.round(ms / MS_PER_DAY);
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** Whole days from the first ISO date to the second (negative when the second is earlier); null if either is missing.
 * */
function days_between(from: unknown, to: unknown): number | null {
  const a = toDayNumber(from);
  const b = toDayNumber(to);
  return a === null || b === null ? null : b - a;
}

/** Whole months from the first ISO date to the second (calendar months, day-of-month aware); null if either is missing.
 * */
function months_between(from: unknown, to: unknown): number | null {
  if (typeof from !== 'string' || typeof to !== 'string' || toDayNumber(from) === null || toDayNumber(to) === null)
    return null;
  const [fy, fm, fd] = from.slice(0, 10).split('-').map(Number);
  const [ty, tm, td] = to.slice(0, 10).split('-').map(Number);
  let months = (ty - fy) * 12 + (tm - fm);
  if (td < fd) months -= 1;
  return months;
}

/** Dollars (number) to integer cents, rounded half away from zero; null if not a number. */
function cents(dollars: unknown): number | null {
  const n = toNumber(dollars);
  if (n === null) return null;
  return Math.sign(n) * Math.round(Math.abs(n) * 100);
}

/** `percent` % of an amount in cents, rounded down to whole cents (a cap never rounds up). */
function percent_of(amountCents: unknown, percent: unknown): number | null {
  const a = toNumber(amountCents);
  const p = toNumber(percent);
  if (a === null || p === null) return null;
  // Scale to integers first so 0.75 * 900001 does not drift below its floor.
  return Math.floor(Math.round(a * p * 1000) / 100_000);
}

/** Distance in miles between two lat/lon points (haversine); null if any coordinate is missing. */
function miles_between(lat1: unknown, lon1: unknown, lat2: unknown, lon2: unknown): number | null {
  const a = toNumber(lat1);
  const b = toNumber(lon1);
  const c = toNumber(lat2);
  const d = toNumber(lon2);
  if (a === null || b === null || c === null || d === null) return null;
  const rad = Math.PI / 180;
  const h =
    Math.sin(((c - a) * rad) / 2) ** 2 + Math.cos(a * rad) * Math.cos(c * rad) * Math.sin(((d - b) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Value of a lookup table at the given keys, one key per nesting level; null when any key is absent. */
function lookup(table: unknown, ...keys: unknown[]): unknown {
  let node: unknown = table;
  for (const key of keys) {
    if (node === null || typeof node !== 'object' || (typeof key !== 'string' && typeof key !== 'number')) return null;
    node = (node as Record<string, unknown>)[String(key)];
    if (node === undefined) return null;
  }
  return node ?? null;
}

/** True when any element of `list` is in `allowed`. */
function any_in(list: unknown, allowed: unknown): boolean {
  return Array.isArray(list) && Array.isArray(allowed) && list.some((v) => allowed.includes(v));
}

/** True when `list` is non-empty and every element is in `allowed`. */
function all_in(list: unknown, allowed: unknown): boolean {
  return Array.isArray(list) && Array.isArray(allowed) && list.length > 0 && list.every((v) => allowed.includes(v));
}

/** Number of elements of a list (0 when not a list). */
function count(list: unknown): number {
  return Array.isArray(list) ? list.length : 0;
}

/** The custom operations by name; both evaluators register exactly these. */
export const CUSTOM_OPERATIONS = {
  days_between,
  months_between,
  cents,
  percent_of,
  miles_between,
  lookup,
  any_in,
  all_in,
  count,
} as const satisfies Record<string, (...args: never[]) => unknown>;

/** Name of a custom operation. */
export type CustomOperationName = keyof typeof CUSTOM_OPERATIONS;

/** One-line documentation of each custom operation, for the CLI and the program explorer. */
export const CUSTOM_OPERATION_DOCS: Record<CustomOperationName, string> = {
  days_between: 'days_between(from, to): whole days between two ISO dates',
  months_between: 'months_between(from, to): whole calendar months between two ISO dates',
  cents: 'cents(dollars): dollars to integer cents',
  percent_of: 'percent_of(cents, percent): percentage of an amount, rounded down to whole cents',
  miles_between: 'miles_between(lat1, lon1, lat2, lon2): great-circle distance in miles',
  lookup: 'lookup(table, key1, key2, ...): value of a lookup table',
  any_in: 'any_in(list, allowed): some element of list is in allowed',
  all_in: 'all_in(list, allowed): every element of a non-empty list is in allowed',
  count: 'count(list): number of elements',
};

/** The operations json-logic-js provides (the reference semantics); anything else must be custom. */
export const BUILTIN_OPERATIONS = [
  '==',
  '===',
  '!=',
  '!==',
  '>',
  '>=',
  '<',
  '<=',
  '!!',
  '!',
  '%',
  'log',
  'in',
  'cat',
  'substr',
  '+',
  '*',
  '-',
  '/',
  'min',
  'max',
  'merge',
  'var',
  'missing',
  'missing_some',
  'method',
  'if',
  '?:',
  'and',
  'or',
  'map',
  'reduce',
  'filter',
  'all',
  'none',
  'some',
] as const;

/** Name of an operation json-logic-js provides. */
export type BuiltinOperationName = (typeof BUILTIN_OPERATIONS)[number];

/**
 * How many arguments each operation takes: [minimum, maximum] (maximum null: any number). A rule that gives
 * another count is refused by `rebate validate` (`logic-arity`): `{"==": [x]}` compares x with nothing.
 * Written beside the operations so that a new operation cannot be added without its arity (the type requires it).
 */
export const OPERATION_ARITY: Record<BuiltinOperationName | CustomOperationName, readonly [number, number | null]> = {
  '==': [2, 2],
  '===': [2, 2],
  '!=': [2, 2],
  '!==': [2, 2],
  '>': [2, 2],
  '>=': [2, 2],
  '<': [2, 3],
  '<=': [2, 3],
  '!!': [1, 1],
  '!': [1, 1],
  '%': [2, 2],
  log: [1, 1],
  in: [2, 2],
  cat: [1, null],
  substr: [2, 3],
  '+': [1, null],
  '*': [1, null],
  '-': [1, 2],
  '/': [2, 2],
  min: [1, null],
  max: [1, null],
  merge: [1, null],
  var: [0, 2],
  missing: [1, null],
  missing_some: [2, 2],
  method: [2, 3],
  if: [2, null],
  '?:': [3, 3],
  and: [1, null],
  or: [1, null],
  map: [2, 2],
  reduce: [2, 3],
  filter: [2, 2],
  all: [2, 2],
  none: [2, 2],
  some: [2, 2],
  days_between: [2, 2],
  months_between: [2, 2],
  cents: [1, 1],
  percent_of: [2, 2],
  miles_between: [4, 4],
  lookup: [2, null],
  any_in: [2, 2],
  all_in: [2, 2],
  count: [1, 1],
};
