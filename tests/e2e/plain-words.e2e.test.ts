/**
 * No definition key on the screens contractors and homeowners see (issue 20): the jobs list, the job
 * detail with every tab, the drawer of every task they can open, the program pages and the homeowner's
 * view, on demo jobs of several programs and on a brand-new job. The forbidden strings come from the
 * loaded definitions: task ids, form keys, field keys, option keys, rule ids, reason keys, constants and
 * table paths; only keys with "_" or "." count (a key such as "other" or "yes" is also plain English),
 * plus a short list: spec references ("spec sect") and "[object Object]".
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newWiHearJob, settled, startPortal, type Portal } from './portal.ts';
import { loadRepo } from '../load-repo.ts';
import { findUserByEmail, insertUser } from '../../server/db/users.db.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import { readJob } from '../../server/services/jobs.service.ts';
import type { AuthUser } from '../../server/context.ts';
import { dbAll } from '../support/db.ts';
import type { Definitions } from '../../engine/index.ts';

const CONTRACTOR = 'alex@northwind-hvac.test';
const HOMEOWNER = 'homeowner@demo.rebates.test';
/** Strings that are never plain words, whatever their shape. */
const ALWAYS_FORBIDDEN = ['spec sect', '[object Object]'];
/** Programs whose demo jobs the walk opens besides a brand-new WI HEAR job (with a deemed range, county budgets, income
 * shares, rate tiers). */
const PROGRAMS = ['reco', 'ca-heehra', '3ce', 'pce'];

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every key of the definitions that cannot be a plain word (it has "_" or "."). */
function definitionKeys(defs: Definitions): Set<string> {
  const keys = new Set<string>();
  const add = (k: unknown) => typeof k === 'string' && /[_.]/.test(k) && keys.add(k);
  const walkSchema = (s: unknown): void => {
    if (Array.isArray(s)) return s.forEach(walkSchema);
    if (!isNode(s)) return;
    if (isNode(s.properties)) Object.keys(s.properties).forEach(add);
    if (Array.isArray(s.enum)) s.enum.forEach(add);
    if ('const' in s) add(s.const);
    Object.values(s).forEach(walkSchema);
  };
  for (const [key, form] of Object.entries(defs.forms)) {
    add(key);
    form.fields.forEach(add);
    walkSchema(form.schema);
  }
  for (const p of Object.values(defs.programs)) {
    for (const t of p.tasks) [t.id, t.form].forEach(add);
    for (const r of p.eligibility) [r.id, r.reason, ...r.reads, ...r.needs].forEach(add);
    for (const r of p.rules) [r.id, r.field].forEach(add);
    for (const m of p.incentives.measures)
      [m.id, m.amount.id, m.estimate?.min.id, m.estimate?.max.id, ...m.amount.reads].forEach(add);
    for (const k of Object.keys(p.constants)) [k, `constants.${k}`].forEach(add);
    for (const k of Object.keys(p.tables)) [k, `tables.${k}`].forEach(add);
  }
  return keys;
}

const FILE_NAME = /\.(pdf|jpe?g|png|heic|heif)$/i;

/** The definition keys (and always-forbidden strings) in a text. */
function keysIn(text: string, keys: Set<string>): string[] {
  const found = new Set<string>();
  for (const token of text.match(/[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*/g) ?? []) {
    if (FILE_NAME.test(token)) continue;
    for (const t of [token, ...token.split('.')]) if (keys.has(t)) found.add(t);
  }
  for (const s of ALWAYS_FORBIDDEN) if (text.toLowerCase().includes(s.toLowerCase())) found.add(s);
  return [...found];
}

let p: Portal;
let keys: Set<string>;
let contractor: AuthUser;
let homeowner: AuthUser;
const offences: string[] = [];

/**
 * Waits until the page has loaded what it shows (loaded, no spinner). Not 'networkidle': a signed-in page keeps its
 * change feed's stream open, so the network is never quiet.
 */
/** Checks what the page shows now. */
async function check(page: Page, screen: string) {
  await settled(page);
  const text = await page.evaluate(() => document.body.innerText);
  for (const k of keysIn(text, keys)) offences.push(`${screen}: ${k}`);
}

/** The job page at each of its tabs, then the drawer of each task the viewer can open (each form once per role). */
async function walkJob(page: Page, user: AuthUser, jobId: number, seenForms: Set<string>) {
  await page.goto(`/${jobId}`);
  await check(page, `job ${jobId}`);
  const tabs = page.locator('[role=tab]');
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    const name = (await tabs.nth(i).innerText()).trim();
    await tabs.nth(i).click();
    await check(page, `job ${jobId} tab ${name}`);
  }
  const job = await readJob(p.deps, user, (await getJob(p.deps.db, jobId))!);
  for (const t of job.tasks) {
    if (seenForms.has(t.form) || t.status === 'LOCKED') continue;
    seenForms.add(t.form);
    await page.goto(`/${jobId}/program-progress?task=${t.id}`);
    await page
      .locator('.bp6-drawer')
      .waitFor()
      .catch(async (e: Error) => {
        await p.shot(page, `plain-words-no-drawer-${t.id}`);
        throw new Error(`the drawer of ${t.id} (${t.status}) did not open on job ${jobId}: ${e.message}`);
      });
    await check(page, `job ${jobId} task ${t.title}`);
  }
}

beforeAll(async () => {
  keys = definitionKeys(loadRepo());
  p = await startPortal();
  contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
  homeowner = (await findUserByEmail(p.deps.db, HOMEOWNER))!;
});
afterAll(() => p?.close());

describe('plain words for contractors and homeowners', () => {
  it('the forbidden list holds the keys people reported (and not plain words)', () => {
    for (const k of [
      'provide_income_estimate',
      'electric_furnace',
      'income_too_high',
      'constants.eligible_building_types',
      'review_deemed_range',
      'heat_pump.estimate.max',
      'SINGLE_FAMILY_DETACHED',
    ])
      expect(keys.has(k), k).toBe(true);
    for (const k of ['other', 'none', 'yes', 'no']) expect(keys.has(k), k).toBe(false);
    expect(keysIn('Plan: no_plan. See spec sect. 4 and photo_1.jpg', keys)).toEqual(['no_plan', 'spec sect']);
  });

  it(
    'a contractor sees no key on the jobs list, job tabs, task drawers and program pages',
    { timeout: 600_000 },
    async () => {
      offences.length = 0;
      // A brand-new WI HEAR job of the demo contractor, then a demo job of each other program, walked by a
      // contractor of that job's company.
      const fresh = await newWiHearJob(p.deps, contractor);
      const walks: { user: AuthUser; job: number }[] = [{ user: contractor, job: fresh.id }];
      for (const program of PROGRAMS) {
        const row = (
          await dbAll<{ id: number; contractor_id: number }>(
            p.deps,
            'SELECT id, contractor_id FROM jobs WHERE program_id = ? AND contractor_id IS NOT NULL AND is_canceled = 0 ORDER BY id LIMIT 1',
            program,
          )
        )[0];
        expect(row, program).toBeDefined();
        const email = `plain-words-${program}@example.test`;
        await insertUser(p.deps.db, {
          email,
          name: `Plain ${program}`,
          role: 'contractor',
          contractor_id: row.contractor_id,
          created_at: new Date().toISOString(),
        });
        walks.push({ user: (await findUserByEmail(p.deps.db, email))!, job: row.id });
      }

      const seen = new Set<string>();
      for (const w of walks) {
        const page = await p.signedIn(w.user.email, '/');
        await check(page, `jobs list of ${w.user.email}`);
        await walkJob(page, w.user, w.job, seen);
        await page.close();
      }

      const page = await p.signedIn(contractor.email, '/');
      await p.shot(page, 'plain-words-jobs-list');
      await page.goto(`/${fresh.id}`);
      await settled(page);
      await expect
        .poll(() => page.locator('.eligibility').innerText())
        .toContain('To decide eligibility we still need');
      await p.shot(page, 'plain-words-new-job', false);

      await page.goto('/programs');
      await check(page, 'programs');
      for (const id of ['wi-hear', ...PROGRAMS]) {
        await page.goto(`/programs/${id}`);
        await check(page, `program ${id}`);
      }
      await page.goto('/programs/wi-hear');
      await expect
        .poll(() => page.getByText('Eligible building types:').first().innerText())
        .toContain('Single-family detached');
      await p.shot(page, 'plain-words-program');
      expect(offences).toEqual([]);
    },
  );

  it("a homeowner sees no key on their job's view and task drawers", { timeout: 300_000 }, async () => {
    offences.length = 0;
    const rows = (await dbAll(
      p.deps,
      'SELECT id FROM jobs WHERE homeowner_user_id = ? AND is_canceled = 0 ORDER BY id',
      homeowner.id,
    )) as { id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const page = await p.signedIn(homeowner.email, '/');
    await check(page, 'homeowner start');
    const seen = new Set<string>();
    for (const { id } of rows.slice(0, 3)) await walkJob(page, homeowner, id, seen);
    await page.goto(`/${rows[0].id}`);
    await settled(page);
    await p.shot(page, 'plain-words-homeowner');
    expect(offences).toEqual([]);
  });
});
