/**
 * The JSON-Logic evaluators: json-logic-engine with our semantics, either compiled (`build`, which
 * generates code with eval: the server and the CLI) or interpreted (`run`, its closure-based optimizer:
 * the browser, whose Content Security Policy has no 'unsafe-eval'), and json-logic-js (the reference
 * semantics, used by the agreement test and the naive bench). One engine, the same rules: only how a
 * rule becomes a function differs.
 */

import { LogicEngine } from 'json-logic-engine';
import jsonLogic from 'json-logic-js';
import { listArguments } from './normalize.ts';
import { CUSTOM_OPERATIONS } from './operations.ts';
import { EAGER_OPERATIONS, SCOPED_OPERATIONS, truthy, type RunningEngine } from './reference-semantics.ts';
import type { Logic } from './walk.ts';

export { truthy };

/** A rule compiled to a function of the facts. */
export type CompiledRule = (facts: object) => unknown;

/**
 * How rules become functions: `compiled` generates code (fastest; needs eval), `interpreted` walks the
 * rule with json-logic-engine's interpreter (no eval: what a page under a strict CSP uses).
 */
export type LogicMode = 'compiled' | 'interpreted';

/** How the interpreter runs. */
export interface CompilerOptions {
  /**
   * false: json-logic-engine's plain interpreter, without the plans `run` keeps per rule. `run` falls back to it
   * for good once it has met 500 rules in a row it had no plan for (a page evaluating every program), so it
   * must answer the same; the agreement tests run it.
   */
  plans?: boolean;
}

/** Turns a rule into a function of the facts. */
export type RuleCompiler = (logic: Logic) => CompiledRule;

/**
 * Creates a compiler with the DSL's custom operations registered; compile each rule once per loaded
 * definition. Both modes give the same answers (engine/logic/interpreted.test.ts).
 */
export function createCompiler(mode: LogicMode = 'compiled', options: CompilerOptions = {}): RuleCompiler {
  const engine = new LogicEngine(undefined, { disableInterpretedOptimization: options.plans === false } as never);
  // json-logic-js's truthiness everywhere the engine tests a value (if, and, or, !, the scoped operations).
  (engine as unknown as { truthy: typeof truthy }).truthy = truthy;
  for (const [name, m] of Object.entries(EAGER_OPERATIONS)) {
    engine.addMethod(
      name,
      {
        lazy: false,
        method: (args: unknown, data: unknown) => m.method(Array.isArray(args) ? args : [args], data),
        compile: m.compile,
      } as never,
      { deterministic: !m.reads_data },
    );
  }
  for (const [name, m] of Object.entries(SCOPED_OPERATIONS)) {
    engine.addMethod(
      name,
      {
        lazy: true,
        method: (args: unknown, data: unknown, _above: unknown, e: RunningEngine) => {
          const list = Array.isArray(args) ? args : [args];
          return m.scoped(e.run(list[0], data), list, data, e);
        },
      } as never,
      { deterministic: false },
    );
  }
  for (const [name, fn] of Object.entries(CUSTOM_OPERATIONS)) {
    engine.addMethod(
      name,
      (args: unknown) => (fn as (...a: unknown[]) => unknown)(...(Array.isArray(args) ? args : [args])),
      {
        deterministic: true,
      },
    );
  }
  if (mode === 'interpreted') {
    return (logic) => {
      if (logic === null || typeof logic !== 'object') return () => logic;
      // `run` keeps the rule's optimized plan (closures, no generated code) keyed by the rule object: listed once.
      const listed = listArguments(logic);
      return (facts) => engine.run(listed, facts);
    };
  }
  return (logic) => {
    if (logic === null || typeof logic !== 'object') return () => logic;
    return engine.build(listArguments(logic)) as CompiledRule;
  };
}

/** Wraps json-logic-js as a "compiler" that interprets on every call: the naive way, for the bench and the agreement
 * test. */
export function createReferenceCompiler(): (logic: Logic) => CompiledRule {
  return (logic) => (facts) => applyReference(logic, facts);
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
