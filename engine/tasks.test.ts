import { describe, expect, it } from 'vitest';
import { evaluateJob } from './evaluate-job.ts';
import { clearException, flagException, resetOwnership, transferOwnership } from './task-actions.ts';
import { demoProgram } from './testing/fixtures.ts';
import type { JobInput, TaskState } from './types.ts';

const program = demoProgram();
const ctx = { today: '2026-06-01' };
const site = { state: 'CA', county: 'Alameda' };
const evalTasks = (tasks: Record<string, TaskState>, explain = false) =>
  evaluateJob(program, { site, tasks } as JobInput, { ...ctx, explain }).tasks;
const byId = (tasks: ReturnType<typeof evalTasks>) => Object.fromEntries(tasks.map((t) => [t.id, t]));

describe('task graph', () => {
  it('opens the first stage, locks the rest with what blocks them', () => {
    const t = byId(evalTasks({}, true));
    expect(t.income.status).toBe('READY');
    expect(t.services.status).toBe('READY');
    expect(t.review).toMatchObject({
      status: 'LOCKED',
      blocked_by: ['income'],
      explanation: 'LOCKED, blocked by income',
    });
    expect(t.send_payment.status).toBe('LOCKED');
    expect(t.send_payment).toMatchObject({
      blocked_by: ['income', 'services'],
      explanation: 'LOCKED, stage 5 opens when stage 2 is complete; blocked by income, services',
    });
  });

  it('stored statuses: IN_PROGRESS when a draft is saved, COMPLETE when submitted', () => {
    const t = byId(evalTasks({ income: { status: 'IN_PROGRESS', data: {} }, services: { status: 'COMPLETE' } }));
    expect(t.income.status).toBe('IN_PROGRESS');
    expect(t.services.status).toBe('COMPLETE');
  });

  it('a task opens when what it waits for is complete', () => {
    const t = byId(evalTasks({ income: { status: 'COMPLETE' }, services: { status: 'COMPLETE' } }));
    expect(t.review.status).toBe('READY');
    expect(t.dates).toMatchObject({ status: 'LOCKED', blocked_by: ['review'] });
  });

  it('a task whose applies_if is false is not part of the job and blocks nothing', () => {
    const ev = evaluateJob(
      program,
      { site, tasks: { services: { data: { services_being_installed: ['heat_pump'] } } } },
      ctx,
    );
    expect(ev.skipped_tasks).toEqual(['panel_photos']);
    expect(ev.tasks.map((t) => t.id)).not.toContain('panel_photos');
    const withPanel = evaluateJob(
      program,
      { site, tasks: { services: { data: { services_being_installed: ['panel'] } } } },
      ctx,
    );
    expect(withPanel.tasks.map((t) => t.id)).toContain('panel_photos');
  });

  it('carries contractor and ops exception flags', () => {
    const t = byId(evalTasks({ income: { exceptions: { contractor: { note: 'missing page' }, ops: null } } }));
    expect(t.income.exceptions).toEqual({ contractor: true, ops: false });
  });
});

describe('task actions', () => {
  it('flags and clears a contractor or ops exception', () => {
    const flagged = flagException(program, 'income', undefined, 'ops', {
      note: 'income proof unreadable',
      by: 'ops@example.com',
    });
    expect(flagged.ok).toBe(true);
    const state = flagged.ok ? flagged.state : {};
    expect(byId(evalTasks({ income: state })).income.exceptions).toEqual({ contractor: false, ops: true });
    const cleared = clearException(program, 'income', state, 'ops');
    expect(cleared.ok && byId(evalTasks({ income: cleared.state })).income.exceptions.ops).toBe(false);
    expect(flagException(program, 'nope', undefined, 'ops', {})).toEqual({
      ok: false,
      error: "Unknown task 'nope' in DEMO",
    });
  });

  it('transfers ownership with a reason and comments; the task keeps its status', () => {
    const r = transferOwnership(
      program,
      'income',
      { status: 'IN_PROGRESS', data: { income_level: 'below_ami_80' } },
      { role: 'ops', reason: 'homeowner called in', comments: 'will enter by phone' },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.owner_override).toEqual({
      role: 'ops',
      reason: 'homeowner called in',
      comments: 'will enter by phone',
    });
    const t = byId(evalTasks({ income: r.state }, true)).income;
    expect(t).toMatchObject({ owner: 'ops', default_owner: 'homeowner', status: 'IN_PROGRESS' });
    expect(t.explanation).toBe('IN_PROGRESS, owned by ops (transferred from homeowner: homeowner called in)');
  });

  it('refuses a transfer to an unknown role or without a reason', () => {
    expect(transferOwnership(program, 'income', undefined, { role: 'janitor', reason: 'x' })).toEqual({
      ok: false,
      error: "Unknown action owner 'janitor'",
    });
    expect(transferOwnership(program, 'income', undefined, { role: 'ops', reason: '  ' })).toEqual({
      ok: false,
      error: 'This field is required',
    });
  });

  it('reset to the default owner returns the task to READY and keeps its data', () => {
    const r = resetOwnership(program, 'income', {
      status: 'IN_PROGRESS',
      data: { income_level: 'below_ami_80' },
      owner_override: { role: 'ops', reason: 'x' },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.data).toEqual({ income_level: 'below_ami_80' });
    expect(byId(evalTasks({ income: r.state })).income).toMatchObject({ owner: 'homeowner', status: 'READY' });
    const fromComplete = resetOwnership(program, 'income', {
      status: 'COMPLETE',
      owner_override: { role: 'ops', reason: 'x' },
    });
    expect(fromComplete.ok && byId(evalTasks({ income: fromComplete.state })).income.status).toBe('READY');
  });
});
