/** Static analysis of JSON-Logic: which operations a rule uses and which facts it reads. */

import { BUILTIN_OPERATIONS, CUSTOM_OPERATIONS } from './operations.ts';

const KNOWN = new Set<string>([...BUILTIN_OPERATIONS, ...Object.keys(CUSTOM_OPERATIONS)]);
const SCOPED = new Set(['map', 'reduce', 'filter', 'all', 'none', 'some']);

/** A JSON-Logic expression. */
export type Logic = unknown;

function isOperation(node: unknown): node is Record<string, unknown> {
  return node !== null && typeof node === 'object' && !Array.isArray(node) && Object.keys(node).length === 1;
}

/** Every operation name used in a rule, with the JSON path (inside the rule) where it appears. */
export function operationsUsed(logic: Logic, path: (string | number)[] = []): { op: string; path: (string | number)[] }[] {
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

/**
 * The fact paths a rule reads with a static `var` (outside map/filter/... scopes, where `var`
 * reads the current element). Dynamic paths are skipped.
 */
export function factsRead(logic: Logic): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isOperation(node)) {
      const op = Object.keys(node)[0];
      const args = node[op];
      if (op === 'var') {
        const first = Array.isArray(args) ? args[0] : args;
        if (typeof first === 'string' && first !== '') found.add(first);
        if (Array.isArray(args)) args.slice(1).forEach(visit);
        return;
      }
      if (op === 'missing' || op === 'missing_some') {
        const list = op === 'missing' ? args : Array.isArray(args) ? args[1] : undefined;
        (Array.isArray(list) ? list : [list]).forEach((p) => typeof p === 'string' && found.add(p));
        return;
      }
      if (SCOPED.has(op) && Array.isArray(args)) {
        visit(args[0]);
        args.slice(2).forEach(visit);
        return;
      }
      visit(args);
    }
  };
  visit(logic);
  return [...found];
}

/** Rewrites every static var path with `map` (used to bind `$task` in shared rules). */
export function mapVarPaths(logic: Logic, map: (path: string) => string): Logic {
  if (Array.isArray(logic)) return logic.map((l) => mapVarPaths(l, map));
  if (isOperation(logic)) {
    const op = Object.keys(logic)[0];
    const args = logic[op];
    if (op === 'var') {
      if (typeof args === 'string') return { var: map(args) };
      if (Array.isArray(args) && typeof args[0] === 'string') return { var: [map(args[0]), ...args.slice(1).map((a) => mapVarPaths(a, map))] };
    }
    if ((op === 'missing') && Array.isArray(args)) return { [op]: args.map((a) => (typeof a === 'string' ? map(a) : mapVarPaths(a, map))) };
    return { [op]: mapVarPaths(args, map) };
  }
  return logic;
}
