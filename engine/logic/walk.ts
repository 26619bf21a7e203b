/** Static analysis of JSON-Logic: which operations a rule uses and which facts it reads. */

import { BUILTIN_OPERATIONS, CUSTOM_OPERATIONS } from './operations.ts';

const KNOWN = new Set<string>([...BUILTIN_OPERATIONS, ...Object.keys(CUSTOM_OPERATIONS)]);
/** Operations whose second argument runs once per element, where `var` reads the element, not the facts. */
export const SCOPED = new Set(['map', 'reduce', 'filter', 'all', 'none', 'some']);

/** A JSON-Logic expression. */
export type Logic = unknown;

/** Whether a node is an operation (an object with one key, the operation's name). */
export function isOperation(node: unknown): node is Record<string, unknown> {
  return node !== null && typeof node === 'object' && !Array.isArray(node) && Object.keys(node).length === 1;
}

/** Every operation name used in a rule, with the JSON path (inside the rule) where it appears. */
export function operationsUsed(
  logic: Logic,
  path: (string | number)[] = [],
): { op: string; path: (string | number)[] }[] {
  const out: { op: string; path: (string | number)[] }[] = [];
  const visit = (node: unknown, at: (string | number)[]) => {
    if (Array.isArray(node)) node.forEach((child, i) => visit(child, [...at, i]));
    else if (isOperation(node)) {
      const op = Object.keys(node)[0];
      out.push({ op, path: [...at, op] });
      visit(node[op], [...at, op]);
    }
  };
  visit(logic, path);
  return out;
}

/** Operations in a rule that neither json-logic-js nor our registry knows. */
export function unknownOperations(logic: Logic): { op: string; path: (string | number)[] }[] {
  return operationsUsed(logic).filter((o) => !KNOWN.has(o.op));
}

/** A fact path a rule reads, with the JSON path (inside the rule) of the string that names it. */
export interface FactRead {
  fact: string;
  path: (string | number)[];
}

/**
 * Every static `var` (and `missing` / `missing_some`) path of a rule with where it is written, outside
 * map/filter/... scopes, where `var` reads the current element. Dynamic paths are skipped.
 */
export function factsReadAt(logic: Logic, path: (string | number)[] = []): FactRead[] {
  const found: FactRead[] = [];
  const visit = (node: unknown, at: (string | number)[]) => {
    if (Array.isArray(node)) node.forEach((child, i) => visit(child, [...at, i]));
    else if (isOperation(node)) {
      const op = Object.keys(node)[0];
      const args = node[op];
      const here = [...at, op];
      if (op === 'var') {
        const first = Array.isArray(args) ? args[0] : args;
        if (typeof first === 'string' && first !== '')
          found.push({ fact: first, path: Array.isArray(args) ? [...here, 0] : here });
        if (Array.isArray(args)) args.slice(1).forEach((a, i) => visit(a, [...here, i + 1]));
        return;
      }
      if (op === 'missing' || op === 'missing_some') {
        const list = op === 'missing' ? args : Array.isArray(args) ? args[1] : undefined;
        const base = op === 'missing' ? here : [...here, 1];
        if (Array.isArray(list))
          list.forEach((p, i) => typeof p === 'string' && found.push({ fact: p, path: [...base, i] }));
        else if (typeof list === 'string') found.push({ fact: list, path: base });
        return;
      }
      if (SCOPED.has(op) && Array.isArray(args)) {
        visit(args[0], [...here, 0]);
        args.slice(2).forEach((a, i) => visit(a, [...here, i + 2]));
        return;
      }
      visit(args, here);
    }
  };
  visit(logic, path);
  return found;
}

/** The fact paths a rule reads (each once), as `factsReadAt` finds them. */
export function factsRead(logic: Logic): string[] {
  return [...new Set(factsReadAt(logic).map((f) => f.fact))];
}

/** Rewrites every static var path with `map` (used to bind `$task` in shared rules). */
export function mapVarPaths(logic: Logic, map: (path: string) => string): Logic {
  if (Array.isArray(logic)) return logic.map((l) => mapVarPaths(l, map));
  if (isOperation(logic)) {
    const op = Object.keys(logic)[0];
    const args = logic[op];
    if (op === 'var') {
      if (typeof args === 'string') return { var: map(args) };
      if (Array.isArray(args) && typeof args[0] === 'string')
        return { var: [map(args[0]), ...args.slice(1).map((a) => mapVarPaths(a, map))] };
    }
    if (op === 'missing' && Array.isArray(args))
      return { [op]: args.map((a) => (typeof a === 'string' ? map(a) : mapVarPaths(a, map))) };
    return { [op]: mapVarPaths(args, map) };
  }
  return logic;
}
