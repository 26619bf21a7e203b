/**
 * json-logic-js's semantics for json-logic-engine's operations. json-logic-engine coerces operands to
 * numbers (and throws on NaN), treats an empty object as false, gives a `var` default for a stored null,
 * counts "" as present in `missing`, runs `all` over a missing list as true and `map` over a string as an
 * error; json-logic-js, our reference, does none of these. Each operation here is json-logic-js's, given
 * its arguments as a list (listArguments, normalize.ts), inlined where it is short and hot.
 */

/** Compile-time builder json-logic-engine passes to a method's `compile`. */
export type BuildState = { compile: (strings: TemplateStringsArray, ...values: unknown[]) => string };

/** The engine as an operation that evaluates its own arguments sees it. */
export interface RunningEngine {
  run(logic: unknown, data?: unknown): unknown;
}

/** An operation given its evaluated arguments (and the data the rule reads). */
export interface EagerOperation {
  method: (args: unknown[], data: unknown) => unknown;
  compile: (args: unknown, b: BuildState) => string | false;
  /** Reads the data: never evaluated ahead, when the rule is compiled. */
  reads_data?: boolean;
}

/** An operation given its arguments unevaluated (it runs the rule it applies to each element itself). */
export interface ScopedOperation {
  scoped: (list: unknown, args: unknown[], data: unknown, engine: RunningEngine) => unknown;
}

/** JSON-Logic truthiness: empty arrays are false, everything else as in JavaScript. */
export function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

/** Code json-logic-engine's compile template inserts as written. */
const compiled = (code: string) => ({ [Symbol.for('json_logic_compiled')]: code });

const two = (d: unknown): d is [unknown, unknown] => Array.isArray(d) && d.length === 2;

/** An operation on two operands, inlined as `(a <op> b)` when it is given two (json-logic-js's plain JavaScript). */
function binary(method: (args: unknown[]) => unknown, op: string): EagerOperation {
  const strings = Object.assign(['(', ` ${op} `, ')'], { raw: ['(', ` ${op} `, ')'] });
  return { method, compile: (d, b) => (two(d) ? b.compile(strings, d[0], d[1]) : false) };
}

/** json-logic-js's `var`: a default stands for a value that is not there, not for a stored null. */
function readVar([path, fallback]: unknown[], data: unknown): unknown {
  const notFound = fallback === undefined ? null : fallback;
  if (path === undefined || path === '' || path === null) return data;
  let node = data;
  for (const part of String(path).split('.')) {
    if (node === null || node === undefined) return notFound;
    node = (node as Record<string, unknown>)[part];
    if (node === undefined) return notFound;
  }
  return node;
}

/** json-logic-js's `missing`: keys given as arguments or as one list; null and "" are missing. */
function missing(args: unknown[], data: unknown): unknown[] {
  const keys = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  return keys.filter((key) => {
    const value = readVar(Array.isArray(key) ? key : [key], data);
    return value === null || value === '';
  });
}

type Num = number;

/** The operations json-logic-engine evaluates its way unless told json-logic-js's. */
export const EAGER_OPERATIONS: Record<string, EagerOperation> = {
  '==': binary(([a, b]) => a == b, '=='),
  '!=': binary(([a, b]) => a != b, '!='),
  '===': binary(([a, b]) => a === b, '==='),
  '!==': binary(([a, b]) => a !== b, '!=='),
  '>': binary(([a, b]) => (a as Num) > (b as Num), '>'),
  '>=': binary(([a, b]) => (a as Num) >= (b as Num), '>='),
  '<': binary(
    ([a, b, c]) => (c === undefined ? (a as Num) < (b as Num) : (a as Num) < (b as Num) && (b as Num) < (c as Num)),
    '<',
  ),
  '<=': binary(
    ([a, b, c]) => (c === undefined ? (a as Num) <= (b as Num) : (a as Num) <= (b as Num) && (b as Num) <= (c as Num)),
    '<=',
  ),
  '-': binary(([a, b]) => (b === undefined ? -(a as Num) : (a as Num) - (b as Num)), '-'),
  '/': binary(([a, b]) => (a as Num) / (b as Num), '/'),
  '%': binary(([a, b]) => (a as Num) % (b as Num), '%'),
  // Arithmetic as json-logic-js does it: parseFloat for + and *, so a missing operand gives NaN (never a silent 0,
  // never a throw); `*` of one argument is that argument as it is, of none an error.
  '+': {
    method: (args) => args.reduce((a: unknown, b) => parseFloat(a as string) + parseFloat(b as string), 0),
    compile: (d, b) => (two(d) ? b.compile`(parseFloat(${d[0]}) + parseFloat(${d[1]}))` : false),
  },
  '*': {
    method: (args) => args.reduce((a: unknown, b) => parseFloat(a as string) * parseFloat(b as string)),
    compile: (d, b) => (two(d) ? b.compile`(parseFloat(${d[0]}) * parseFloat(${d[1]}))` : false),
  },
  '!': {
    method: ([a]) => !truthy(a),
    compile: (d, b) => (Array.isArray(d) && d.length === 1 ? b.compile`(!engine.truthy(${d[0]}))` : false),
  },
  '!!': {
    method: ([a]) => truthy(a),
    compile: (d, b) => (Array.isArray(d) && d.length === 1 ? b.compile`(!!engine.truthy(${d[0]}))` : false),
  },
  in: {
    method: ([a, b]) =>
      !b || typeof (b as { indexOf?: unknown }).indexOf === 'undefined' ? false : (b as unknown[]).indexOf(a) !== -1,
    compile: () => false,
  },
  min: { method: (args) => Math.min(...(args as Num[])), compile: () => false },
  max: { method: (args) => Math.max(...(args as Num[])), compile: () => false },
  cat: { method: (args) => args.join(''), compile: () => false },
  merge: { method: (args) => args.reduce((a: unknown[], b) => a.concat(b), []), compile: () => false },
  substr: {
    method: ([source, start, end]) => {
      if ((end as Num) < 0) {
        const temp = String(source).substr(start as Num);
        return temp.substr(0, temp.length + (end as Num));
      }
      return String(source).substr(start as Num, end as Num);
    },
    compile: () => false,
  },
  var: {
    method: readVar,
    // A static path inlined: optional chaining walks as json-logic-js does (a part below null or a primitive is
    // not there); a default stands for a value not there (undefined), never for a stored null.
    compile: (d, b) => {
      if (!Array.isArray(d) || d.length < 1 || d.length > 2) return false;
      const [path, fallback] = d;
      if (path === null || path === '') return d.length === 1 ? 'context' : false;
      if (typeof path !== 'string' && typeof path !== 'number') return false;
      const parts = String(path)
        .split('.')
        .map((p) => `?.[${JSON.stringify(p)}]`);
      const walk = `context${parts.join('')}`;
      if (d.length === 1) return `(${walk} ?? null)`;
      return b.compile`((prev = ${compiled(walk)}) === undefined ? ${fallback} : prev)`;
    },
    reads_data: true,
  },
  missing: { method: missing, compile: () => false, reads_data: true },
  missing_some: {
    method: ([need, options], data) => {
      const absent = missing(Array.isArray(options) ? options : [options], data);
      return (options as { length: number }).length - absent.length >= (need as Num) ? [] : absent;
    },
    compile: () => false,
    reads_data: true,
  },
};

/** map, filter, reduce, all, some and none as json-logic-js runs them: anything but a list is no elements. */
export const SCOPED_OPERATIONS: Record<string, ScopedOperation> = {
  map: { scoped: (list, [, body], _, e) => (Array.isArray(list) ? list.map((x) => e.run(body, x)) : []) },
  filter: {
    scoped: (list, [, body], _, e) => (Array.isArray(list) ? list.filter((x) => truthy(e.run(body, x))) : []),
  },
  all: {
    scoped: (list, [, body], _, e) =>
      Array.isArray(list) && list.length > 0 && list.every((x) => truthy(e.run(body, x))),
  },
  some: { scoped: (list, [, body], _, e) => Array.isArray(list) && list.some((x) => truthy(e.run(body, x))) },
  none: { scoped: (list, [, body], _, e) => !Array.isArray(list) || !list.some((x) => truthy(e.run(body, x))) },
  reduce: {
    scoped: (list, [, body, start], data, e) => {
      const initial = start === undefined ? null : e.run(start, data);
      if (!Array.isArray(list)) return initial;
      return list.reduce((accumulator, current) => e.run(body, { current, accumulator }), initial);
    },
  },
};
