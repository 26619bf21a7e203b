/** The order tasks are evaluated in: each after the tasks it waits for; dependency cycles are reported. */

import type { TaskDef } from '../types.ts';

/** Orders tasks so each comes after the tasks it waits for; reports each cycle once. */
export function orderTasks(
  tasks: TaskDef[],
  onCycle: (cycle: string[], taskIndex: number, afterIndex: number) => void,
): TaskDef[] {
  const byId = new Map(tasks.map((t, i) => [t.id, { t, i }]));
  const state = new Map<string, 'visiting' | 'done'>();
  const order: TaskDef[] = [];
  const reported = new Set<string>();
  const visit = (id: string, stack: string[]) => {
    const entry = byId.get(id);
    if (!entry || state.get(id) === 'done') return;
    state.set(id, 'visiting');
    entry.t.after.forEach((dep, j) => {
      if (state.get(dep) === 'visiting') {
        const at = stack.indexOf(dep);
        const cycle = at >= 0 ? [...stack.slice(at), id, dep] : [id, dep];
        const key = [...cycle].sort().join(',');
        if (!reported.has(key)) {
          reported.add(key);
          onCycle(cycle, entry.i, j);
        }
        return;
      }
      visit(dep, [...stack, id]);
    });
    state.set(id, 'done');
    order.push(entry.t);
  };
  for (const t of tasks) visit(t.id, []);
  return order;
}
