/** A program's federal reporting (program.yaml `reporting:`, issue 44), as the loader compiles it. */

import type { RuleBase, SourceRange } from './types-base.ts';

/** One field of a report record: where in the record (a contract path), and the rule over the job's facts giving it. */
export interface ReportingField {
  /** The field's path in the record: ['safety_checks', 'gas_leak_detection_test_result']. */
  path: string[];
  rule: RuleBase;
  /** The contract takes dollars here: the rule gives cents, as every amount of the DSL does. */
  dollars: boolean;
}

/** The products a measure reports: from a list answer (one product per item) or from single answers. */
export interface ReportingProducts {
  /** A fact holding a list (each item one product), or absent: one product from the fields' own facts. */
  list?: string;
  /** Product field -> the item's key (with `list`) or a fact path (without). */
  fields: Record<string, string>;
}

/** A measure of the program's incentives that is reported: its upgrade type and what it adds to its records. */
export interface ReportingMeasure {
  upgrade_type: string;
  reservation: ReportingField[];
  redemption: ReportingField[];
  products?: ReportingProducts;
}

export interface ReportingDef {
  /** The federal program the records report under (the tracking tool's `program`: HEAR). */
  program: string;
  /** The state the program reports for (two letters). */
  state: string;
  /** real_time: each record is sent when its moment comes; monthly: records wait for the month's bulk file. */
  mode: 'real_time' | 'monthly';
  reservation: ReportingField[];
  redemption: ReportingField[];
  measures: Record<string, ReportingMeasure>;
  /** What ops read when a field has no value (contract path -> words), instead of the field's name. */
  missing: Record<string, string>;
  source: SourceRange;
}
