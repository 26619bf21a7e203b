/**
 * Checks a program's cases.yaml against the program and its forms before any case runs: task ids,
 * stored task statuses, site keys and each task's answers (against its form), and the names its
 * expectations use (tasks, ineligibility reasons, incentive lines, tabs, roles). A misspelt name there
 * would otherwise pass (an unknown answer is dropped, an unknown task never read) or surface as some
 * other case failing far away.
 */

import casesSchema from '../schema/cases.schema.json' with { type: 'json' };
import { ACTION_OWNER_ROLES, EXCEPTION_KINDS, STORED_TASK_STATUSES, TASK_STATUSES } from '../constants.ts';
import { JOB_FACTS } from '../facts.ts';
import type { Diagnostic, Program, TaskForm, TaskState } from '../types.ts';
import { checkTaskData } from './lint-case-data.ts';
import { closest } from './suggest.ts';
import type { ParsedFile } from './yaml-source.ts';

type Path = (string | number)[];

/** The job's own keys (the case schema's job); the site holds the other job facts. */
const JOB_KEYS: string[] = Object.keys(casesSchema.definitions.job.properties);
const SITE_KEYS: string[] = JOB_FACTS.filter((k) => !JOB_KEYS.includes(k));
/** Site facts that are numbers (coordinates); the others are text compared as written. */
const SITE_NUMBERS = ['lat', 'lon'] as const satisfies readonly (typeof JOB_FACTS)[number][];
/** What a task's stored state holds. */
const TASK_STATE_KEYS = [
  'status',
  'data',
  'owner_override',
  'exceptions',
] as const satisfies readonly (keyof TaskState)[];

const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const hint = (word: string, names: readonly string[]) => {
  // Case first: `complete` for COMPLETE is many edits apart but one mistake.
  const h = names.find((n) => n.toLowerCase() === word.toLowerCase()) ?? closest(word, [...names]);
  return h ? ` (did you mean '${h}'?)` : '';
};

/** Lints one cases file for its program; returns the diagnostics (an empty list when clean). */
export function lintCases(file: ParsedFile, program: Program, forms: Record<string, TaskForm>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const doc = file.value as { base?: unknown; cases?: { name?: string; job?: unknown; expect?: unknown }[] };
  const taskIds = program.tasks.map((t) => t.id);
  const report = (code: string, path: Path, message: string, key = false) =>
    out.push({ code, severity: 'error', file: file.file, path, range: file.locate(path, key), message });
  const unknownTask = (id: string, path: Path, key: boolean, who: string) =>
    report(
      'case-unknown-task',
      path,
      `${who}: '${id}' is not a task of program ${program.id}${hint(id, taskIds)}`,
      key,
    );

  const lintJob = (job: unknown, at: Path, who: string) => {
    if (!isPlain(job)) return;
    if (isPlain(job.site)) {
      for (const [k, v] of Object.entries(job.site)) {
        if (!SITE_KEYS.includes(k))
          report(
            'case-unknown-key',
            [...at, 'site', k],
            `${who}: '${k}' is not a site field (site fields: ${SITE_KEYS.join(', ')})${hint(k, SITE_KEYS)}`,
            true,
          );
        else if (v !== null && (SITE_NUMBERS as readonly string[]).includes(k) !== (typeof v === 'number')) {
          const want = typeof v === 'number' ? 'text (quote it)' : 'a number';
          report(
            'case-invalid-value',
            [...at, 'site', k],
            `${who}: site ${k} must be ${want}, not ${JSON.stringify(v)}`,
          );
        }
      }
    }
    if (!isPlain(job.tasks)) return;
    for (const [id, state] of Object.entries(job.tasks)) {
      const path = [...at, 'tasks', id];
      const task = program.tasks.find((t) => t.id === id);
      if (!task) {
        unknownTask(id, path, true, who);
        continue;
      }
      if (!isPlain(state)) {
        if (state !== null)
          report(
            'case-invalid-value',
            path,
            `${who}: task ${id} must be a map (status, data, ...), not ${JSON.stringify(state)}`,
          );
        continue;
      }
      lintTaskState(state, path, `${who}: task ${id}`, task.form);
    }
  };

  const lintTaskState = (state: Record<string, unknown>, path: Path, who: string, formKey: string) => {
    for (const k of Object.keys(state)) {
      if (!(TASK_STATE_KEYS as readonly string[]).includes(k))
        report(
          'case-unknown-key',
          [...path, k],
          `${who}: '${k}' is not part of a task's state (${TASK_STATE_KEYS.join(', ')})${hint(k, TASK_STATE_KEYS)}`,
          true,
        );
    }
    const status = state.status;
    if (status !== undefined && status !== null && !(STORED_TASK_STATUSES as readonly unknown[]).includes(status)) {
      const derived = (TASK_STATUSES as readonly unknown[]).includes(status)
        ? `; the engine derives ${String(status)}, a job never stores it (leave status out for a task not started)`
        : hint(String(status), STORED_TASK_STATUSES);
      report(
        'case-unknown-status',
        [...path, 'status'],
        `${who}: status '${String(status)}' is not a status a job stores (${STORED_TASK_STATUSES.join(' or ')})${derived}`,
      );
    }
    const override = state.owner_override;
    if (
      isPlain(override) &&
      override.role !== undefined &&
      !(ACTION_OWNER_ROLES as readonly unknown[]).includes(override.role)
    ) {
      report(
        'case-invalid-value',
        [...path, 'owner_override', 'role'],
        `${who}: '${String(override.role)}' is not a role (${ACTION_OWNER_ROLES.join(', ')})${hint(String(override.role), ACTION_OWNER_ROLES)}`,
      );
    }
    if (isPlain(state.exceptions)) {
      for (const k of Object.keys(state.exceptions)) {
        if (!(EXCEPTION_KINDS as readonly string[]).includes(k))
          report(
            'case-unknown-key',
            [...path, 'exceptions', k],
            `${who}: '${k}' is not who flags an exception (${EXCEPTION_KINDS.join(', ')})${hint(k, EXCEPTION_KINDS)}`,
            true,
          );
      }
    }
    const data = state.data;
    if (data === undefined || data === null) return;
    if (!isPlain(data)) {
      report(
        'case-invalid-value',
        [...path, 'data'],
        `${who}: data must be a map of the form's fields, not ${JSON.stringify(data)}`,
      );
      return;
    }
    const form = forms[formKey];
    if (!form) return;
    for (const p of checkTaskData(form.key, form.schema, data)) {
      report(
        p.kind === 'unknown-field' ? 'case-unknown-field' : 'case-invalid-value',
        [...path, 'data', ...p.path],
        `${who}: ${p.message}`,
        p.kind === 'unknown-field',
      );
    }
  };

  lintJob(doc.base, ['base'], 'base');
  (Array.isArray(doc.cases) ? doc.cases : []).forEach((c, i) => {
    const who = `case '${c?.name ?? i + 1}'`;
    lintJob(c?.job, ['cases', i, 'job'], who);
    if (isPlain(c?.expect)) lintExpect(c.expect, ['cases', i, 'expect'], who);
  });
  return out;

  function lintExpect(x: Record<string, unknown>, at: Path, who: string) {
    for (const key of ['open_tasks', 'locked_tasks', 'skipped_tasks']) {
      const ids = x[key];
      if (Array.isArray(ids))
        ids.forEach(
          (id, j) => typeof id === 'string' && !taskIds.includes(id) && unknownTask(id, [...at, key, j], false, who),
        );
    }
    if (isPlain(x.owners)) {
      for (const [id, role] of Object.entries(x.owners)) {
        if (!taskIds.includes(id)) unknownTask(id, [...at, 'owners', id], true, who);
        else if (typeof role === 'string' && !(ACTION_OWNER_ROLES as readonly string[]).includes(role)) {
          report(
            'case-invalid-value',
            [...at, 'owners', id],
            `${who}: '${role}' is not a role (${ACTION_OWNER_ROLES.join(', ')})${hint(role, ACTION_OWNER_ROLES)}`,
          );
        }
      }
    }
    const reasons = [...new Set(program.eligibility.map((r) => r.reason))];
    if (Array.isArray(x.reasons)) {
      x.reasons.forEach((r, j) => {
        if (typeof r === 'string' && !reasons.includes(r))
          report(
            'case-unknown-reason',
            [...at, 'reasons', j],
            `${who}: no eligibility rule of program ${program.id} gives the reason '${r}'${hint(r, reasons)}`,
          );
      });
    }
    const stages = program.stage_model.stages;
    if (typeof x.stage === 'number' && !stages.some((s) => s.number === x.stage)) {
      report(
        'case-invalid-value',
        [...at, 'stage'],
        `${who}: stage ${x.stage} is not a stage of ${program.stage_model.id} (1 to ${stages.length})`,
      );
    }
    const tabs = [...new Set(stages.map((s) => s.tab as string))];
    if (typeof x.tab === 'string' && !tabs.includes(x.tab))
      report(
        'case-invalid-value',
        [...at, 'tab'],
        `${who}: '${x.tab}' is not a tab of ${program.stage_model.id} (${tabs.join(', ')})${hint(x.tab, tabs)}`,
      );
    if (isPlain(x.rebate)) lintRebate(x.rebate, [...at, 'rebate'], who);
  }

  function lintRebate(r: Record<string, unknown>, at: Path, who: string) {
    const inc = program.incentives;
    const lines = [
      ...inc.measures.map((m) => m.id),
      inc.total_cap?.id,
      ...(inc.household_limits ?? []).map((h) => h.id),
      inc.percent_cap?.id,
      inc.minimum?.id,
    ].filter((id): id is string => !!id);
    const unknownLine = (id: string, path: Path, key: boolean) =>
      report(
        'case-unknown-line',
        path,
        `${who}: '${id}' is not an incentive line of program ${program.id} (${lines.join(', ')})${hint(id, lines)}`,
        key,
      );
    for (const key of ['lines', 'material_labor']) {
      if (isPlain(r[key]))
        for (const id of Object.keys(r[key])) if (!lines.includes(id)) unknownLine(id, [...at, key, id], true);
    }
    if (Array.isArray(r.capped)) {
      r.capped.forEach((spec, j) => {
        const id = typeof spec === 'string' ? spec.split(':')[0] : '';
        if (id && !lines.includes(id)) unknownLine(id, [...at, 'capped', j], false);
      });
    }
  }
}
