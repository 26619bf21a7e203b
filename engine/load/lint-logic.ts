/**
 * Checks inside one JSON-Logic rule that json-logic itself never makes, because a rule with these
 * mistakes still runs (and quietly answers true, false or null): the number of arguments of each
 * operation, a literal compared with a field that can never hold it, a lookup key its table does not
 * have, a date that does not exist, a condition written as a plain value. Each finding carries the path,
 * inside the rule, of the node that is wrong.
 */

import { OPERATION_ARITY } from '../logic/operations.ts';
import { isOperation, SCOPED, type Logic } from '../logic/walk.ts';
import type { AllowedValues } from './schema-path.ts';
import { closest } from './suggest.ts';
import { dateProblem } from './check-dates.ts';

type Path = (string | number)[];

/** One mistake in a rule; `path` is inside the rule, `key` when it names the operation itself. */
export interface LogicFinding {
  code:
    | 'logic-arity'
    | 'logic-list-argument'
    | 'unknown-value'
    | 'unknown-lookup-key'
    | 'literal-condition'
    | 'invalid-date';
  message: string;
  path: Path;
  key?: boolean;
  /** `path` is in the definition file itself (a table's key), not inside the rule. */
  in_definition?: boolean;
  /** The finding depends on the program the rule is checked for (its forms, constants or tables). */
  per_program?: boolean;
}

/** What a rule may read, as the program (or form) it belongs to knows it. */
export interface LogicScope {
  /** The values a fact can take (a field's enum, the task statuses), with what to call them; undefined when any. */
  values(fact: string): (AllowedValues & { what: string; hint?: (literal: unknown) => string | undefined }) | undefined;
  /** The nested map a fact holds when it is a constant or table (what `lookup` reads), with its key levels. */
  table(fact: string): { value: unknown; what: string; levels?: string[]; at?: Path } | undefined;
  /** Whether the fact is a list whatever its items (a form field of type array); undefined when not known. */
  list?(fact: string): boolean;
}

const COMPARISONS = new Set(['==', '===', '!=', '!==']);
/** Operations whose value is a list. */
const LIST_VALUED = new Set(['map', 'filter', 'merge', 'missing', 'missing_some']);
/**
 * Operations that read an unbracketed list argument as their one argument in json-logic-js and as their
 * argument list in json-logic-engine alike: `missing` takes its keys either way.
 */
const SAME_EITHER_WAY = new Set(['missing']);
const LOOSE = new Set(['==', '!=']);
const DATE_OPERATIONS = new Set(['days_between', 'months_between']);

type Literal = string | number | boolean;
const isLiteral = (v: unknown): v is Literal =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const show = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));
const showAll = (vs: unknown[]) => vs.map(show).join(', ');

function countText(min: number, max: number | null): string {
  if (max === min) return `${min} argument${min === 1 ? '' : 's'}`;
  if (max === null) return `at least ${min} argument${min === 1 ? '' : 's'}`;
  return `${min} to ${max} arguments`;
}

/** The static fact a node reads (`{var: "a.b"}` or `{var: ["a.b", default]}`), if it is one. */
function staticVar(node: unknown): string | undefined {
  if (!isOperation(node) || !('var' in node)) return undefined;
  const a = node.var;
  const first = Array.isArray(a) ? a[0] : a;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/** Checks one rule; `condition` when its value is read as true/false (applies_if, valid_if, final_when, ...). */
export function lintLogic(logic: Logic, scope: LogicScope, condition: boolean): LogicFinding[] {
  const out: LogicFinding[] = [];

  /** A literal that must be one of a field's values. */
  const checkValue = (
    fact: string,
    lit: Literal,
    at: Path,
    loose: boolean,
    asItem: boolean,
    outcome = 'this comparison never matches',
    listedIn?: string,
  ) => {
    const allowed = scope.values(fact);
    if (!allowed || allowed.list !== asItem) return;
    const ok = allowed.values.some((v) => v === lit || (loose && String(v) === String(lit)));
    if (ok) return;
    const hint =
      allowed.hint?.(lit) ??
      (typeof lit === 'string'
        ? closest(
            lit,
            allowed.values.filter((v): v is string => typeof v === 'string'),
          )
        : undefined);
    out.push({
      code: 'unknown-value',
      message:
        `${listedIn ? `${listedIn} lists ` : ''}${show(lit)}${listedIn ? ', which' : ''} is not a value ${allowed.what} can take, so ${outcome} (values: ${showAll(allowed.values)})` +
        (hint ? ` (did you mean '${hint}'?)` : ''),
      path: at,
      per_program: true,
      ...(listedIn ? { in_definition: true } : {}),
    });
  };

  /** Every literal value a key expression can give: itself, or the branches of an `if`. */
  const literalsOf = (node: unknown, at: Path): { value: Literal; path: Path }[] | undefined => {
    if (isLiteral(node)) return [{ value: node, path: at }];
    if (isOperation(node) && Array.isArray(node.if) && node.if.length >= 2) {
      const args = node.if;
      const found: { value: Literal; path: Path }[] = [];
      for (let i = 1; i < args.length; i += 2) {
        const res = literalsOf(args[i], [...at, 'if', i]);
        if (!res) return undefined;
        found.push(...res);
      }
      if (args.length % 2 === 1) {
        const res = literalsOf(args[args.length - 1], [...at, 'if', args.length - 1]);
        if (!res) return undefined;
        found.push(...res);
      }
      return found;
    }
    return undefined;
  };

  const checkLookup = (args: unknown[], at: Path) => {
    const fact = staticVar(args[0]);
    const table = fact === undefined ? undefined : scope.table(fact);
    if (!table) return;
    checkTableKeys(table, args[1]);
    let nodes: unknown[] = [table.value];
    for (let k = 1; k < args.length; k++) {
      const maps = nodes.filter(
        (n): n is Record<string, unknown> => n !== null && typeof n === 'object' && !Array.isArray(n),
      );
      if (maps.length === 0) {
        const levels = table.levels ? ` (${table.levels.join(', ')})` : '';
        out.push({
          code: 'unknown-lookup-key',
          message: `${table.what} has ${k - 1} key level${k === 2 ? '' : 's'}${levels}, but this lookup gives ${args.length - 1} keys`,
          path: [...at, k],
          per_program: true,
        });
        return;
      }
      const literals = literalsOf(args[k], [...at, k]);
      if (!literals) {
        nodes = maps.flatMap((m) => Object.values(m));
        continue;
      }
      const names = [...new Set(maps.flatMap((m) => Object.keys(m)))];
      for (const lit of literals) {
        if (maps.some((m) => Object.hasOwn(m, String(lit.value)))) continue;
        const hint = closest(String(lit.value), names);
        out.push({
          code: 'unknown-lookup-key',
          message:
            `${table.what} has no key ${show(lit.value)}` +
            (table.levels?.[k - 1] ? ` for ${table.levels[k - 1]}` : '') +
            `, so this lookup is always empty (keys: ${names.join(', ')})` +
            (hint ? ` (did you mean '${hint}'?)` : ''),
          path: lit.path,
          per_program: true,
        });
      }
      nodes = maps.flatMap((m) => literals.map((l) => m[String(l.value)]).filter((v) => v !== undefined));
    }
  };

  /**
   * A table key the lookup's first key never takes, close to one of the values it does take and the table
   * lacks: the key is misspelt in the table, so that value always looks up nothing.
   */
  const checkTableKeys = (table: NonNullable<ReturnType<LogicScope['table']>>, keyNode: unknown) => {
    const f = staticVar(keyNode);
    const allowed = f === undefined ? undefined : scope.values(f);
    const map = table.value;
    if (!allowed || allowed.list || !table.at || map === null || typeof map !== 'object' || Array.isArray(map)) return;
    const values = allowed.values.map(String);
    const missing = values.filter((v) => !Object.hasOwn(map, v));
    for (const key of Object.keys(map)) {
      if (values.includes(key)) continue;
      const hint = closest(key, missing);
      if (hint)
        out.push({
          code: 'unknown-lookup-key',
          message: `${table.what} has key '${key}', a value ${allowed.what} never takes, so '${hint}' looks up nothing (did you mean '${hint}'?)`,
          path: [...table.at, key],
          key: true,
          in_definition: true,
          per_program: true,
        });
    }
  };

  const literalCondition = (node: unknown, at: Path, where: string) => {
    if (node !== null && !isLiteral(node) && !Array.isArray(node)) return;
    const what = Array.isArray(node) ? 'a list' : node === null ? 'null' : `the plain value ${show(node)}`;
    const always = Array.isArray(node) ? 'always true' : node ? 'always true' : 'always false';
    out.push({
      code: 'literal-condition',
      message: `${where} is ${what}, not a rule, so it is ${always}: write a comparison such as { "==": [{ var: <fact> }, <value>] }`,
      path: at,
    });
  };

  /** What a rule written as an operation's only, unbracketed argument gives when that can be a list. */
  const listGiven = (node: unknown, scoped: boolean): string | undefined => {
    if (!isOperation(node)) return undefined;
    const op = Object.keys(node)[0];
    if (LIST_VALUED.has(op)) return `a '${op}', which is a list`;
    if (op === 'var') {
      const f = scoped ? undefined : staticVar(node);
      const holdsList =
        f !== undefined &&
        (scope.values(f)?.list === true || Array.isArray(scope.table(f)?.value) || scope.list?.(f) === true);
      return holdsList ? `'${f}', which holds a list` : undefined;
    }
    if (['if', '?:', 'and', 'or'].includes(op) && Array.isArray(node[op])) {
      const branches = (node[op] as unknown[]).filter(
        (_, i, all) => !['if', '?:'].includes(op) || i % 2 === 1 || i === all.length - 1,
      );
      return branches.some((b) => listGiven(b, scoped) !== undefined || Array.isArray(b))
        ? `an '${op}' that can give a list`
        : undefined;
    }
    return undefined;
  };

  const visit = (node: unknown, at: Path, scoped: boolean) => {
    if (typeof node === 'string') {
      const problem = dateProblem(node);
      if (problem) out.push({ code: 'invalid-date', message: problem, path: at });
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, [...at, i], scoped));
      return;
    }
    if (!isOperation(node)) return;
    const op = Object.keys(node)[0];
    const raw = node[op];
    const args = Array.isArray(raw) ? raw : [raw];
    const here = [...at, op];
    const argPath = (i: number): Path => (Array.isArray(raw) ? [...here, i] : here);
    const arity = Object.hasOwn(OPERATION_ARITY, op) ? OPERATION_ARITY[op as keyof typeof OPERATION_ARITY] : undefined;
    if (arity && (args.length < arity[0] || (arity[1] !== null && args.length > arity[1]))) {
      // A list written as the arguments of a one-argument operation: `{ count: [a, b] }` counts nothing.
      const asList =
        arity[1] === 1 && args.length > 1
          ? `: a list is one argument, written inside a second pair of brackets ({ "${op}": [[...]] })`
          : '';
      out.push({
        code: 'logic-arity',
        message: `'${op}' takes ${countText(arity[0], arity[1])}, but is given ${args.length}${asList}`,
        path: here,
        key: true,
      });
    }
    const list = Array.isArray(raw) || SAME_EITHER_WAY.has(op) ? undefined : listGiven(raw, scoped);
    if (list) {
      out.push({
        code: 'logic-list-argument',
        message:
          `'${op}' is given ${list}, without brackets: json-logic reads that two ways, json-logic-js (the ` +
          `reference) as its one argument, json-logic-engine and others as its list of arguments; write { "${op}": [ ... ] }`,
        path: here,
        key: true,
      });
    }
    const fact = (i: number) => (scoped ? undefined : staticVar(args[i]));
    if (COMPARISONS.has(op) && args.length === 2) {
      for (const [v, l] of [
        [0, 1],
        [1, 0],
      ]) {
        const f = fact(v);
        if (f !== undefined && isLiteral(args[l])) checkValue(f, args[l] as Literal, argPath(l), LOOSE.has(op), false);
      }
    }
    if ((op === 'in' || op === 'any_in' || op === 'all_in') && args.length === 2) {
      const [a, b] = [fact(0), fact(1)];
      if (op === 'in' && b !== undefined && isLiteral(args[0]))
        checkValue(b, args[0] as Literal, argPath(0), false, true);
      if (a !== undefined && Array.isArray(args[1])) {
        const asItem = op !== 'in';
        (args[1] as unknown[]).forEach(
          (x, i) =>
            isLiteral(x) && checkValue(a, x, [...argPath(1), i], false, asItem && scope.values(a)?.list === true),
        );
      }
      // The allowed values kept in a constant list of the program: each must be a value the field can take.
      const list = a !== undefined && b !== undefined ? scope.table(b) : undefined;
      if (list?.at && Array.isArray(list.value)) {
        const asItem = op !== 'in' && scope.values(a!)?.list === true;
        list.value.forEach(
          (x, i) => isLiteral(x) && checkValue(a!, x, [...list.at!, i], false, asItem, 'it never matches', list.what),
        );
      }
    }
    if (op === 'var' && Array.isArray(raw) && raw.length >= 2 && isLiteral(raw[1]) && !scoped) {
      const f = staticVar(node);
      if (f !== undefined)
        checkValue(f, raw[1], [...here, 1], false, false, 'this default stands for an answer no one can give');
    }
    if (op === 'lookup' && !scoped) checkLookup(args, here);
    if (DATE_OPERATIONS.has(op)) {
      args.forEach((x, i) => {
        // Strings shaped like a date are checked where they are visited as literals.
        const problem = typeof x === 'string' && !/^\d{4}-\d{2}-\d{2}/.test(x) ? dateProblem(x, true) : undefined;
        if (problem)
          out.push({ code: 'invalid-date', message: `argument ${i + 1} of '${op}': ${problem}`, path: argPath(i) });
      });
    }
    if ((op === 'and' || op === 'or') && Array.isArray(raw)) {
      raw.slice(0, -1).forEach((x, i) => literalCondition(x, [...here, i], `operand ${i + 1} of '${op}'`));
    }
    if ((op === 'if' || op === '?:') && Array.isArray(raw)) {
      for (let i = 0; i < raw.length - 1; i += 2) literalCondition(raw[i], [...here, i], `the condition of '${op}'`);
    }
    if (op === 'var') {
      if (Array.isArray(raw)) raw.slice(1).forEach((x, i) => visit(x, [...here, i + 1], scoped));
      return;
    }
    if (SCOPED.has(op) && Array.isArray(raw)) {
      raw.forEach((x, i) => visit(x, [...here, i], scoped || i === 1));
      return;
    }
    visit(raw, here, scoped);
  };

  if (condition) literalCondition(logic, [], 'this condition');
  visit(logic, [], false);
  return out;
}
