/** The household's types: limits and exclusions of a program, and the other jobs at a job's address. */

/** A limit over the household's jobs: a cap on some measures' lines, or how many jobs may have a measure's line. */
export interface HouseholdLimitDef {
  id: string;
  label: string;
  cap_cents?: number;
  max_count?: number;
  measures?: string[];
  /** The programs whose jobs count (this program's id when the definition names none). */
  programs: string[];
}

/** The same upgrade at the address under another program: the measure's line is not paid. */
export interface ExclusionDef {
  id: string;
  measures: string[];
  programs: string[];
  message: string;
}

/**
 * Another job at the job's address (the household), as the engine reads it: earlier than the job, not canceled; its
 * rebate lines by measure id (the amounts its last evaluation gave).
 */
export interface HouseholdJob {
  code: string;
  program_id: string;
  program_name?: string;
  lines: Record<string, number>;
}
