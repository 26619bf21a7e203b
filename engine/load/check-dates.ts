/**
 * Dates written in a program definition: each must exist on the calendar (no 2025-02-30), and a period
 * (`from`/`until`, `<x>_start`/`<x>_end`) must not end before it starts.
 */

type Path = (string | number)[];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** Days in a month of a year (month 1-12). */
function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * What is wrong with a date string, in words, or undefined when it is a real day. Strings that do not look
 * like a date are fine unless `mustBeDate` (an argument of a date operation).
 */
export function dateProblem(text: string, mustBeDate = false): string | undefined {
  const m = ISO_DATE.exec(text);
  if (!m)
    return mustBeDate && !/^\d{4}-\d{2}-\d{2}/.test(text) ? `'${text}' is not a date (write YYYY-MM-DD)` : undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12) return `'${text}' is not a date: there is no month ${m[2]} (months are 01 to 12)`;
  if (d < 1 || d > daysIn(y, mo)) return `'${text}' is not a date: month ${m[2]} of ${y} has ${daysIn(y, mo)} days`;
  return undefined;
}

/** A mistake with a date, at its path in the definition. */
export interface DateFinding {
  code: 'invalid-date' | 'date-order';
  message: string;
  path: Path;
}

/** The key that ends the period a key starts (`from` -> `until`, `install_period_start` -> `install_period_end`), if
 * any. */
function endKeys(key: string): string[] {
  const parts = key.split('_');
  const ends: Record<string, string[]> = { from: ['until', 'to'], start: ['end'], begin: ['end'], first: ['last'] };
  return parts.flatMap((p, i) =>
    (ends[p] ?? []).map((e) => [...parts.slice(0, i), e, ...parts.slice(i + 1)].join('_')),
  );
}

/** Every date of a definition that does not exist, and every period that ends before it starts. */
export function checkDates(value: unknown, base: Path = []): DateFinding[] {
  const out: DateFinding[] = [];
  const visit = (node: unknown, at: Path) => {
    if (typeof node === 'string') {
      const problem = dateProblem(node);
      if (problem) out.push({ code: 'invalid-date', message: problem, path: at });
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((n, i) => visit(n, [...at, i]));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    for (const [k, v] of Object.entries(obj)) {
      visit(v, [...at, k]);
      if (typeof v !== 'string' || !ISO_DATE.test(v) || dateProblem(v)) continue;
      for (const end of endKeys(k)) {
        const e = obj[end];
        if (typeof e !== 'string' || !ISO_DATE.test(e) || dateProblem(e)) continue;
        if (e.slice(0, 10) < v.slice(0, 10))
          out.push({
            code: 'date-order',
            message: `'${end}' (${e}) is before '${k}' (${v}): the period ends before it starts`,
            path: [...at, end],
          });
      }
    }
  };
  visit(value, base);
  return out;
}
