/**
 * The JSON-Logic evaluators: json-logic-engine with our semantics, either compiled (`build`, which
 * generates code with eval: the server and the CLI) or interpreted (`run`, its closure-based optimizer:
 * the browser, whose Content Security Policy has no 'unsafe-eval'), and json-logic-js (the reference
 * semantics, used by the agreement test and the naive bench). One engine, the same rules: only how a
 * rule becomes a function differs.
 */

import { LogicEngine } from 'json-logic-engine';
import jsonLogic from 'json-logic-js';
import { CUSTOM_OPERATIONS } from './operations.ts';
import type { Logic } from './walk.ts';

/** A rule compiled to a function of the facts. */
export type CompiledRule = (facts: object) => unknown;

/** Compile-time builder json-logic-engine passes to a method's `compile`. */
type BuildState = { compile: (strings: TemplateStringsArray, ...values: unknown[]) => string };

/**
 * json-logic-engine coerces operands to numbers (and throws on NaN), where json-logic-js, our
 * reference, uses JavaScript's own operators: `missing == false` is true in one and false in the
 * other, `missing + 1` is 1 in one and NaN in the other. These overrides give the compiled evaluator
 * json-logic-js's exact semantics, inlined where the operation has two arguments.
 */
const REFERENCE_SEMANTICS: Record<
  string,
  { method: (args: unknown[]) => unknown; compile: (data: unknown, b: BuildState) => string | false }
> = {
  '==': {
    method: ([a, b]) => a == b,
    compile: (d, b) => (Array.isArray(d) && d.length === 2 ? b.compile`(${d[0]} == ${d[1]})` : false),
  },
  '!=': {
    method: ([a, b]) => a != b,
    compile: (d, b) => (Array.isArray(d) && d.length === 2 ? b.compile`(${d[0]} != ${d[1]})` : false),
  },
  '===': {
    method: ([a, b]) => a === b,
    compile: (d, b) => (Array.isArray(d) && d.length === 2 ? b.compile`(${d[0]} === ${d[1]})` : false),
  },
  '!==': {
    method: ([a, b]) => a !== b,
    compile: (d, b) => (Array.isArray(d) && d.length === 2 ? b.compile`(${d[0]} !== ${d[1]})` : false),
  },
  '>': {
    method: ([a, b]) => (a as number) > (b as number),
    compile: (d, b) => (Array.isArray(d) && d.length === 2 ? b.compile`(${d[0]} > ${d[1]})` : false),
  },
  '>=': {
    method: ([a, b]) => (a as number) >= (b as number),
    compile: (d, b) => (Array.isArray(d) && d.length === 2 ? b.compile`(${d[0]} >= ${d[1]})` : false),
  },
  '<': {
    method: ([a, b, c]) =>
      c === undefined ? (a as number) < (b as number) : (a as number) < (b as number) && (b as number) < (c as number),
    compile: (d, b) => (Array.isArray(d) && d.length === 2 ? b.compile`(${d[0]} < ${d[1]})` : false),
  },
  '<=': {
    method: ([a, b, c]) =>
      c === undefined
        ? (a as number) <= (b as number)
        : (a as number) <= (b as number) && (b as number) <= (c as number),
    compile: (d, b) => (Array.isArray(d) && d.length === 2 ? b.compile`(${d[0]} <= ${d[1]})` : false),
  },
  in: {
    method: ([a, b]) =>
      !b || typeof (b as { indexOf?: unknown }).indexOf === 'undefined' ? false : (b as unknown[]).indexOf(a) !== -1,
    compile: () => false,
  },
  // Arithmetic as json-logic-js does it: parseFloat for + and *, plain operators otherwise, so a
  // missing operand gives NaN (never a silent 0, never a throw).
  '+': {
    method: (args) => args.reduce((a: unknown, b) => parseFloat(a as string) + parseFloat(b as string), 0),
    compile: (d, b) =>
      Array.isArray(d) && d.length === 2 ? b.compile`(parseFloat(${d[0]}) + parseFloat(${d[1]}))` : false,
  },
  '*': {
    method: (args) =>
      args.length ? args.reduce((a: unknown, b) => parseFloat(a as string) * parseFloat(b as string)) : undefined,
    compile: (d, b) =>
      Array.isArray(d) && d.length === 2 ? b.compile`(parseFloat(${d[0]}) * parseFloat(${d[1]}))` : false,
  },
  '-': {
    method: ([a, b]) => (b === undefined ? -(a as number) : (a as number) - (b as number)),
    compile: (d, b) => (Array.isArray(d) && d.length === 2 ? b.compile`(${d[0]} - ${d[1]})` : false),
  },
  '/': {
    method: ([a, b]) => (a as number) / (b as number),
    compile: (d, b) => (Array.isArray(d) && d.length === 2 ? b.compile`(${d[0]} / ${d[1]})` : false),
  },
  '%': {
    method: ([a, b]) => (a as number) % (b as number),
    compile: (d, b) => (Array.isArray(d) && d.length === 2 ? b.compile`(${d[0]} % ${d[1]})` : false),
  },
  min: { method: (args) => Math.min(...(args as number[])), compile: () => false },
  max: { method: (args) => Math.max(...(args as number[])), compile: () => false },
  cat: { method: (args) => args.join(''), compile: () => false },
  substr: {
    method: ([source, start, end]) => {
      if ((end as number) < 0) {
        const temp = String(source).substr(start as number);
        return temp.substr(0, temp.length + (end as number));
      }
      return String(source).substr(start as number, end as number);
    },
    compile: () => false,
  },
};

/**
 * How rules become functions: `compiled` generates code (fastest; needs eval), `interpreted` walks the
 * rule with json-logic-engine's interpreter (no eval: what a page under a strict CSP uses).
 */
export type LogicMode = 'compiled' | 'interpreted';

/** Turns a rule into a function of the facts. */
export type RuleCompiler = (logic: Logic) => CompiledRule;

/**
 * Creates a compiler with the DSL's custom operations registered; compile each rule once per loaded
 * definition. Both modes give the same answers (engine/logic/interpreted.test.ts).
 */
export function createCompiler(mode: LogicMode = 'compiled'): RuleCompiler {
  const engine = new LogicEngine();
  for (const [name, m] of Object.entries(REFERENCE_SEMANTICS)) {
    engine.addMethod(
      name,
      {
        lazy: false,
        method: (args: unknown) => m.method(Array.isArray(args) ? args : [args]),
        compile: m.compile,
      } as never,
      { deterministic: true },
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
      // `run` keeps the rule's optimized plan (closures, no generated code) keyed by the rule object.
      return (facts) => engine.run(logic, facts);
    };
  }
  return (logic) => {
    if (logic === null || typeof logic !== 'object') return () => logic;
    return engine.build(logic) as CompiledRule;
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

/** JSON-Logic truthiness: empty arrays are false, everything else as in JavaScript. */
export function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}
