/**
 * Whether every job of a program can finish, checked on its task graph: what the meta-schema and the
 * cycle check cannot see. A job opens one stage at a time (engine/tasks.ts: a task of a later stage is
 * LOCKED while any applicable task of the open stage is not complete) and a task waits for the tasks of
 * its `after` (one that does not apply counts as done). So a job never finishes when
 * - a task waits for a task of a later stage: that stage opens only once the waiting task is complete;
 * - a task's owner cannot submit its form: a required field is internal-only ("ui:internal": ops alone
 *   see it, and the server keeps what ops stored whatever anyone else sends) on a contractor's or a
 *   homeowner's task.
 * Not reported, because no job deadlocks on them: a wait for a task that may not apply (skipped counts as
 * done), a stage with no task (a job passes it), a task at stage 1, and owners no one signs in as
 * (finance, program, pe, ...): ops may work every task (server/services/access.ts canWorkTask;
 * tests/task-graph-definitions.test.ts holds the server to that).
 */

import { USER_ROLES } from '../constants.ts';
import { conditionalsOf } from '../forms/compile-form.ts';
import type { TaskDef, TaskForm } from '../types.ts';

/** What the graph checks read of a task form. */
export type GraphForm = Pick<TaskForm, 'schema' | 'ui_schema' | 'signatures' | 'usage_fields' | 'terms_fields'>;

/** A finding on a program's tasks, at a path of the program document. */
export interface GraphFinding {
  code: 'waits-for-later-stage' | 'internal-required-field';
  message: string;
  path: (string | number)[];
}

/** Owners who answer their own tasks and do not see internal-only fields: every sign-in role but ops. */
const OWNERS_WITHOUT_INTERNAL: readonly string[] = USER_ROLES.filter((r) => r !== 'ops');

type Schema = Record<string, unknown>;
const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The fields a form requires, each with the condition it is required under (none: always). */
function requiredFields(schema: Schema): { field: string; when?: string[]; at: string }[] {
  const out: { field: string; when?: string[]; at: string }[] = listOf(schema.required).map((field) => ({
    field,
    at: 'required',
  }));
  (Array.isArray(schema.allOf) ? (schema.allOf as Schema[]) : []).forEach((s, i) => {
    if (s && !s.if) for (const field of listOf(s.required)) out.push({ field, at: `allOf[${i}]` });
  });
  for (const c of conditionalsOf(schema)) {
    const when = [
      ...new Set([...Object.keys((c.if.properties as Schema | undefined) ?? {}), ...listOf(c.if.required)]),
    ];
    const base = c.index === null ? '' : `allOf[${c.index}].`;
    for (const [branch, s] of [
      ['then', c.then],
      ['else', c.else],
    ] as const) {
      for (const field of listOf(s?.required)) out.push({ field, when, at: `${base}${branch}` });
    }
  }
  return out;
}

/** Internal-only fields the form requires where its tasks' owner could answer, server-filled fields aside. */
function internalRequired(form: GraphForm): { field: string; when?: string[]; at: string }[] {
  const ui = (form.ui_schema ?? {}) as Record<string, { 'ui:internal'?: unknown } | undefined>;
  const internal = (f: string) => ui[f]?.['ui:internal'] === true;
  // Signature statuses, usage fields and terms versions are filled by the server, not by whoever answers.
  const filled = new Set([
    ...Object.keys(form.signatures ?? {}),
    ...Object.keys(form.usage_fields ?? {}),
    ...Object.keys(form.terms_fields ?? {}),
  ]);
  // A branch chosen only by internal fields is chosen by ops, who can fill what it requires too.
  return requiredFields(form.schema).filter(
    (r) => internal(r.field) && !filled.has(r.field) && !(r.when?.length && r.when.every(internal)),
  );
}

/** The findings on a program's tasks (in the order of `tasks`, which is the document's order). */
export function checkTaskGraph(
  tasks: Pick<TaskDef, 'id' | 'stage' | 'owner' | 'form' | 'after'>[],
  forms: ReadonlyMap<string, GraphForm>,
): GraphFinding[] {
  const findings: GraphFinding[] = [];
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const internalByForm = new Map<string, ReturnType<typeof internalRequired>>();
  tasks.forEach((t, i) => {
    t.after.forEach((id, j) => {
      const dep = byId.get(id);
      if (!dep || dep.stage <= t.stage) return;
      findings.push({
        code: 'waits-for-later-stage',
        message: `task '${t.id}' (stage ${t.stage}) waits for '${dep.id}' of stage ${dep.stage}: stage ${dep.stage} opens only when every task of stage ${t.stage} is complete, so no job where both apply can finish`,
        path: ['tasks', i, 'after', j],
      });
    });
    const form = forms.get(t.form);
    if (!form || !OWNERS_WITHOUT_INTERNAL.includes(t.owner)) return;
    if (!internalByForm.has(t.form)) internalByForm.set(t.form, internalRequired(form));
    for (const r of internalByForm.get(t.form)!) {
      const when = r.when ? ` when the condition on ${r.when.join(', ')} holds (schema ${r.at})` : '';
      findings.push({
        code: 'internal-required-field',
        message: `task '${t.id}' is owned by ${t.owner}, but its form '${t.form}' requires '${r.field}'${when}, an internal-only field (ui:internal) only ops can fill: the ${t.owner} can never submit it`,
        path: ['tasks', i, 'form'],
      });
    }
  });
  return findings;
}

/**
 * The forms no program's task or quality review names (by key, sorted): nobody is ever asked to fill them. A form that
 * is a screen of the portal (form.yaml `portal_screen:`) is used by the portal itself.
 */
export function unusedForms(forms: Record<string, Pick<TaskForm, 'portal_screen'>>, programDocs: unknown[]): string[] {
  const used = new Set<string>();
  const named = (list: unknown) => {
    if (Array.isArray(list))
      for (const t of list)
        if (typeof (t as { form?: unknown })?.form === 'string') used.add((t as { form: string }).form);
  };
  for (const doc of programDocs) {
    named((doc as { tasks?: unknown } | null)?.tasks);
    const reviews = (doc as { quality?: { reviews?: unknown } } | null)?.quality?.reviews;
    if (reviews && typeof reviews === 'object')
      for (const r of Object.values(reviews)) named((r as { checklists?: unknown } | null)?.checklists);
  }
  return Object.keys(forms)
    .filter((k) => !used.has(k) && !forms[k].portal_screen)
    .sort();
}
