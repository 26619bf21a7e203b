/**
 * `rebate validate` proves a program can finish (issue 17): the repository's programs pass the task-graph
 * checks (engine/load/task-graph.ts); a program changed to deadlock fails at the line of the change; each
 * form no program uses is a warning at its `key:` line; and the server decides who works a task as those
 * checks assume (ops work every task and see internal-only fields; contractors and homeowners do not).
 */

import { describe, expect, it } from 'vitest';
import {
  ACTION_OWNER_ROLES,
  evaluateJob,
  loadDefinitions,
  USER_ROLES,
  type JobInput,
  type SourceFile,
  type UserRole,
} from '../engine/index.ts';
import { readDefinitionFiles } from '../cli/read-files.ts';
import { canWorkTask, seesInternal } from '../server/services/access.ts';
import type { AuthUser } from '../server/context.ts';
import { ROOT } from './load-repo.ts';

const files = readDefinitionFiles([], ROOT);
const defs = loadDefinitions(files);
const withChange = (path: string, change: (text: string) => string): SourceFile[] => {
  const changed = files.map((f) => (f.path.endsWith(path) ? { ...f, text: change(f.text) } : f));
  // An edit that no longer matches the file would make the test prove nothing.
  expect(changed.find((f) => f.path.endsWith(path))!.text).not.toBe(files.find((f) => f.path.endsWith(path))!.text);
  return changed;
};
const position = (text: string, needle: string) => {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.includes(needle));
  return { line: i + 1, col: lines[i].indexOf(needle) + 1 };
};

describe('the repository', () => {
  it('has no task waiting for a later stage and no required field only ops can fill on a task of someone else', () => {
    expect(
      defs.diagnostics
        .filter((d) => d.code === 'waits-for-later-stage' || d.code === 'internal-required-field')
        .map((d) => d.message),
    ).toEqual([]);
  });

  it('warns on exactly the forms no program names and no portal screen is, each at its key: line', () => {
    // Named by a task, or by a quality review as its checklist.
    const used = new Set(
      Object.values(defs.programs).flatMap((p) => [
        ...p.tasks.map((t) => t.form),
        ...(p.quality?.reviews.flatMap((r) => r.checklists.map((c) => c.form)) ?? []),
      ]),
    );
    expect(used.has('qa_field_inspection')).toBe(true);
    const warnings = defs.diagnostics.filter((d) => d.code === 'unused-form');
    expect(warnings.map((d) => /^form '([a-z0-9_]+)'/.exec(d.message)?.[1]).sort()).toEqual(
      Object.keys(defs.forms)
        .filter((k) => !used.has(k) && !defs.forms[k].portal_screen)
        .sort(),
    );
    for (const w of warnings) {
      const key = /^form '([a-z0-9_]+)'/.exec(w.message)![1];
      const file = files.find((f) => f.path === w.file)!;
      expect(w.severity).toBe('warning');
      expect(w.file.replace(/\\/g, '/')).toBe(`task-schemas/${key}/form.yaml`);
      expect(w.range).toMatchObject({ ...position(file.text, `key: ${key}`), col: 1 });
    }
  });
});

describe('a deliberately deadlocked program', () => {
  // WI HEAR's scope of work (stage 2) made to wait for the install dates, a task of stage 4.
  const edit = (t: string) =>
    t.replace(
      /(- id: scope_of_work_proposed\n(?: {4}.*\n)*? {4}after: \[provide_services)\]/,
      '$1, confirm_install_dates]',
    );
  const changed = withChange('wi-hear/program.yaml', edit);

  it('fails with the wait that deadlocks it, at the line and column of that `after` item', () => {
    const loaded = loadDefinitions(changed);
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code)).toEqual(['waits-for-later-stage']);
    const [d] = errors;
    expect(d.message).toBe(
      "task 'scope_of_work_proposed' (stage 2) waits for 'confirm_install_dates' of stage 4: stage 4 opens only when every task of stage 2 is complete, so no job where both apply can finish",
    );
    expect(d.file.replace(/\\/g, '/')).toBe('program-defs/wi-hear/program.yaml');
    const text = changed.find((f) => f.path.endsWith('wi-hear/program.yaml'))!.text;
    const at = position(text, 'after: [provide_services, confirm_install_dates]');
    expect(d.range).toMatchObject({ line: at.line, col: at.col + 'after: [provide_services, '.length });
    expect(loaded.programs['wi-hear']).toBeUndefined();
  });

  it('really deadlocks: with the wait added, a job whose stage 2 is otherwise done has no task anyone can work', () => {
    const p = defs.programs['wi-hear'];
    const stuck = {
      ...p,
      tasks: p.tasks.map((t) =>
        t.id === 'scope_of_work_proposed' ? { ...t, after: [...t.after, 'confirm_install_dates'] } : t,
      ),
    };
    const done = Object.fromEntries(
      p.tasks
        .filter((t) => t.stage === 2 && t.id !== 'scope_of_work_proposed')
        .map((t) => [t.id, { status: 'COMPLETE' as const, data: {} }]),
    );
    const ev = evaluateJob(stuck, { site: { state: 'WI', county: 'Milwaukee' }, tasks: done } as JobInput, {
      today: '2026-06-01',
    });
    expect(ev.stage.number).toBe(2);
    expect(ev.tasks.find((t) => t.id === 'scope_of_work_proposed')).toMatchObject({
      status: 'LOCKED',
      blocked_by: ['confirm_install_dates'],
    });
    expect(ev.tasks.find((t) => t.id === 'confirm_install_dates')?.status).toBe('LOCKED');
    expect(ev.tasks.filter((t) => t.status === 'READY' || t.status === 'IN_PROGRESS').map((t) => t.id)).toEqual([]);
  });
});

describe('who can act for an owner, as the checks assume', () => {
  const user = (role: UserRole) =>
    ({
      id: 1,
      email: `${role}@example.com`,
      name: role,
      role,
      contractor_id: role === 'contractor' ? 1 : null,
    }) as AuthUser;

  it('every owner role has someone who can work its tasks: ops work every task, so no owner is unreachable', () => {
    for (const owner of ACTION_OWNER_ROLES)
      expect(
        USER_ROLES.filter((r) => canWorkTask(user(r), { owner })),
        owner,
      ).toContain('ops');
  });

  it('contractors and homeowners work their own tasks without seeing internal-only fields; only ops see them', () => {
    expect(canWorkTask(user('contractor'), { owner: 'contractor' })).toBe(true);
    expect(canWorkTask(user('homeowner'), { owner: 'homeowner' })).toBe(true);
    expect(USER_ROLES.filter((r) => seesInternal(user(r)))).toEqual(['ops']);
  });
});
