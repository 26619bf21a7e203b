/**
 * The checks of a program's rules that need the program: which facts exist (tasks and their forms,
 * constants, tables, job and derived facts), which values a fact can take, what a lookup table holds.
 * Every problem is reported at the node that is wrong (the `var`, the literal, the operation).
 */

import { STORED_TASK_STATUSES } from '../constants.ts';
import { DERIVED_FACTS, JOB_FACTS, RESERVED_FACT_ROOTS } from '../facts.ts';
import { USAGE_FACTS } from '../usage.ts';
import { factsReadAt, unknownOperations, type Logic } from '../logic/walk.ts';
import type { Program, TaskForm } from '../types.ts';
import { lintLogic, type LogicScope } from './lint-logic.ts';
import { allowedValues, declaresList, followSchema, followValue } from './schema-path.ts';
import { jobFactValues } from './job-fact-values.ts';
import { closest } from './suggest.ts';
import type { ParsedFile } from './yaml-source.ts';

type Path = (string | number)[];
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The statuses `task_status.<task>` holds: what a job stores, or NOT_STARTED (engine/facts.ts) before
 * anything is stored. READY and LOCKED are computed and never appear there.
 */
export const TASK_STATUS_FACT_VALUES = [...STORED_TASK_STATUSES, 'NOT_STARTED'] as const;

/** Where a rule's value is read as true/false: a plain value written there is always one of them. */
const CONDITION_KEYS = new Set(['applies_if', 'qualifies_if', 'ineligible_if', 'valid_if', 'final_when', 'when']);

/** How a program check reports: like buildProgram's diag, plus whether the message depends on the program. */
export type ProgramDiag = (
  code: string,
  message: string,
  path: Path,
  severity?: 'error' | 'warning',
  key?: boolean,
  file?: ParsedFile,
  per_program?: boolean,
) => void;

/** What the checks know of the program. */
export interface ProgramFacts {
  raw: Raw;
  taskIds: Set<string>;
  forms: Map<string, TaskForm>;
  constants: Record<string, unknown>;
  tables: Program['tables'];
  diag: ProgramDiag;
}

/** The rule checks of one program: `checkLogic` for a whole rule, `checkFact` for one fact path. */
export function programLogicChecks(p: ProgramFacts) {
  const { raw, taskIds, forms, constants, tables, diag } = p;
  // Fields rules read from forms that do not exist, reported once per form on the task's `form:`.
  const awaitedFields = new Map<string, Set<string>>();
  const reportedKeys = new Set<string>();
  const formOf = (taskId: string) => forms.get((raw.tasks as Raw[]).find((t) => t.id === taskId)?.form);

  const valuesOf: LogicScope['values'] = (fact) => {
    const [root, name, ...rest] = fact.split('.');
    if (root === 'job') return jobFactValues(fact);
    if (root === 'task_status' && taskIds.has(name) && rest.length === 0)
      return { values: [...TASK_STATUS_FACT_VALUES], list: false, what: `the status of task '${name}'` };
    const form = taskIds.has(root) && name ? formOf(root) : undefined;
    if (!form) return undefined;
    const step = followSchema([form.schema], [name, ...rest], form.schema.definitions as Record<string, unknown>);
    const allowed =
      step.kind === 'found'
        ? allowedValues(step.schemas, form.schema.definitions as Record<string, unknown>)
        : undefined;
    return allowed && { ...allowed, what: `'${fact}' (form '${form.key}')` };
  };
  // Many rules compare the same few facts: what each can take is worked out once per program.
  const known = new Map<string, ReturnType<LogicScope['values']>>();
  const scope: LogicScope = {
    values(fact) {
      if (!known.has(fact)) known.set(fact, valuesOf(fact));
      return known.get(fact);
    },
    list(fact) {
      const [root, name, ...rest] = fact.split('.');
      const form = taskIds.has(root) && name ? formOf(root) : undefined;
      if (!form) return false;
      const definitions = form.schema.definitions as Record<string, unknown>;
      const step = followSchema([form.schema], [name, ...rest], definitions);
      return step.kind === 'found' && declaresList(step.schemas, definitions);
    },
    table(fact) {
      const [root, name, ...rest] = fact.split('.');
      if (rest.length) return undefined;
      if (root === 'tables' && Object.hasOwn(tables, name))
        return {
          value: tables[name].values,
          what: `table '${name}'`,
          levels: tables[name].keys,
          at: ['tables', name, 'values'],
        };
      if (root === 'constants' && Object.hasOwn(constants, name))
        return {
          value: constants[name],
          what: `constant '${name}'`,
          at: Object.hasOwn(raw.constants ?? {}, name) ? ['constants', name] : undefined,
        };
      return undefined;
    },
  };

  /** A part below a field, constant or table that does not exist. */
  const checkDeeper = (
    fact: string,
    rest: string[],
    step: { index: number; names?: string[]; type?: string } | undefined,
    bad: (m: string) => void,
    what: string,
  ) => {
    if (!step) return;
    const parts = fact.split('.');
    const owner = parts.slice(0, parts.length - rest.length + step.index).join('.');
    const seg = rest[step.index];
    if (step.names === undefined) {
      bad(
        `${what} reads '${fact}', but '${owner}' is ${/^[aeiou]/.test(step.type ?? '') ? 'an' : 'a'} ${step.type ?? 'single value'} with no part '${seg}'`,
      );
      return;
    }
    const hint = closest(seg, step.names);
    bad(
      `${what} reads '${fact}', but '${owner}' has no part '${seg}'` +
        (hint ? ` (did you mean '${hint}'?)` : ` (parts: ${step.names.join(', ')})`),
    );
  };

  const checkFact = (fact: string, path: Path, file: ParsedFile, what: string) => {
    const [root, name, ...rest] = fact.split('.');
    const bad = (message: string) => diag('unknown-fact', message, path, 'error', false, file, true);
    const fromValue = (value: unknown) => {
      const step = followValue(value, rest);
      checkDeeper(fact, rest, step && ('scalar' in step ? { index: step.index } : step), bad, what);
    };
    if (root === 'job') {
      if (!(JOB_FACTS as readonly string[]).includes(name))
        bad(
          `${what} reads '${fact}', but jobs have no field '${name}' (job fields: ${JOB_FACTS.join(', ')})` +
            hintOf(name, JOB_FACTS),
        );
    } else if (root === 'derived') {
      if (!(DERIVED_FACTS as readonly string[]).includes(name))
        bad(
          `${what} reads '${fact}', but the engine derives no '${name}' (derived: ${DERIVED_FACTS.join(', ')})` +
            hintOf(name, DERIVED_FACTS),
        );
    } else if (root === 'usage') {
      if (!(USAGE_FACTS as readonly string[]).includes(name))
        bad(
          `${what} reads '${fact}', but usage collection sets no '${name}' (usage facts: ${USAGE_FACTS.join(', ')})` +
            hintOf(name, USAGE_FACTS),
        );
    } else if (root === 'constants') {
      if (!Object.hasOwn(constants, name))
        bad(`${what} reads '${fact}', but no constant '${name}' is defined` + hintOf(name, Object.keys(constants)));
      else fromValue(constants[name]);
    } else if (root === 'tables') {
      if (!Object.hasOwn(tables, name))
        bad(`${what} reads '${fact}', but no table '${name}' is defined` + hintOf(name, Object.keys(tables)));
      else fromValue(tables[name].values);
    } else if (root === 'task_status') {
      if (!taskIds.has(name))
        bad(`${what} reads '${fact}', but the program has no task '${name}'` + hintOf(name, [...taskIds]));
    } else if (taskIds.has(root)) {
      const task = (raw.tasks as Raw[]).find((t) => t.id === root)!;
      const form = forms.get(task.form);
      if (!name) bad(`${what} reads the whole task '${root}'; read one of its fields`);
      else if (!form) {
        if (!awaitedFields.has(task.form)) awaitedFields.set(task.form, new Set());
        awaitedFields.get(task.form)!.add(name);
      } else if (!form.fields.includes(name)) {
        bad(`${what} reads '${fact}', but form '${task.form}' has no field '${name}'` + hintOf(name, form.fields));
      } else if (rest.length) {
        const step = followSchema([form.schema], [name, ...rest], form.schema.definitions as Record<string, unknown>);
        if ((step.kind === 'missing' || step.kind === 'scalar') && step.index > 0) {
          const index = step.index - 1;
          checkDeeper(
            fact,
            rest,
            step.kind === 'missing' ? { index, names: step.names } : { index, type: step.type },
            bad,
            what,
          );
        }
      }
    } else {
      bad(
        `${what} reads '${fact}', which no form or job provides` + hintOf(root, [...taskIds, ...RESERVED_FACT_ROOTS]),
      );
    }
  };

  /** Checks the operations, fact paths and values of one rule; `file` is where the logic was written. */
  const checkLogic = (logic: Logic, path: Path, file: ParsedFile, what: string) => {
    for (const u of unknownOperations(logic)) {
      diag('unknown-operation', `unknown operation '${u.op}' in ${what}`, [...path, ...u.path], 'error', true, file);
    }
    for (const f of factsReadAt(logic)) checkFact(f.fact, [...path, ...f.path], file, what);
    const key = String(path[path.length - 1]);
    // `valid_if: false` is the rule that fails whenever it applies (its applies_if says when).
    const condition = CONDITION_KEYS.has(key) && !(key === 'valid_if' && logic === false);
    for (const f of lintLogic(logic, scope, condition)) {
      if (!f.in_definition)
        diag(
          f.code,
          `${what}: ${f.message}`,
          [...path, ...f.path],
          'error',
          f.key ?? false,
          file,
          f.per_program ?? false,
        );
      else if (!reportedKeys.has(f.path.join('\u0000'))) {
        // A misspelt key of the program's own table, found by every rule that reads it: reported once, at the key.
        reportedKeys.add(f.path.join('\u0000'));
        diag(f.code, f.message, f.path, 'error', true);
      }
    }
  };

  return { checkLogic, checkFact, awaitedFields };
}

/** " (did you mean 'x'?)" when a close name exists. */
function hintOf(word: string, names: readonly string[]): string {
  const hint = closest(word, [...names]);
  return hint ? ` (did you mean '${hint}'?)` : '';
}
