import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { buildDeps } from '../../server/deps.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedIfEmpty } from '../../server/seed/demo.ts';
import { signIn } from '../../server/services/auth.service.ts';

const fresh = () => buildDeps({ ...loadConfig({}), database_url: ':memory:' }, { now: () => new Date('2026-06-01T15:00:00Z'), log: () => undefined });
const all = <T>(deps: ReturnType<typeof fresh>, sql: string) => deps.db.prepare(sql).all() as T[];

describe('the demo seed', () => {
  const deps = fresh();
  const seeded = seedIfEmpty(deps);

  it('seeds an empty database once', () => {
    expect(seeded).toBe(true);
    expect(seedIfEmpty(deps)).toBe(false);
  });
  it('has all ten programs, about three hundred jobs and twenty contractors', () => {
    expect(all<{ program_id: string }>(deps, 'SELECT DISTINCT program_id FROM jobs').map((r) => r.program_id).sort()).toEqual(Object.keys(deps.defs.programs).sort());
    expect(all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM jobs')[0].n).toBeGreaterThanOrEqual(250);
    expect(all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM contractors')[0].n).toBe(20);
    expect(all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM contractors WHERE address IS NULL')[0].n).toBeGreaterThan(0);
  });
  it('puts jobs at every stage that has tasks, in every program', () => {
    for (const p of Object.values(deps.defs.programs)) {
      const have = new Set(all<{ stage: number }>(deps, `SELECT DISTINCT stage FROM jobs WHERE program_id = '${p.id}'`).map((r) => r.stage));
      const withTasks = [...new Set(p.tasks.map((t) => t.stage))];
      expect(withTasks.filter((n) => !have.has(n)), p.id).toEqual([]);
    }
  });
  it('has eligible, pending and ineligible jobs (several reasons), canceled, claimed and flagged ones', () => {
    const values = all<{ eligibility: string }>(deps, 'SELECT DISTINCT eligibility FROM jobs').map((r) => r.eligibility);
    expect(values).toEqual(expect.arrayContaining(['eligible', 'pending_more_information', 'ineligible']));
    expect(all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM jobs WHERE is_canceled = 1')[0].n).toBeGreaterThanOrEqual(10);
    expect(all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM jobs WHERE claimed_by IS NOT NULL')[0].n).toBeGreaterThan(0);
    expect(all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM jobs WHERE has_contractor_task_exception = 1 OR has_ops_task_exception = 1')[0].n).toBeGreaterThan(0);
    expect(all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM jobs WHERE homeowner_user_id IS NOT NULL')[0].n).toBe(2);
  });
  it('every demo user signs in with the demo password', () => {
    for (const u of DEMO_USERS) expect(signIn(deps, u.email, DEMO_PASSWORD, '127.0.0.9').user.role).toBe(u.role);
  });
  it('is deterministic: two fresh databases get the same job codes', () => {
    const other = fresh();
    seedIfEmpty(other);
    const codes = (d: ReturnType<typeof fresh>) => all<{ code: string }>(d, 'SELECT code FROM jobs ORDER BY id').map((r) => r.code);
    expect(codes(other)).toEqual(codes(deps));
  });
  it('places for initial eligibility cover every program and some unserved addresses', () => {
    expect(all<{ n: number }>(deps, "SELECT COUNT(*) n FROM places WHERE place_id LIKE 'demo-place-unserved-%'")[0].n).toBe(2);
    expect(all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM places')[0].n).toBeGreaterThanOrEqual(40);
  });
});

describe('the demo seed of the admin screens', () => {
  const deps = fresh();
  seedIfEmpty(deps);
  it('has announcements (one for a single contractor, one with a video, one expired), three terms versions, providers and a catalog', () => {
    expect(all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM announcements')[0].n).toBeGreaterThanOrEqual(6);
    expect(all<{ n: number }>(deps, "SELECT COUNT(*) n FROM announcements WHERE video_url LIKE 'https://www.youtube.com/%'")[0].n).toBe(1);
    expect(all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM terms_versions')[0].n).toBe(3);
    expect(all<{ version: number }>(deps, 'SELECT version FROM terms_versions WHERE is_current = 1')[0].version).toBe(3);
    expect(all<{ n: number }>(deps, 'SELECT COUNT(*) n FROM providers WHERE preferred_vendor_id IS NOT NULL')[0].n).toBeGreaterThan(0);
    const byType = Object.fromEntries(all<{ type: string; n: number }>(deps, 'SELECT type, COUNT(*) n FROM equipment GROUP BY type').map((r) => [r.type, r.n]));
    expect(byType).toEqual({ heat_pump: 60, water_heater: 25, other: 15 });
  });
});
