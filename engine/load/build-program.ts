/**
 * Turns a meta-valid program document into a compiled Program, checking what a schema cannot:
 * unknown ids, dependency cycles, rules reading facts nothing provides, unknown operations.
 */

import { ACTION_OWNER_ROLES } from '../constants.ts';
import type { CompiledRule } from '../logic/evaluators.ts';
import { factsRead, mapVarPaths, type Logic } from '../logic/walk.ts';
import type { Diagnostic, EligibilityRule, Program, RuleBase, TaskDef, TaskForm, TaskRule } from '../types.ts';
import { buildStageResults } from '../stages.ts';
import { buildDocuments } from './build-documents.ts';
import { buildIncentives } from './build-incentives.ts';
import { buildBudget } from './build-budget.ts';
import { buildQuality } from './build-quality.ts';
import { buildReporting } from './build-reporting.ts';
import { hashDefinition } from './hash.ts';
import { closest } from './suggest.ts';
import { checkDates } from './check-dates.ts';
import { hasDocumentPath } from '../versioning.ts';
import { programLogicChecks } from './program-logic.ts';
import { checkTaskPlacement } from './task-placement.ts';
import { ruleFieldProblem } from './rule-field.ts';
import { resolveStageModel } from './stage-model.ts';
import { checkTaskGraph } from './task-graph.ts';
import { orderTasks } from './task-order.ts';
import { lintUsageProgram } from './lint-usage.ts';
import { checkAnswerOrder, checkSharedOrder, logicShape } from './lint-order.ts';
import type { ParsedFile } from './yaml-source.ts';
import type { SharedDefs } from './definition-types.ts';

type Path = (string | number)[];
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Builds one program; diagnostics are pushed to `out`. Returns undefined when errors make it unusable. */
export function buildProgram(
  parsed: ParsedFile,
  shared: SharedDefs,
  forms: Map<string, TaskForm>,
  compile: (logic: Logic) => CompiledRule,
  out: Diagnostic[],
): Program | undefined {
  const raw = parsed.value as Raw;
  const start = out.length;
  // A mistake in a shared file (a shared rule, a template) is reported once, however many programs use it;
  // when it depends on the program (its forms, constants, tables), the message names the programs.
  let sharedErrors = false;
  const diag = (
    code: string,
    message: string,
    path: Path,
    severity: 'error' | 'warning' = 'error',
    key = false,
    file = parsed,
    per_program = false,
  ) => {
    const range = file.locate(path, key);
    if (file !== parsed) {
      const same = out.find(
        (d) =>
          d.file === file.file &&
          d.code === code &&
          d.range.line === range.line &&
          d.range.col === range.col &&
          (d.message === message || d.message.startsWith(`${message} (in program`)),
      );
      if (same) {
        sharedErrors ||= severity === 'error';
        const m = /\(in programs? ([^)]*)\)$/.exec(same.message);
        if (per_program && m && !m[1].split(', ').includes(raw.id))
          same.message = `${message} (in programs ${m[1]}, ${raw.id})`;
        return;
      }
      if (per_program) message = `${message} (in program ${raw.id})`;
    }
    out.push({ code, message, severity, file: file.file, path, range });
  };

  const folder = parsed.file.split('/').slice(-2, -1)[0];
  if (folder && raw.id !== folder)
    diag('id-mismatch', `program id '${raw.id}' must equal its folder name '${folder}'`, ['id']);

  const stage_model = resolveStageModel(raw.stage_model, shared.stage_models, (code, message) =>
    diag(code, message, ['stage_model']),
  );
  const lastStage = stage_model.stages.length;

  const constants: Record<string, unknown> = { ...shared.constants };
  for (const [k, v] of Object.entries(raw.constants ?? {})) {
    if (k in shared.constants)
      diag(
        'constant-redefined',
        `constant '${k}' is defined in _shared/constants.yaml and may not be redefined`,
        ['constants', k],
        'error',
        true,
      );
    constants[k] = v;
  }
  const tables = (raw.tables ?? {}) as Program['tables'];
  const table_values = Object.fromEntries(Object.entries(tables).map(([k, t]) => [k, t.values]));

  // Tasks: ids, dependencies, forms, stages.
  const taskIds = new Set<string>();
  (raw.tasks as Raw[]).forEach((t, i) => {
    if (taskIds.has(t.id)) diag('duplicate-id', `duplicate task id '${t.id}'`, ['tasks', i, 'id']);
    taskIds.add(t.id);
  });

  const { checkLogic, checkFact, awaitedFields } = programLogicChecks({ raw, taskIds, forms, constants, tables, diag });
  for (const f of checkDates({
    accept_submissions: raw.accept_submissions,
    constants: raw.constants,
    tables: raw.tables,
  }))
    diag(f.code, f.message, f.path);

  const rule = (id: string, logic: Logic, path: Path, file: ParsedFile, what: string): RuleBase => {
    const before = out.length;
    checkLogic(logic, path, file, what);
    for (const f of logicShape(logic))
      diag(f.code, `${what}: ${f.message}`, [...path, ...f.path], 'error', f.key ?? false, file);
    let fn: CompiledRule = () => null;
    if (!out.slice(before).some((d) => d.code === 'unknown-operation' || d.code === 'logic-dedented')) {
      try {
        fn = compile(logic);
      } catch (e) {
        diag('compile-error', `${what} cannot be compiled: ${thrownText(e)}`, path, 'error', false, file);
      }
    }
    return { id, logic, fn, reads: factsRead(logic), source: file.locate(path) };
  };

  const tasks: TaskDef[] = (raw.tasks as Raw[]).map((t, i) => {
    (t.after ?? []).forEach((dep: string, j: number) => {
      if (!taskIds.has(dep)) {
        const hint = closest(dep, [...taskIds]);
        diag(
          'unknown-task',
          `task '${t.id}' waits for unknown task '${dep}'` + (hint ? ` (did you mean '${hint}'?)` : ''),
          ['tasks', i, 'after', j],
        );
      }
    });
    if (t.stage > lastStage && lastStage > 0)
      diag('unknown-stage', `task '${t.id}' is in stage ${t.stage}, but ${raw.stage_model} has ${lastStage} stages`, [
        'tasks',
        i,
        'stage',
      ]);
    else
      for (const f of checkTaskPlacement({ id: t.id, stage: t.stage }, stage_model))
        diag(f.code, f.message, ['tasks', i, 'stage']);
    const form = forms.get(t.form);
    if (!(ACTION_OWNER_ROLES as readonly string[]).includes(t.owner))
      diag('unknown-owner', `unknown owner '${t.owner}'`, ['tasks', i, 'owner']);
    if (t.on_behalf === true) {
      // Only a homeowner task has a homeowner to answer for; a signature or an attestation is theirs alone.
      if (t.owner !== 'homeowner')
        diag('on-behalf-not-homeowner', `task '${t.id}' is owned by ${t.owner}: on_behalf is for homeowner tasks`, [
          'tasks',
          i,
          'on_behalf',
        ]);
      else if (form?.signatures || form?.attestation)
        diag(
          'on-behalf-personal',
          `task '${t.id}' cannot be answered on the homeowner's behalf: its form '${t.form}' ${form.signatures ? 'collects signatures' : 'is an attestation'}`,
          ['tasks', i, 'on_behalf'],
        );
    }
    return {
      id: t.id,
      title: t.title ?? form?.title ?? t.id.replace(/_/g, ' ').replace(/^./, (c: string) => c.toUpperCase()),
      form: t.form,
      stage: t.stage,
      owner: t.owner,
      after: t.after ?? [],
      applies_if:
        t.applies_if === undefined
          ? undefined
          : rule(`${t.id}.applies_if`, t.applies_if, ['tasks', i, 'applies_if'], parsed, `task '${t.id}' applies_if`),
      description: t.description,
      on_behalf: t.on_behalf === true && t.owner === 'homeowner' && !form?.signatures && !form?.attestation,
      source: parsed.locate(['tasks', i]),
    };
  });
  const task_order = orderTasks(tasks, (cycle, i, j) =>
    diag('dependency-cycle', `dependency cycle: ${cycle.join(' -> ')}`, ['tasks', i, 'after', j]),
  );
  // Whether every job can finish: no wait for a task of a later stage, no required field its owner cannot fill.
  for (const f of checkTaskGraph(tasks, forms)) diag(f.code, f.message, f.path);
  // Every rule can be known when it is needed: none reads an answer of a later stage.
  for (const f of checkAnswerOrder(raw)) diag(f.code, f.message, f.path);
  for (const f of checkSharedOrder(raw, shared)) diag(f.code, f.message, f.path);

  // Eligibility.
  const eligIds = new Set<string>();
  const eligibility: EligibilityRule[] = [];
  (raw.eligibility as Raw[]).forEach((item, i) => {
    let def: {
      id: string;
      reason: string;
      description?: string;
      homeowner_message?: string;
      ineligible_if: Logic;
      needs?: string[];
    };
    let file = parsed;
    let base: Path = ['eligibility', i];
    if (item.use !== undefined) {
      const s = shared.eligibility_rules[item.use];
      if (!s) {
        const hint = closest(item.use, Object.keys(shared.eligibility_rules));
        diag(
          'unknown-rule',
          `unknown shared eligibility rule '${item.use}'` + (hint ? ` (did you mean '${hint}'?)` : ''),
          ['eligibility', i, 'use'],
        );
        return;
      }
      def = { id: item.use, ...s, ...(item.needs !== undefined ? { needs: item.needs } : {}) };
      file = s.file;
      base = ['eligibility_rules', s.key];
    } else def = item as typeof def;
    if (eligIds.has(def.id)) diag('duplicate-id', `duplicate eligibility rule id '${def.id}'`, ['eligibility', i]);
    eligIds.add(def.id);
    const reason_text = shared.ineligibility_reasons[def.reason];
    if (reason_text === undefined) {
      const hint = closest(def.reason, Object.keys(shared.ineligibility_reasons));
      diag(
        'unknown-reason',
        `unknown ineligibility reason '${def.reason}'` + (hint ? ` (did you mean '${hint}'?)` : ''),
        [...base, 'reason'],
        'error',
        false,
        file,
      );
    }
    const r = rule(def.id, def.ineligible_if, [...base, 'ineligible_if'], file, `eligibility rule '${def.id}'`);
    const needs = def.needs ?? r.reads;
    (def.needs ?? []).forEach((n, j) =>
      checkFact(n, [...base, 'needs', j], file, `eligibility rule '${def.id}' needs`),
    );
    eligibility.push({
      ...r,
      reason: def.reason,
      reason_text: reason_text ?? def.reason,
      description: def.description,
      ...(def.homeowner_message ? { homeowner_message: def.homeowner_message } : {}),
      needs,
      needs_paths: needs.map((n) => n.split('.')),
    });
  });

  // Cross-field task rules.
  const ruleIds = new Set<string>();
  const rules: TaskRule[] = [];
  ((raw.rules as Raw[] | undefined) ?? []).forEach((item, i) => {
    if (!taskIds.has(item.task)) diag('unknown-task', `rule names unknown task '${item.task}'`, ['rules', i, 'task']);
    let def: {
      id: string;
      field?: string;
      applies_if?: Logic;
      valid_if: Logic;
      message: string;
      severity?: 'error' | 'warning';
    };
    let file = parsed;
    let base: Path = ['rules', i];
    if (item.use !== undefined) {
      const s = shared.rules[item.use];
      if (!s) {
        const hint = closest(item.use, Object.keys(shared.rules));
        diag('unknown-rule', `unknown shared rule '${item.use}'` + (hint ? ` (did you mean '${hint}'?)` : ''), [
          'rules',
          i,
          'use',
        ]);
        return;
      }
      const bind = (p: string) => (p.startsWith('$task.') ? item.task + p.slice(5) : p);
      def = {
        id: `${item.use}@${item.task}`,
        field: s.field,
        applies_if: s.applies_if === undefined ? undefined : mapVarPaths(s.applies_if, bind),
        valid_if: mapVarPaths(s.valid_if, bind),
        message: s.message,
        severity: s.severity,
      };
      file = s.file;
      base = ['rules', s.key];
    } else def = item as typeof def;
    if (ruleIds.has(def.id)) diag('duplicate-id', `duplicate rule id '${def.id}'`, ['rules', i]);
    ruleIds.add(def.id);
    const fieldProblem = ruleFieldProblem(def.field, item.task, raw.tasks as Raw[], forms, def.id);
    if (fieldProblem) diag('unknown-field', fieldProblem, [...base, 'field'], 'error', false, file, file !== parsed);
    rules.push({
      id: def.id,
      task: item.task,
      field: def.field,
      applies_if:
        def.applies_if === undefined
          ? undefined
          : rule(`${def.id}.applies_if`, def.applies_if, [...base, 'applies_if'], file, `rule '${def.id}'`),
      valid_if: rule(def.id, def.valid_if, [...base, 'valid_if'], file, `rule '${def.id}'`),
      message: def.message,
      severity: def.severity ?? 'error',
      source: parsed.locate(['rules', i]),
    });
  });

  const incentives = buildIncentives(raw, parsed, taskIds, constants, { diag, rule, compile, checkFact });

  const documents = buildDocuments(raw, parsed, shared, forms, taskIds, { diag, rule, compile });

  const budget = buildBudget(raw, parsed, taskIds, lastStage, { diag, rule, compile });
  const quality = buildQuality(raw, parsed, taskIds, lastStage, forms, { diag, rule });
  const reporting = buildReporting(raw, parsed, { diag, rule, checkFact });
  lintUsageProgram(raw, shared, forms, diag);

  // Usage collection starts when its task opens, and fills that task's usage_fields.
  if (raw.usage_collection) {
    const taskId = String(raw.usage_collection.task);
    const task = (raw.tasks as Raw[]).find((t) => t.id === taskId);
    if (!task) {
      const hint = closest(taskId, [...taskIds]);
      diag(
        'unknown-task',
        `usage_collection names task '${taskId}', which the program does not have` +
          (hint ? ` (did you mean '${hint}'?)` : ''),
        ['usage_collection', 'task'],
      );
    } else if (forms.has(task.form) && !forms.get(task.form)!.usage_fields) {
      diag(
        'usage-task-without-fields',
        `usage_collection's task '${taskId}' has form '${task.form}', which declares no usage_fields: nothing would record the connection`,
        ['usage_collection', 'task'],
      );
    }
    if (!shared.usage_collection.steps)
      diag(
        'usage-wording-missing',
        "usage_collection needs the workflow's wording in _shared/usage-collection.yaml",
        ['usage_collection'],
        'error',
        true,
      );
  }

  // A path that is not in the document reaches no pinned job: most likely a misspelling.
  ((raw.versioning?.apply_to_pinned ?? []) as string[]).forEach((p, i) => {
    if (!hasDocumentPath(raw, p))
      diag(
        'unknown-pinned-path',
        `versioning.apply_to_pinned names '${p}', which this program does not have: no value of it would reach pinned jobs`,
        ['versioning', 'apply_to_pinned', i],
        'warning',
      );
  });

  (raw.tasks as Raw[]).forEach((t, i) => {
    if (forms.has(t.form)) return;
    const fields = [...(awaitedFields.get(t.form) ?? [])].sort();
    awaitedFields.delete(t.form);
    // A form whose own file has errors exists: its diagnostics say what to fix there.
    if (out.some((d) => new RegExp(`(^|/)task-schemas/${t.form}/form\\.(ya?ml|json)$`).test(d.file))) return;
    const read = fields.length ? ` (rules read its fields: ${fields.join(', ')})` : '';
    if (t.draft === true) {
      diag(
        'unknown-form',
        `task '${t.id}' names form '${t.form}', which does not exist yet in task-schemas/ (the task is a draft)` + read,
        ['tasks', i, 'form'],
        'warning',
      );
      return;
    }
    const hint = closest(t.form, [...forms.keys()]);
    diag(
      'unknown-form',
      `task '${t.id}' names form '${t.form}', which is not in task-schemas/` +
        (hint ? ` (did you mean '${hint}'?)` : ' (mark the task draft: true while its form is being written)') +
        read,
      ['tasks', i, 'form'],
    );
  });

  if (sharedErrors || out.slice(start).some((d) => d.severity === 'error')) return undefined;
  return {
    id: raw.id,
    name: raw.name,
    description: raw.description,
    active: raw.active,
    stage_model,
    stage_results: buildStageResults(stage_model),
    accept_submissions: raw.accept_submissions,
    service_area: raw.service_area,
    constants,
    tables,
    table_values,
    eligibility,
    tasks,
    task_order,
    incentives,
    rules,
    documents,
    usage_collection: raw.usage_collection,
    budget,
    quality,
    ...(reporting ? { reporting } : {}),
    versioning: {
      pin_at: raw.versioning?.pin_at ?? 'submission',
      apply_to_pinned: raw.versioning?.apply_to_pinned ?? [],
    },
    hash: hashDefinition({
      program: raw,
      shared_rules: eligibility.map((e) => e.logic),
      rules: rules.map((r) => r.valid_if.logic),
      constants,
      stage_model,
      templates: documents.map(
        (d) => shared.document_templates[d.template] && { ...shared.document_templates[d.template], file: undefined },
      ),
    }),
    file: parsed.file,
    raw,
  };
}

/** What a rule compiler threw, in words (json-logic-engine throws plain objects such as { type, key }). */
function thrownText(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (e && typeof e === 'object') {
    const o = e as { type?: unknown; key?: unknown; message?: unknown };
    if (typeof o.message === 'string') return o.message;
    if (o.type !== undefined) return `${String(o.type)}${o.key !== undefined ? ` '${String(o.key)}'` : ''}`;
    return JSON.stringify(e);
  }
  return String(e);
}
