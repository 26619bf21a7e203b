/**
 * The checks of a form's own rules (`rules:` of form.yaml): which facts they may read (form.<field>
 * and the parts below it, job.*, derived.*, usage.*, shared constants.*) and the checks inside every
 * rule (lint-logic.ts), each reported at the node that is wrong.
 */

import { DERIVED_FACTS, JOB_FACTS } from '../facts.ts';
import { USAGE_FACTS } from '../usage.ts';
import { factsReadAt, unknownOperations, type Logic } from '../logic/walk.ts';
import { lintLogic, type LogicScope } from './lint-logic.ts';
import { allowedValues, declaresList, followSchema, followValue } from './schema-path.ts';
import { jobFactValues } from './job-fact-values.ts';
import { closest } from './suggest.ts';

type Path = (string | number)[];
type Schema = Record<string, unknown>;

/** What a form rule may read. */
export interface FormRuleContext {
  /** The form's schema, its shared definitions merged in (`definitions`). */
  schema: Schema;
  fields: string[];
  constants: Record<string, unknown>;
}

/** How a finding is reported (build-form's diag). */
export type FormDiag = (
  code: string,
  message: string,
  path: Path,
  severity?: 'error' | 'warning',
  key?: boolean,
) => void;

const hintOf = (word: string, names: readonly string[]) => {
  const hint = closest(word, [...names]);
  return hint ? ` (did you mean '${hint}'?)` : '';
};

/** Checks one rule of a form (`applies_if` or `valid_if` at `at`); `what` names it in messages. */
export function checkFormRule(logic: Logic, at: Path, ctx: FormRuleContext, what: string, diag: FormDiag): void {
  const definitions = (ctx.schema.definitions ?? {}) as Schema;
  for (const u of unknownOperations(logic))
    diag('unknown-operation', `unknown operation '${u.op}' in ${what}`, [...at, ...u.path], 'error', true);
  for (const { fact, path } of factsReadAt(logic)) {
    const [root, name, ...rest] = fact.split('.');
    const bad = (message: string) => diag('unknown-fact', `${what} reads '${fact}', ${message}`, [...at, ...path]);
    if (root === 'form') {
      if (!ctx.fields.includes(name)) bad(`but this form has no field '${name}'` + hintOf(name, ctx.fields));
      else if (rest.length) {
        const step = followSchema([ctx.schema], [name, ...rest], definitions);
        if (step.kind === 'missing' && step.index > 0)
          bad(
            `but 'form.${[name, ...rest].slice(0, step.index).join('.')}' has no part '${[name, ...rest][step.index]}'` +
              hintOf([name, ...rest][step.index], step.names),
          );
        if (step.kind === 'scalar' && step.index > 0)
          bad(
            `but 'form.${[name, ...rest].slice(0, step.index).join('.')}' is ${/^[aeiou]/.test(step.type) ? 'an' : 'a'} ${step.type} with no part '${[name, ...rest][step.index]}'`,
          );
      }
    } else if (root === 'job') {
      if (!(JOB_FACTS as readonly string[]).includes(name))
        bad(`but jobs have no field '${name}'` + hintOf(name, JOB_FACTS));
    } else if (root === 'derived') {
      if (!(DERIVED_FACTS as readonly string[]).includes(name))
        bad(`but the engine derives no '${name}'` + hintOf(name, DERIVED_FACTS));
    } else if (root === 'usage') {
      if (!(USAGE_FACTS as readonly string[]).includes(name))
        bad(`but usage collection sets no '${name}'` + hintOf(name, USAGE_FACTS));
    } else if (root === 'constants') {
      if (!Object.hasOwn(ctx.constants, name))
        bad(`but no shared constant '${name}' is defined` + hintOf(name, Object.keys(ctx.constants)));
      else {
        const step = followValue(ctx.constants[name], rest);
        if (step)
          bad(
            `but 'constants.${[name, ...rest.slice(0, step.index)].join('.')}' has no part '${rest[step.index]}'` +
              ('names' in step ? hintOf(rest[step.index], step.names) : ''),
          );
      }
    } else {
      bad(
        `which this form does not provide (form rules read form.<field>, job.*, derived.*, usage.* or shared constants.*)` +
          hintOf(root, ['form', 'job', 'derived', 'usage', 'constants']),
      );
    }
  }
  const scope: LogicScope = {
    values(fact) {
      const [root, ...parts] = fact.split('.');
      if (root === 'job') return jobFactValues(fact);
      if (root !== 'form' || !ctx.fields.includes(parts[0])) return undefined;
      const step = followSchema([ctx.schema], parts, definitions);
      const allowed = step.kind === 'found' ? allowedValues(step.schemas, definitions) : undefined;
      return allowed && { ...allowed, what: `'${fact}'` };
    },
    list(fact) {
      const [root, ...parts] = fact.split('.');
      if (root !== 'form' || !ctx.fields.includes(parts[0])) return false;
      const step = followSchema([ctx.schema], parts, definitions);
      return step.kind === 'found' && declaresList(step.schemas, definitions);
    },
    table(fact) {
      const [root, name, ...rest] = fact.split('.');
      return root === 'constants' && rest.length === 0 && Object.hasOwn(ctx.constants, name)
        ? { value: ctx.constants[name], what: `constant '${name}'` }
        : undefined;
    },
  };
  // `valid_if: false` is the rule that fails whenever it applies (its applies_if says when).
  const condition =
    at[0] === 'shown_if' || at[at.length - 1] === 'applies_if' || (at[at.length - 1] === 'valid_if' && logic !== false);
  for (const f of lintLogic(logic, scope, condition))
    diag(f.code, `${what}: ${f.message}`, [...at, ...f.path], 'error', f.key ?? false);
}
