/**
 * The two JSON-Logic evaluators: a compiled one (json-logic-engine's `build`, used at run time)
 * and json-logic-js (the reference semantics, used by the agreement test and the naive bench).
 */

import { LogicEngine } from 'json-logic-engine';
import jsonLogic from 'json-logic-js';
import { CUSTOM_OPERATIONS } from './operations.ts';
import type { Logic } from './walk.ts';

/** A rule compiled to a function of the facts. */
export type CompiledRule = (facts: object) => unknown;

/** Creates a compiler with the DSL's custom operations registered; compile each rule once per loaded definition. */
export function createCompiler(): (logic: Logic) => CompiledRule {
  const engine = new LogicEngine();
  for (const [name, fn] of Object.entries(CUSTOM_OPERATIONS)) {
    engine.addMethod(name, (args: unknown) => (fn as (...a: unknown[]) => unknown)(...(Array.isArray(args) ? args : [args])), {
      deterministic: true,
    });
  }
  return (logic) => {
    if (logic === null || typeof logic !== 'object') return () => logic;
    return engine.build(logic) as CompiledRule;
  };
}

let referenceReady = false;

/** Evaluates a rule with json-logic-js, the reference semantics of our rules. */
export function applyReference(logic: Logic, facts: object): unknown {
  if (!referenceReady) {
    // json-logic-js keeps its operations in the module; registering the same pure functions is idempotent.
    for (const [name, fn] of Object.entries(CUSTOM_OPERATIONS)) {
      jsonLogic.add_operation(name, fn as (...a: unknown[]) => unknown);
    }
    referenceReady = true;
  }
  return jsonLogic.apply(logic as jsonLogic.RulesLogic, facts);
}

/** JSON-Logic truthiness: empty arrays are false, everything else as in JavaScript. */
export function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}
