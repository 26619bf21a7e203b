/**
 * The household of a job: the jobs at the same address. An address is normalized once, here, for every caller: the
 * house number, the street (lower case, punctuation dropped, the usual suffixes and directions abbreviated), the unit
 * (apartment, suite, unit or #: a different unit is a different household) and the five-digit postal code. Two sites
 * are one household when their keys are equal; a site without a street address or postal code has none.
 */

const WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  boulevard: 'blvd',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  terrace: 'ter',
  parkway: 'pkwy',
  highway: 'hwy',
  circle: 'cir',
  square: 'sq',
  trail: 'trl',
  way: 'way',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
};
const UNIT = /(?:^|\s)(?:apt|apartment|unit|suite|ste|#|no|number|rm|room|fl|floor)\.?\s*#?\s*([a-z0-9-]+)\s*$/;

/** The household key of a site ("12|main st|4b|53202"), or null when the site has no street address or postal code. */
export function householdKey(site: { address?: string | null; zip?: string | null }): string | null {
  const zip = /\d{5}/.exec(site.zip ?? '')?.[0];
  const raw = (site.address ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/#/g, ' # ')
    .replace(/[.,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!zip || !raw) return null;
  const unitMatch = UNIT.exec(raw);
  const unit = unitMatch ? unitMatch[1].replace(/^0+(?=\d)/, '') : '';
  const street = (unitMatch ? raw.slice(0, unitMatch.index) : raw).trim();
  const m = /^(\d+[a-z]?(?:-\d+)?)\s+(.*)$/.exec(street);
  if (!m) return null;
  const name = m[2]
    .split(' ')
    .map((w) => WORDS[w] ?? w)
    .join(' ');
  return `${m[1]}|${name}|${unit}|${zip}`;
}
