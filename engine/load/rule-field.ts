/**
 * A program's task rule shows its message under `field:`, a field of the form of the rule's task: a
 * name that form does not have puts the message nowhere (the contractor sees the task refused, with no
 * message under any field).
 */

import type { TaskForm } from '../types.ts';
import { closest } from './suggest.ts';

/**
 * What is wrong with a task rule's `field:` (undefined: nothing, or nothing to compare with: no field,
 * an unknown task, a form not written yet). `task`: the rule's task id; `tasks`: the program's tasks.
 */
export function ruleFieldProblem(
  field: unknown,
  task: unknown,
  tasks: { id?: unknown; form?: unknown }[],
  forms: Map<string, TaskForm>,
  rule: string,
): string | undefined {
  if (typeof field !== 'string') return undefined;
  const formKey = tasks.find((t) => t.id === task)?.form;
  const form = typeof formKey === 'string' ? forms.get(formKey) : undefined;
  if (!form) return undefined;
  // A message may sit under a sub-field (`units.0.model`): its first segment is the form's field.
  const name = field.split('.')[0];
  if (form.fields.includes(name)) return undefined;
  const hint = closest(name, form.fields);
  return (
    `rule '${rule}' shows its message under '${field}', but form '${form.key}' (task '${String(task)}') has no field '${name}'` +
    (hint ? ` (did you mean '${hint}'?)` : '')
  );
}
