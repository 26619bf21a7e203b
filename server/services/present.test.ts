import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../context.ts';
import type { HistoryRow } from '../db/history.db.ts';
import { canSeeField } from './access.ts';
import { presentHistoryItem } from './present.ts';

const person = (role: AuthUser['role']): AuthUser => ({
  id: 7,
  email: 'x@y.test',
  name: 'X',
  role,
  contractor_id: role === 'contractor' ? 1 : null,
});
const row = (type: string, detail: Record<string, unknown> | null): HistoryRow => ({
  id: 1,
  job_id: 1,
  type,
  user_id: 9,
  user_name: 'Olive Ops',
  at: '2026-06-01T00:00:00.000Z',
  detail,
});

describe('internal-only data, decided once', () => {
  it.each([
    ['ops', 'contractor', false, true],
    ['ops', 'ops', true, true],
    ['contractor', 'ops', false, true],
    ['contractor', 'contractor', true, false],
    ['homeowner', 'homeowner', false, true],
    ['homeowner', 'contractor', false, false],
    ['homeowner', 'homeowner', true, false],
  ] as const)('%s sees a field of a task owned by %s (internal %s): %s', (role, owner, internal, expected) => {
    expect(canSeeField(person(role), owner, internal)).toBe(expected);
  });

  it('a history record of an upload into an internal-only field is ops-only whole', () => {
    const r = row('attachment_uploaded', { task_id: 't', field: 'secret_pdf', name: 'a.pdf' });
    const internal = (_t: string, f: string) => f === 'secret_pdf';
    expect(presentHistoryItem(person('contractor'), r, internal)).toBeNull();
    expect(presentHistoryItem(person('ops'), r, internal)).toEqual(r);
    expect(
      presentHistoryItem(person('contractor'), row('attachment_uploaded', { task_id: 't', field: 'photo' }), internal),
    ).not.toBeNull();
  });

  it('an exception note and a claimer are dropped for others, the rest kept', () => {
    expect(
      presentHistoryItem(
        person('contractor'),
        row('task_exception_flagged', { task_id: 't', kind: 'ops', note: 'n' }),
        () => false,
      )?.detail,
    ).toEqual({ task_id: 't', kind: 'ops' });
    expect(presentHistoryItem(person('contractor'), row('job_claimed', null), () => false)).toMatchObject({
      user_id: null,
      user_name: null,
    });
    expect(
      presentHistoryItem(person('contractor'), row('job_canceled', { reason: 'other', note: 'moved' }), () => false),
    ).toMatchObject({ user_name: 'Olive Ops', detail: { note: 'moved' } });
  });
});
