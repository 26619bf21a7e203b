/**
 * Income limits in dollars: each income level's range for a county and household size, from the
 * program's `tables.income_limits` (area median income by county and household size, in cents) and the
 * shared `constants.income_level_ami_percent` (each level's range in percent of it). The income estimate
 * shows them ("Under $61,100 a year") and the homeowner's guidance says where to apply (program
 * constant `income_verification`). All of it is data: a program without the table shows percentages only.
 */

import { formatCents } from './explain.ts';
import type { Program } from './types.ts';

/** One income level's range a year, in cents; null: unbounded on that side. */
export interface IncomeBand {
  level: string;
  min_cents: number | null;
  max_cents: number | null;
}

/** Where the homeowner applies to verify income (program constant `income_verification`). */
export interface IncomeVerificationService {
  service: string;
  url: string;
}

type Range = { from?: number; to?: number };

const percentOf = (cents: number, percent: number | undefined) =>
  percent === undefined ? null : Math.floor((cents * percent) / 100 / 100) * 100;

/** The area median income by household size ("1".."8") for the county, or null when the program has no figures for it.
 * */
export function areaMedianIncome(
  program: Pick<Program, 'table_values'>,
  county: string | null | undefined,
): Record<string, number> | null {
  const table = program.table_values.income_limits as Record<string, Record<string, number>> | undefined;
  return (county && table && Object.hasOwn(table, county) && table[county]) || null;
}

/** Each income level's dollar range for every household size the county's figures give, by size. */
export function incomeBandsBySize(
  program: Pick<Program, 'table_values' | 'constants'>,
  county: string | null | undefined,
): Record<string, IncomeBand[]> {
  const ami = areaMedianIncome(program, county);
  const ranges = (program.constants.income_level_ami_percent ?? {}) as Record<string, Range>;
  if (!ami) return {};
  return Object.fromEntries(
    Object.entries(ami).map(([size, cents]) => [
      size,
      Object.entries(ranges).map(([level, r]) => ({
        level,
        min_cents: percentOf(cents, r.from),
        max_cents: percentOf(cents, r.to),
      })),
    ]),
  );
}

/**
 * The bands for one household size: the size's own figures, the largest size's for a larger household
 * (the tables stop at 8), none for a size that is not a positive whole number.
 */
export function bandsForSize(bySize: Record<string, IncomeBand[]>, size: unknown): IncomeBand[] | null {
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) return null;
  const sizes = Object.keys(bySize).map(Number).filter(Number.isInteger);
  if (!sizes.length) return null;
  return bySize[String(Math.min(size, Math.max(...sizes)))] ?? null;
}

/** The program's income verification service, when it names one. */
export function incomeVerificationService(program: Pick<Program, 'constants'>): IncomeVerificationService | null {
  const s = program.constants.income_verification as Partial<IncomeVerificationService> | undefined;
  return s && typeof s.service === 'string' && typeof s.url === 'string' ? { service: s.service, url: s.url } : null;
}

/** Whole dollars with thousands separators (formatCents without the cents): 7872000 -> "$78,720". */
export function dollars(cents: number): string {
  return `$${formatCents(Math.floor(cents / 100) * 100).slice(0, -3)}`;
}

/** A band in words: "Under $78,720 a year", "$78,720 to $147,600 a year", "More than $147,600 a year". */
export function incomeBandText(band: IncomeBand): string {
  if (band.min_cents === null && band.max_cents !== null) return `Under ${dollars(band.max_cents)} a year`;
  if (band.min_cents !== null && band.max_cents === null) return `More than ${dollars(band.min_cents)} a year`;
  if (band.min_cents !== null && band.max_cents !== null)
    return `${dollars(band.min_cents)} to ${dollars(band.max_cents)} a year`;
  return 'Any income';
}

/**
 * The homeowner's income verification guidance, in one voice with the verification forms: with
 * Eligibility+Support the homeowner applies with the program's service (named and linked from the
 * program's data) and uploads the approval certificate it sends; nothing else is uploaded.
 */
export function incomeGuidance(program: Pick<Program, 'constants'>) {
  const apply = incomeVerificationService(program);
  const service = apply?.service ?? "the program's income verification service";
  return {
    types: [
      {
        value: 'proof_of_income_upload',
        label: 'Eligibility+Support',
        help: `Apply with ${service}. They check your income and send you a program approval certificate; upload that certificate here.`,
      },
      {
        value: 'proof_of_income_approval_code',
        label: 'Eligibility Express',
        help: 'You already have an approval code from the program: enter it here.',
      },
    ],
    upload_note: 'Upload only the program approval certificate, not tax documents or pay stubs.',
    timing_note: 'Verification can take up to one week.',
    apply,
  };
}
