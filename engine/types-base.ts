/**
 * The types every definition type builds on: where something sits in a definition file, and a rule as it runs.
 * A leaf (it imports no domain type), so types.ts and types-documents.ts both build on it; re-exported by types.ts.
 */

import type { CompiledRule } from './logic/evaluators.ts';
import type { Logic } from './logic/walk.ts';

/** Where something sits in a definition file (1-based line and column). */
export interface SourceRange {
  file: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
}

/** A rule as it runs: its logic compiled once, with what it reads and where it came from. */
export interface RuleBase {
  id: string;
  logic: Logic;
  fn: CompiledRule;
  reads: string[];
  source: SourceRange;
}
