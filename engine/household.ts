/**
 * The household of a job: the jobs at the same address. An address is normalized once, here, for every caller: the
 * house number, the street (lower case, punctuation dropped, the usual suffixes and directions abbreviated), the unit
 * (apartment, suite, unit or #: a different unit is a different household) and the five-digit postal code. Two sites
 * are one household when their keys are equal; a site without a street address or postal code has none. Also here:
 * which of the household's jobs a limit or exclusion counts, and the refusal it gives a measure line (incentives.ts).
 */

import { formatCents } from './explain.ts';
import type { HouseholdJob, Program } from './types.ts';

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

/** The household's jobs a limit or exclusion counts: those of its programs whose lines of the measures are paid. */
export function householdJobs(household: HouseholdJob[], programs: string[], measures?: string[]): HouseholdJob[] {
  return household.filter(
    (j) =>
      programs.includes(j.program_id) &&
      Object.entries(j.lines).some(([id, cents]) => cents > 0 && (!measures || measures.includes(id))),
  );
}

/** "job ABC123 (WI HEAR) 8,000.00, job DEF456 (WI HEAR) 1,000.00": the other jobs by code (ops' explanations). */
export const namesOf = (jobs: HouseholdJob[], cents?: (j: HouseholdJob) => number) =>
  jobs
    .map((j) => `job ${j.code} (${j.program_name ?? j.program_id})${cents ? ` ${formatCents(cents(j))}` : ''}`)
    .join(', ');

/**
 * A measure line the household's limits or exclusions refuse: another job at the address already has the most
 * lines of it the program pays (max_count), or has it under an excluded program. Everyone reads that it was; ops'
 * explanation names the other jobs.
 */
export function householdRefusal(program: Program, id: string, household: HouseholdJob[]) {
  const inc = program.incentives;
  for (const h of inc.household_limits ?? []) {
    if (h.max_count === undefined || !h.measures?.includes(id)) continue;
    const others = householdJobs(household, h.programs, [id]);
    if (others.length >= h.max_count)
      return {
        message: `${h.label}: ${others.length === 1 ? 'another job' : `${others.length} other jobs`} at this address already ${others.length === 1 ? 'has' : 'have'} this rebate (at most ${h.max_count} per household).`,
        explanation: `${h.label} (${program.id} incentives.household_limits ${h.id}): at most ${h.max_count} per household, used by ${namesOf(others)}`,
      };
  }
  for (const x of inc.exclusions ?? []) {
    if (!x.measures.includes(id)) continue;
    const others = householdJobs(household, x.programs, [id]);
    if (others.length)
      return {
        message: `${x.message} (another job at this address has it).`,
        explanation: `${x.message}: excluded by ${program.id} incentives.exclusions ${x.id}, taken by ${namesOf(others)}`,
      };
  }
  return null;
}
