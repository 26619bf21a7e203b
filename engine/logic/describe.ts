/**
 * JSON-Logic as readable text for the program explorer: `{ "==": [{ var: "income.income_level" },
 * "above_ami_150"] }` reads "income level is above_ami_150". Facts are named by their last path segment
 * with underscores as spaces, qualified by their task ("provide services: services being installed").
 */

import type { Logic } from './walk.ts';

const CMP: Record<string, string> = {
  '==': 'is',
  '===': 'is',
  '!=': 'is not',
  '!==': 'is not',
  '>': 'is more than',
  '>=': 'is at least',
  '<': 'is less than',
  '<=': 'is at most',
};
const ARITH: Record<string, string> = { '+': '+', '-': '-', '*': '×', '/': '÷', '%': 'mod' };

/** A fact path as words: the task (if any) and the field. */
export function describeVar(path: string): string {
  const parts = path.split('.');
  const words = (s: string) => s.replace(/_/g, ' ');
  if (parts[0] === 'job' || parts[0] === 'derived') return words(parts.slice(1).join(' '));
  if (parts[0] === 'constants' || parts[0] === 'tables')
    return `${parts[0].slice(0, -1)} ${words(parts.slice(1).join('.'))}`;
  if (parts.length === 1) return words(parts[0]);
  return `${words(parts[0])}: ${words(parts.slice(1).join(' '))}`;
}

/**
 * How facts and literal values are named. The default names facts by their path in words and shows
 * values as written; engine/plain-words.ts names them by their form titles and option labels.
 */
export interface LogicNames {
  fact(path: string): string;
  value?(v: string | number | boolean): string;
}

const PATH_NAMES: LogicNames = { fact: describeVar };

function value(v: unknown, names: LogicNames): string {
  if (v === null) return 'nothing';
  if (Array.isArray(v))
    return v.every((x) => typeof x !== 'object' || x === null)
      ? `[${v.map((x) => value(x, names)).join(', ')}]`
      : `[${v.map((x) => describeLogic(x as Logic, names)).join(', ')}]`;
  if (names.value && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) return names.value(v);
  // An operand that is itself logic (a var's default `{ var: ... }`) is described, never "[object Object]".
  if (typeof v === 'object') return describeLogic(v as Logic, names);
  return String(v);
}

/** Readable text of a rule. Unknown shapes fall back to compact JSON. */
export function describeLogic(logic: Logic, names: LogicNames = PATH_NAMES): string {
  if (logic === null || typeof logic !== 'object' || Array.isArray(logic)) return value(logic, names);
  const keys = Object.keys(logic as object);
  if (keys.length !== 1) return JSON.stringify(logic);
  const op = keys[0];
  const raw = (logic as Record<string, unknown>)[op];
  const args = (Array.isArray(raw) ? raw : [raw]) as Logic[];
  const d = (x: Logic) => describeLogic(x, names);
  const wrap = (a: Logic) => wrapped(a, names);
  switch (op) {
    case 'var': {
      const path = Array.isArray(raw) ? String(raw[0]) : String(raw);
      return Array.isArray(raw) && raw.length > 1
        ? `${names.fact(path)} (or ${value(raw[1], names)})`
        : names.fact(path);
    }
    case 'and':
      return args.map((a) => wrap(a)).join(' and ');
    case 'or':
      return args.map((a) => wrap(a)).join(' or ');
    case '!':
      return `not (${d(args[0])})`;
    case '!!':
      return `${d(args[0])} is answered`;
    case 'if':
    case '?:': {
      const out: string[] = [];
      for (let i = 0; i + 1 < args.length; i += 2)
        out.push(`${i === 0 ? 'if' : 'else if'} ${d(args[i])} then ${d(args[i + 1])}`);
      if (args.length % 2 === 1) out.push(`else ${d(args[args.length - 1])}`);
      return out.join(', ');
    }
    case 'in':
      return typeof args[1] === 'object' && args[1] !== null && !Array.isArray(args[1])
        ? `${d(args[1])} includes ${d(args[0])}`
        : `${d(args[0])} is one of ${d(args[1])}`;
    case 'missing':
      return `${args.map(d).join(', ')} missing`;
    case 'min':
    case 'max':
      return `the ${op === 'min' ? 'smaller' : 'larger'} of ${args.map(d).join(' and ')}`;
    case 'any_in':
      return `${d(args[0])} includes any of ${d(args[1])}`;
    case 'all_in':
      return `every item of ${d(args[0])} is one of ${d(args[1])}`;
    case 'count':
      return `the number of ${d(args[0])}`;
    case 'days_between':
      return `days from ${d(args[0])} to ${d(args[1])}`;
    case 'months_between':
      return `months from ${d(args[0])} to ${d(args[1])}`;
    case 'percent_of':
      return `${d(args[1])}% of ${d(args[0])}`;
    case 'cents':
      return `${d(args[0])} in cents`;
    case 'miles_between':
      return `miles between (${d(args[0])}, ${d(args[1])}) and (${d(args[2])}, ${d(args[3])})`;
    case 'lookup':
      return `${d(args[0])} at ${args.slice(1).map(d).join(' / ')}`;
    case 'some':
    case 'all':
    case 'none':
      return `${op === 'some' ? 'some' : op === 'all' ? 'every' : 'no'} item of ${d(args[0])} has ${d(args[1])}`;
    default:
      if (CMP[op]) {
        if (args.length === 3) return `${d(args[1])} is between ${d(args[0])} and ${d(args[2])}`;
        return `${d(args[0])} ${CMP[op]} ${d(args[1])}`;
      }
      if (ARITH[op]) return args.map((a) => wrap(a)).join(` ${ARITH[op]} `);
      return `${op}(${args.map(d).join(', ')})`;
  }
}

function wrapped(a: Logic, names: LogicNames): string {
  const text = describeLogic(a, names);
  const op = a && typeof a === 'object' && !Array.isArray(a) ? Object.keys(a as object)[0] : '';
  return op === 'and' || op === 'or' || op === 'if' ? `(${text})` : text;
}
