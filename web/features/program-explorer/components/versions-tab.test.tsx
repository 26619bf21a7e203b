/**
 * The explorer's Versions tab against mocked answers: the versions newest first with the current one
 * marked, the changes of the version shown grouped by file, another version's on "Show changes", and
 * ops' move of pinned jobs after a confirmation (the move is asked only once confirmed).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, click, hasButton, mockApi, mount, type Mounted } from '../../../lib/testing/render.tsx';
import { setSession } from '../../../lib/session.ts';
import { VersionsTab } from './versions-tab.tsx';

const CURRENT = 'c'.repeat(64);
const OLDER = 'b'.repeat(64);
const OLDEST = 'a'.repeat(64);
const VERSIONS = {
  items: [
    { hash: CURRENT, first_loaded_at: '2026-11-20T10:00:00.000Z', current: true, pinned_jobs: 7 },
    { hash: OLDER, first_loaded_at: '2026-10-01T10:00:00.000Z', current: false, pinned_jobs: 2 },
    { hash: OLDEST, first_loaded_at: '2026-06-01T10:00:00.000Z', current: false, pinned_jobs: 0 },
  ],
};
const change = (file: string, path: string, text: string) => ({ file, path, before: 1, after: 2, text });
const DIFF_OLDER = {
  from: OLDER,
  to: CURRENT,
  changes: [
    change(
      'program-defs/wi-hear/program.yaml',
      'incentives.caps.heat_pump',
      'incentives.caps.heat_pump changed 800000 -> 650000',
    ),
    change(
      'task-schemas/wi-hear/provide_services.yaml',
      'schema.required',
      'schema.required changed ["a"] -> ["a","b"]',
    ),
    change(
      'program-defs/wi-hear/program.yaml',
      'accept_submissions.until',
      'accept_submissions.until changed 2026-12-31 -> 2026-11-30',
    ),
  ],
};
const DIFF_OLDEST = {
  from: OLDEST,
  to: CURRENT,
  changes: [change('program-defs/wi-hear/program.yaml', 'name', 'name changed WI HEAR -> Wisconsin HEAR')],
};
const BASE = '/api/programs/wi-hear';

let m: Mounted | undefined;
afterEach(async () => {
  await m?.unmount();
  m = undefined;
  setSession(null);
  vi.unstubAllGlobals();
});

const asOps = () =>
  setSession({
    token: 't',
    user: { id: 1, email: 'ops@example.test', name: 'Olive Ops', role: 'ops', contractor_id: null } as never,
  });
const rows = () =>
  Array.from(m!.host.querySelectorAll('.versions-table tbody tr')).map((r) => r.getAttribute('data-version'));

describe('the Versions tab', () => {
  it('lists the versions newest first and shows what the newest older one changed, grouped by file', async () => {
    asOps();
    mockApi({
      [`GET ${BASE}/versions`]: { body: VERSIONS },
      [`GET ${BASE}/versions/${OLDER}/diff`]: { body: DIFF_OLDER },
      [`GET ${BASE}/versions/${OLDEST}/diff`]: { body: DIFF_OLDEST },
    });
    m = await mount({ at: '/', path: '/', element: <VersionsTab programId="wi-hear" /> });
    expect(rows()).toEqual([CURRENT, OLDER, OLDEST]);
    const current = m.host.querySelector(`tr[data-version="${CURRENT}"]`)!;
    expect(current.textContent).toContain('current');
    expect(current.textContent).toContain(CURRENT.slice(0, 16));
    expect(current.textContent).toContain('7');
    const files = Array.from(m.host.querySelectorAll('.diff-file')).map((f) => [
      f.querySelector('.diff-file-name')!.textContent,
      Array.from(f.querySelectorAll('li')).map((l) => l.textContent),
    ]);
    expect(files).toEqual([
      [
        'program-defs/wi-hear/program.yaml',
        [
          'incentives.caps.heat_pump changed 800000 -> 650000',
          'accept_submissions.until changed 2026-12-31 -> 2026-11-30',
        ],
      ],
      ['task-schemas/wi-hear/provide_services.yaml', ['schema.required changed ["a"] -> ["a","b"]']],
    ]);
    // Another version's changes on "Show changes".
    await click(m.host.querySelector(`tr[data-version="${OLDEST}"] button`)!);
    expect(m.host.querySelector('.version-diff')!.getAttribute('data-version')).toBe(OLDEST);
    expect(m.text()).toContain('name changed WI HEAR -> Wisconsin HEAR');
    expect(m.text()).not.toContain('800000 -> 650000');
  });

  it('ops move a version’s pinned jobs to the current version only once they confirm', async () => {
    asOps();
    const api = mockApi({
      [`GET ${BASE}/versions`]: [
        { body: VERSIONS },
        { body: { items: [VERSIONS.items[0], { ...VERSIONS.items[1], pinned_jobs: 0 }, VERSIONS.items[2]] } },
      ],
      [`GET ${BASE}/versions/${OLDER}/diff`]: { body: DIFF_OLDER },
      [`POST ${BASE}/migrate-jobs`]: { body: { moved: 2 } },
    });
    m = await mount({ at: '/', path: '/', element: <VersionsTab programId="wi-hear" /> });
    const label = 'Move 2 pinned jobs to the current version';
    // Only versions that are not current and have pinned jobs offer the move.
    expect(m.host.querySelectorAll('.version-actions button.bp6-intent-primary').length).toBe(1);
    await click(button(m.host, label));
    expect(document.body.textContent).toContain(
      `Move 2 jobs pinned to version ${OLDER.slice(0, 16)} to the current version?`,
    );
    expect(api.count(`POST ${BASE}/migrate-jobs`)).toBe(0);
    await click(button(document.body, 'Cancel'));
    expect(api.count(`POST ${BASE}/migrate-jobs`)).toBe(0);
    await click(button(m.host, label));
    await click(button(document.body, 'Move the jobs'));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: `${BASE}/migrate-jobs`, body: { from: OLDER } },
    ]);
    expect(m.text()).toContain(`Moved 2 jobs from version ${OLDER.slice(0, 16)} to the current version.`);
    // The versions are read again: none left pinned to the older one.
    expect(api.count(`GET ${BASE}/versions`)).toBe(2);
    expect(hasButton(m.host, label)).toBe(false);
  });

  it('offers no move to someone who is not ops', async () => {
    mockApi({
      [`GET ${BASE}/versions`]: { body: VERSIONS },
      [`GET ${BASE}/versions/${OLDER}/diff`]: { body: DIFF_OLDER },
    });
    m = await mount({ at: '/', path: '/', element: <VersionsTab programId="wi-hear" /> });
    expect(rows()).toHaveLength(3);
    expect(hasButton(m.host, 'Move 2 pinned jobs to the current version')).toBe(false);
  });
});
