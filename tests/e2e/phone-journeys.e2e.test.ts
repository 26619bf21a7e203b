/**
 * The portal on a phone (390 px), as its people use it (issue 20): the contractor creates a WI HEAR job
 * in the Add job dialog; the job page opens on their next steps (above the stage and the tabs, on the
 * tab of their first task); they invite the homeowner and do their tasks in order, each from its step's
 * button, until the job waits on the homeowner; the homeowner opens the mailed link and their job page
 * opens on their next task; they do it and sign, which submits the rebate; the contractor then reads who
 * the job waits on. No page either visits scrolls sideways.
 */

import { draftFilled } from '../support/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mailedToken, sideScroll, signOnPage, startPortal, type Portal } from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import { getTask } from '../../server/db/tasks.db.ts';
import { readJob } from '../../server/services/jobs.service.ts';
import type { AuthUser } from '../../server/context.ts';
import { filled, WI_HEAR_APPLY } from '../api/fixtures.ts';

const CONTRACTOR = 'alex@northwind-hvac.test';
const PHONE = 390;
/** The worker (documents, mail) on two cores shared by the server, the browser and the runner. */
const SLOW = { timeout: 60_000, interval: 250 };
const ANSWERS = Object.fromEntries(WI_HEAR_APPLY.map(([task, , data]) => [task, data]));

let p: Portal;
let contractor: AuthUser;
const errors: string[] = [];
const watch = (page: Page) => {
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return page;
};
/** Every page the journeys show: no sideways scroll at 390 px. */
const wide: string[] = [];
async function fits(page: Page, what: string) {
  const over = await sideScroll(page);
  if (over > 0) wide.push(`${what}: ${over} px too wide`);
}

beforeAll(async () => {
  p = await startPortal();
  contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
});
afterAll(() => p?.close());

const linkTo = (to: string, path: string) => mailedToken(p.deps, to, path);

/**
 * The open tasks of these owners as the server lists them to the contractor (those the contractor may
 * answer, unless `anyone`), in order: by stage, then the program's order.
 */
async function openTasksOf(jobId: number, owners: string[], anyone = false) {
  const detail = await readJob(p.deps, contractor, (await getJob(p.deps.db, jobId))!);
  return detail.tasks
    .map((t, i) => ({ t, i }))
    .filter(
      ({ t }) =>
        (t.status === 'READY' || t.status === 'IN_PROGRESS') && (anyone || t.can_edit) && owners.includes(t.owner),
    )
    .sort((a, b) => a.t.stage - b.t.stage || a.i - b.i)
    .map(({ t }) => t);
}

/** The next-steps block is the page's first block below the job's name: above the stage, the tabs and the rest, and on
 * the first screen. */
async function nextStepsFirst(page: Page) {
  const steps = page.locator('.next-steps');
  await steps.waitFor();
  const box = (await steps.boundingBox())!;
  expect(box.y + 60).toBeLessThan(page.viewportSize()!.height);
  for (const below of ['.job-header-status', '.job-tabs-select', '.homeowner-card']) {
    const other = page.locator(below).first();
    if (await other.count()) expect((await other.boundingBox())!.y, below).toBeGreaterThan(box.y);
  }
  return steps;
}

/** Answers a task as the server would have it typed (a saved draft), then submits it from its step's button. */
async function doFirstStep(
  page: Page,
  user: AuthUser,
  jobId: number,
  task: { id: string; title: string; form: string },
) {
  const first = page.locator('.next-step').first();
  await expect.poll(() => first.locator('.next-step-title').textContent()).toBe(task.title);
  await draftFilled(
    p.deps,
    user,
    jobId,
    task.id,
    task.form,
    filled(task.form, ANSWERS[task.id] ?? {}),
    (await getTask(p.deps.db, jobId, task.id))?.version ?? 0,
  );
  await first.getByRole('button').click();
  const drawer = page.locator('.bp6-drawer');
  await drawer.getByRole('button', { name: 'Submit', exact: true }).waitFor();
  await fits(page, `drawer of ${task.id}`);
  await drawer.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect
    .poll(async () => (await getTask(p.deps.db, jobId, task.id))?.status, { timeout: 30_000 })
    .toBe('COMPLETE');
  await drawer.waitFor({ state: 'hidden' });
}

/** Signs a document on its signing page (typed signature), on a phone. */
async function signAt(token: string, name: string) {
  const phone = watch(await (await p.context(PHONE)).newPage());
  await signOnPage(phone, token, name);
  await fits(phone, 'signing page');
  await phone.close();
}

describe('on a phone, the job page opens on what the signed-in person has to do now', () => {
  it(
    'the contractor creates a job, does their tasks in order, the homeowner does theirs, and the rebate is submitted',
    { timeout: 600_000 },
    async () => {
      // The jobs list and the Add job dialog.
      const c = watch(await p.signedIn(CONTRACTOR, '/', PHONE));
      await c.getByRole('button', { name: 'Add new job' }).waitFor();
      await fits(c, 'jobs list');
      // Announcements (the demo has several for this contractor) are one line each on a phone.
      const banners = c.locator('.job-announcement');
      await banners.first().waitFor();
      for (const b of await banners.all()) expect((await b.boundingBox())!.height).toBeLessThan(44);
      await p.shot(c, 'phone-jobs-list', false);
      await c.getByRole('button', { name: 'Add new job' }).click();
      const dialog = c.getByRole('dialog');
      const last = `Phone${Date.now() % 100000}`;
      const email = `${last.toLowerCase()}@example.com`;
      await dialog.getByLabel('Homeowner first name').fill('Jo');
      await dialog.getByLabel('Homeowner last name').fill(last);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Home address').fill('21 Phone Ln');
      await dialog.getByLabel('City').fill('Milwaukee');
      await dialog.getByLabel('County').fill('Milwaukee');
      await dialog.getByLabel('State').fill('WI');
      await dialog.getByLabel('ZIP code').fill('53202');
      await fits(c, 'add job dialog');
      await dialog.getByRole('button', { name: 'Create job' }).click();
      await c.waitForURL((u) => /^\/\d+$/.test(u.pathname));
      const jobId = Number(new URL(c.url()).pathname.slice(1));

      // The job page: the contractor's next steps first, in order, on the tab of the first one.
      let steps = await nextStepsFirst(c);
      const mine = await openTasksOf(jobId, ['contractor', 'homeowner']);
      expect(mine.length).toBeGreaterThan(1);
      expect(await steps.locator('.next-step-title').allTextContents()).toEqual(mine.slice(0, 4).map((t) => t.title));
      expect(await steps.getByRole('button', { name: /^Start / }).count()).toBe(Math.min(4, mine.length));
      const firstTab = await c.locator('.job-tabs-select select').inputValue();
      expect(firstTab).toBe(mine[0].section ?? 'progress');
      // No "Your next step: Submit rebate" pointing at nothing: steps are tasks.
      expect(await c.textContent('body')).not.toContain('Your next step:');
      // The stage by its one name (the stepper shows numbers only on a phone); the tab picker fits the phone.
      expect(await c.locator('.job-header-stage .job-header-label').textContent()).toContain(
        'Stage 2: Submit the rebate',
      );
      expect(await c.locator('.stage-step-label').first().isVisible()).toBe(false);
      await fits(c, 'job page (contractor)');
      await p.shot(c, 'phone-job-contractor-new', false);

      // The contractor invites the homeowner (Basic details > Homeowner access).
      await c.locator('.job-tabs-select select').selectOption('basic');
      await c.waitForURL((u) => u.pathname === `/${jobId}/basic-details`);
      await c.locator('.homeowner-access').getByRole('button', { name: 'Invite homeowner' }).click();
      const invite = c.getByRole('dialog', { name: 'Invite the homeowner' });
      await fits(c, 'invite dialog');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await invite.waitFor({ state: 'hidden' });

      // Their tasks in order, each from the first step's button, until none is theirs.
      for (let round = 0; round < 12; round++) {
        const next = await openTasksOf(jobId, ['contractor', 'homeowner']);
        if (!next.length) break;
        await doFirstStep(c, contractor, jobId, next[0]);
        await fits(c, `job page after ${next[0].id}`);
      }
      expect(await openTasksOf(jobId, ['contractor', 'homeowner'])).toEqual([]);
      await expect
        .poll(() => c.locator('.next-steps-none').textContent())
        .toMatch(/^Your next steps.*Waiting for the homeowner to complete /);
      await p.shot(c, 'phone-job-contractor-waiting', false);

      // The homeowner opens the mailed link on a phone: their job page opens on their next task.
      await expect.poll(() => linkTo(email, 'welcome'), SLOW).toBeTruthy();
      const h = watch(await (await p.context(PHONE)).newPage());
      await h.goto(`/welcome/${(await linkTo(email, 'welcome'))!}`);
      await h.waitForURL((u) => u.pathname === `/${jobId}`);
      const homeowner = (await findUserByEmail(p.deps.db, email))! as AuthUser;
      steps = await nextStepsFirst(h);
      const theirs = await openTasksOf(jobId, ['homeowner'], true);
      expect(theirs.length).toBeGreaterThan(0);
      expect(await steps.locator('.next-step-title').first().textContent()).toBe(theirs[0].title);
      expect(await h.locator('.job-detail > *').first().getAttribute('class')).toContain('next-steps');
      await fits(h, 'job page (homeowner)');
      await p.shot(h, 'phone-job-homeowner', false);

      // The homeowner's tasks: forms from their step's button; a signature from the mailed link.
      for (let round = 0; round < 6; round++) {
        const next = (await openTasksOf(jobId, ['homeowner'], true))[0];
        if (!next) break;
        if (p.deps.defs.forms[next.form].signatures) {
          await expect.poll(() => linkTo(email, 'sign'), SLOW).toBeTruthy();
          await signAt((await linkTo(email, 'sign'))!, `Jo ${last}`);
          await expect.poll(async () => (await getTask(p.deps.db, jobId, next.id))?.status, SLOW).toBe('COMPLETE');
          continue;
        }
        await doFirstStep(h, homeowner, jobId, next);
      }

      // Submitted: the job is in review, and the contractor reads who it waits on.
      await expect.poll(async () => (await getJob(p.deps.db, jobId))!.stage, SLOW).toBe(3);
      await c.goto(`/${jobId}`);
      await expect
        .poll(() => c.locator('.next-steps-none').textContent())
        .toMatch(/Waiting for the program’s operations team to complete /);
      await fits(c, 'job page (submitted)');
      await p.shot(c, 'phone-job-contractor-submitted', false);
      await h.reload();
      await expect
        .poll(() => h.locator('.next-steps-none').textContent())
        .toContain('Nothing for you to do right now. Where your job is: Review rebate submission.');
      await fits(h, 'job page (homeowner, submitted)');
      await p.shot(h, 'phone-job-homeowner-submitted', false);

      expect(wide).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
