/**
 * What a task form is as it runs (FormRuntime, built by compile-form.ts), as types alone: engine/types.ts names it in
 * TaskForm, and compile-form.ts and field-conditions.ts (which read the job's facts, and so types.ts) build it, so
 * types flow one way: types.ts -> form-runtime.ts <- compile-form.ts.
 */

import type { ValidateFunction } from 'ajv';
import type { CompiledRule } from '../logic/evaluators.ts';
import type { Logic } from '../logic/walk.ts';
import type { PickShown } from './pick.ts';

/** One field's condition, compiled. */
export interface FieldCondition {
  field: string;
  test: CompiledRule;
  logic: Logic;
}

/** A compiled cross-field rule of a form. */
export interface FormRule {
  id: string;
  field?: string;
  applies_if?: CompiledRule;
  valid_if: CompiledRule;
  logic: { applies_if?: Logic; valid_if: Logic };
  message: string;
  severity: 'error' | 'warning';
  reads: string[];
}

/** A conditional group: fields shown only while `if` holds (then) or does not (else). */
export interface Conditional {
  /** Whether the `if` holds for the data: a plain predicate where the schema is simple, ajv otherwise. */
  test: () => (data: unknown) => boolean;
  /** Validators of the `then` and `else` branches alone (run only for the branch that is active). */
  then_validator: (() => ValidateFunction) | null;
  else_validator: (() => ValidateFunction) | null;
  /** Fields the `if` tests (all listed in its `required`). */
  tests: string[];
  then_fields: string[];
  else_fields: string[];
}

/** Everything validateTask needs about a form, prepared once. */
export interface FormRuntime {
  /** Fields that are always shown. */
  base_fields: string[];
  /** Conditionals in evaluation order: one that tests a conditional field comes after the groups that show it. */
  conditionals: Conditional[];
  /** For each field: null when always shown, else the [conditional index, branch] pairs that show it. */
  owners: Map<string, [number, 'then' | 'else'][] | null>;
  /** Every field of the form, in a fixed order (the saved data's keys follow it). */
  field_list: string[];
  /** `owners` as an array aligned with `field_list`, branches as 1 (then) / 2 (else), for the hot path. */
  field_owners: (Int32Array | null)[];
  /**
   * Where an error shows and the form's own message for it (null: the generic message), by the ajv
   * error's place and keyword, filled as errors occur: a pure memo, the only state a form keeps.
   */
  message_cache: Map<string, { path: string; message: string | null }>;
  /** Copies the shown and answered fields (generated once from `field_list` and `field_owners`). */
  pick_shown: PickShown;
  /** For each conditional (in order), the owners of the fields its `if` tests, aligned with `tests`. */
  test_owners: (Int32Array | null)[][];
  /** Top-level fields that can hold an attachment (for geotag warnings). */
  attachment_fields: string[];
  rules: FormRule[];
  /** Fields shown only while a condition over the job holds (form.yaml `shown_if:`). */
  field_conditions: FieldCondition[];
  /** The whole schema, as written (for reference). */
  validator: () => ValidateFunction;
  /** The schema without its conditional groups: with the active branches' validators, it validates the form. */
  base_validator: () => ValidateFunction;
}
