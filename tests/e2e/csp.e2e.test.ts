/**
 * The portal under its Content Security Policy (script-src 'self', no 'unsafe-eval'): ops, a contractor
 * and a homeowner visit the main pages (jobs list, a job's detail with a task form open, typed into and
 * submitted so the engine and RJSF validate, the program explorer with its "try it" and a form preview,
 * the admin lists), and the browser reports no CSP violation, no console message about the policy and
 * no uncaught error. The form and meta-schema validators are served as modules (GET …/validator.js); the
 * explorer needs the meta-schema's only for a file the server did not hand on parsed.
 */

import { submitFilled } from '../support/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PLAYWRIGHT_SECRET, startPortal, type Portal, setupAnswerer } from './portal.ts';
import { findUserByEmail, insertUser } from '../../server/db/users.db.ts';
import { createJob } from '../../server/services/jobs.service.ts';
import type { AuthUser } from '../../server/context.ts';
import { WI_HEAR_APPLY } from '../api/fixtures.ts';
import { dbRun, dbGet } from '../support/db.ts';
import { insertVersionIfAbsent, setPinnedVersion } from '../../server/db/versions.db.ts';
import { repoDefinitionSources } from '../../server/deps.ts';
import { definitionVersions, versionHash } from '../../engine/index.ts';

let p: Portal;
const OPS = 'csp-ops@example.test';
const HOMEOWNER = 'csp-owner@example.test';
let contractor: AuthUser;

/** A fresh WI HEAR job of the contractor's company, with the homeowner attached. */
async function newJob(): Promise<{ id: number; code: string }> {
  const job = (await createJob(p.deps, contractor, {
    first_name: 'Cora',
    last_name: `Policy${Math.floor(Math.random() * 1e6)}`,
    email: 'cora@example.com',
    phone_number: '414-555-0123',
    address: `${Math.floor(Math.random() * 9000) + 100} Policy Ave`,
    city: 'Milwaukee',
    county: 'Milwaukee',
    state: 'WI',
    zip: '53202',
    lat: 43.04,
    lon: -87.9,
    electric_utility: 'We Energies',
    gas_utility: 'We Energies',
    program_id: 'wi-hear',
  })) as unknown as { id: number; code: string };
  const owner = (await findUserByEmail(p.deps.db, HOMEOWNER))!;
  await dbRun(p.deps, 'UPDATE jobs SET homeowner_user_id = ? WHERE id = ?', owner.id, job.id);
  return job;
}

beforeAll(async () => {
  p = await startPortal();
  const at = new Date().toISOString();
  await insertUser(p.deps.db, { email: OPS, name: 'Cyd Policy', role: 'ops', created_at: at });
  await insertUser(p.deps.db, { email: HOMEOWNER, name: 'Hal Owner', role: 'homeowner', created_at: at });
  const c = (await dbGet(p.deps, "SELECT email FROM users WHERE role = 'contractor' ORDER BY id LIMIT 1")) as {
    email: string;
  };
  contractor = (await findUserByEmail(p.deps.db, c.email))!;
});
afterAll(() => p.close());

/** What a page reported: CSP violations (the event), console lines about the policy, uncaught errors, module loads. */
interface Watch {
  page: Page;
  violations: () => Promise<unknown[]>;
  console: string[];
  errors: string[];
  modules: { url: string; search: string; status: number }[];
}

/** Signs in as the user with a listener for CSP violations installed before any script of the page runs. */
async function watched(email: string, path: string): Promise<Watch> {
  const context = await p.context(1400);
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: unknown[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      });
    });
  });
  const page = await context.newPage();
  const watch: Watch = {
    page,
    violations: () => page.evaluate(() => (window as unknown as { __csp: unknown[] }).__csp),
    console: [],
    errors: [],
    modules: [],
  };
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval|EvalError/i.test(m.text())) watch.console.push(m.text());
  });
  page.on('pageerror', (e) => watch.errors.push(`${e.name}: ${e.message}`));
  page.on('response', (r) => {
    if (/validator(s)?\.js/.test(r.url()))
      watch.modules.push({ url: new URL(r.url()).pathname, search: new URL(r.url()).search, status: r.status() });
  });
  await page.goto(
    `/playwright-test-login?token=${PLAYWRIGHT_SECRET}&email=${encodeURIComponent(email)}&redirect=${encodeURIComponent(path)}`,
  );
  await page.waitForURL((u) => !u.pathname.startsWith('/playwright-test-login'));
  return watch;
}

/** No violation so far, across every page the watch saw (the listener is installed per document). */
async function expectClean(w: Watch, where: string): Promise<void> {
  expect(await w.violations(), `CSP violations on ${where}`).toEqual([]);
  expect(w.console, `console on ${where}`).toEqual([]);
  expect(w.errors, `uncaught errors on ${where}`).toEqual([]);
}

/** Opens a job's task in the drawer and waits for its fields. */
async function openTask(w: Watch, path: string): Promise<void> {
  await w.page.goto(path);
  await w.page.locator('.bp6-drawer .bp6-form-group').first().waitFor();
}

describe('the portal under a CSP without unsafe-eval', () => {
  it('serves the policy: scripts from our origin only, no eval', async () => {
    const r = await fetch(p.url + '/');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('ops: jobs list, a task form typed into and submitted, a review form with conditional fields, admin lists', async () => {
    const job = await newJob();
    const w = await watched(OPS, '/');
    await w.page.locator('table tbody tr').first().waitFor();
    await expectClean(w, 'the jobs list');

    // A form submitted empty: the engine's messages under the fields (its validators came from the server).
    await openTask(w, `/${job.id}/program-progress?task=provide_site_details`);
    await w.page.locator('.bp6-drawer').getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => w.page.locator('.bp6-drawer .bp6-form-group.bp6-intent-danger').count()).toBeGreaterThan(0);
    const bedrooms = w.page
      .locator('.bp6-drawer')
      .getByLabel(/bedrooms/i)
      .first();
    await bedrooms.pressSequentially('3');
    await bedrooms.blur();
    // The engine validates after a pause in typing, with the form's validator module loaded then.
    await expect
      .poll(() => w.modules.some((m) => /^\/api\/forms\/[^/]+\/validator\.js$/.test(m.url) && m.status === 200), {
        message: JSON.stringify(w.modules),
      })
      .toBe(true);
    await expectClean(w, 'the site details form');

    // A review form whose answer shows a conditional field (RJSF resolves if/then with its validator).
    const apply = await newJob();
    for (const [task, form, data] of WI_HEAR_APPLY)
      await submitFilled(p.deps, await setupAnswerer(p.deps, 'wi-hear', task, contractor), apply.id, task, form, data);
    await openTask(w, `/${apply.id}/program-progress?task=review_income_qualification`);
    const drawer = w.page.locator('.bp6-drawer');
    await drawer.getByText('Below 80% of the area median income').click();
    await drawer.locator('input[type="date"]').first().fill('2099-01-01');
    await drawer.getByRole('button', { name: 'Submit', exact: true }).click();
    await w.page.waitForTimeout(600);
    await expectClean(w, 'the income review form');

    for (const path of [
      '/contractors',
      '/announcements',
      '/programs',
      '/providers',
      '/terms_and_conditions',
      '/equipment/heat-pumps',
    ]) {
      await w.page.goto(path);
      await w.page.locator('main, #root').first().waitFor();
      // Loaded and drawn (not 'networkidle': a signed-in page keeps its change feed's stream open).
      await w.page.waitForLoadState('load');
      await expect.poll(() => w.page.locator('.bp6-spinner, .bp6-skeleton').count()).toBe(0);
      await expectClean(w, path);
    }
  });

  it("a job pinned to an earlier definition version: its task drawer shows that version's form, validated by that version's module", async () => {
    // An earlier WI HEAR version whose site details form named the bedrooms field otherwise and took at most 9.
    const FORM = 'task-schemas/confirm_site_details/form.yaml';
    const current = definitionVersions(p.deps.defs, repoDefinitionSources()).find((v) => v.program_id === 'wi-hear')!;
    const files = current.files.map((f) =>
      f.path === FORM
        ? {
            ...f,
            text: f.text.replace('title: Number of bedrooms }', 'title: Bedrooms (earlier version), maximum: 9 }'),
          }
        : f,
    );
    expect(files.find((f) => f.path === FORM)!.text).toContain('Bedrooms (earlier version)');
    const older = versionHash(files);
    await insertVersionIfAbsent(p.deps.db, {
      hash: older,
      program_id: 'wi-hear',
      files,
      at: '2026-01-15T09:00:00.000Z',
    });
    const job = await newJob();
    await setPinnedVersion(p.deps.db, job.id, older);

    const w = await watched(OPS, '/');
    await openTask(w, `/${job.id}/program-progress?task=provide_site_details`);
    const drawer = w.page.locator('.bp6-drawer');
    const bedrooms = drawer.getByLabel('Bedrooms (earlier version)');
    await bedrooms.pressSequentially('12');
    await bedrooms.blur();
    // The version's own rule (at most 9), from the module of the job's form (?job=), not the loaded form's.
    await expect
      .poll(() =>
        drawer
          .locator('.bp6-form-group.bp6-intent-danger')
          .filter({ has: w.page.getByLabel('Bedrooms (earlier version)') })
          .count(),
      )
      .toBe(1);
    expect(
      w.modules
        .filter((m) => m.url === '/api/forms/confirm_site_details/validator.js')
        .map((m) => [new URLSearchParams(m.search).get('job'), m.status]),
    ).toEqual([[String(job.id), 200]]);
    expect(await drawer.getByLabel('Number of bedrooms').count()).toBe(0);
    await p.shot(w.page, 'pinned-version-task-form', false);
    await expectClean(w, "a pinned job's task form");
  });

  it('ops: the program explorer loads the definitions, runs "try it" and previews a form', async () => {
    const w = await watched(OPS, '/program-explorer?program=wi-hear');
    const callout = w.page.locator('.try-eligibility');
    await expect.poll(() => callout.textContent()).toContain('Eligibility: eligible');
    await w.page.locator('#fact-provide_income_estimate-income_level').selectOption('above_ami_150');
    await expect.poll(() => callout.textContent()).toContain('Eligibility: ineligible');
    // The files as the server parsed them, their meta-schema check passed there: no validators needed.
    expect(w.modules.some((m) => m.url === '/api/definitions/meta-validators.js')).toBe(false);
    await expectClean(w, 'the explorer');

    // A file the server could not hand on parsed (one with a YAML warning) is parsed and checked in the
    // page, by the meta-schema validators the server generated, still without eval.
    await w.page.route('**/api/definitions/sources?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { files: { path: string; parsed?: unknown }[] };
      for (const f of body.files) if (f.path.endsWith('/program.yaml')) delete f.parsed;
      await route.fulfill({ response, json: body });
    });
    await w.page.goto('/program-explorer?program=ca-tech');
    await expect.poll(() => w.page.locator('.program-header').first().textContent()).toContain('ca-tech');
    expect(w.modules.some((m) => m.url === '/api/definitions/meta-validators.js' && m.status === 200)).toBe(true);
    await w.page.unroute('**/api/definitions/sources?*');
    await expectClean(w, 'the explorer, a file parsed in the page');

    await w.page.goto('/program-explorer/task-dependencies?program=wi-hear');
    await w.page.locator('g.task-node[data-task="review_income_qualification"]').click();
    const card = w.page.locator('.task-config[data-task="review_income_qualification"]');
    await card.getByRole('button', { name: 'Preview form' }).click();
    await expect.poll(() => w.page.getByRole('dialog').locator('.bp6-form-group').count()).toBeGreaterThan(0);
    await expectClean(w, 'the explorer dependencies and form preview');
  });

  it('a contractor: jobs list and a task form typed into', async () => {
    const job = await newJob();
    const w = await watched(contractor.email, '/');
    await w.page.locator('table tbody tr').first().waitFor();
    await openTask(w, `/${job.id}/program-progress?task=provide_site_details`);
    const bedrooms = w.page
      .locator('.bp6-drawer')
      .getByLabel(/bedrooms/i)
      .first();
    await bedrooms.pressSequentially('-1');
    await bedrooms.blur();
    await w.page.locator('.bp6-drawer').getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => w.page.locator('.bp6-drawer .bp6-form-group.bp6-intent-danger').count()).toBeGreaterThan(0);
    await expectClean(w, "the contractor's task form");
  });

  it('a homeowner: the job and the household details form typed into', async () => {
    const job = await newJob();
    const w = await watched(HOMEOWNER, `/${job.id}`);
    await w.page.getByRole('button', { name: 'Fill in' }).click();
    const drawer = w.page.locator('.bp6-drawer');
    await drawer.getByLabel('Number of people living in the home').pressSequentially('4');
    await w.page.waitForTimeout(600);
    await drawer.getByRole('button', { name: 'Save draft' }).click();
    await expect
      .poll(
        async () =>
          (
            (await dbGet(
              p.deps,
              "SELECT data FROM job_tasks WHERE job_id = ? AND task_id = 'provide_homeowner_details'",
              job.id,
            )) as { data: string } | undefined
          )?.data ?? '',
      )
      .toContain('"number_of_occupants":4');
    await expectClean(w, "the homeowner's form");
  });
});
