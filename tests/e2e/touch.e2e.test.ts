/**
 * A contractor on a touch phone (issue 42 point 4): a browser context with touch (hasTouch, isMobile, 390 px), every
 * press a tap (locator.tap()). From the jobs list, which starts with the contractor's work, to a job, its first step's
 * form, an invalid entry whose message appears as the next option is tapped, and its correction: no tap is lost (each
 * changes what it aimed at), nothing under the tapped control moves (its box before and after, and the browser's
 * layout-shift entries), every control of the form is at least 44 px high, and axe finds no critical or serious issue
 * on any of these states. Screenshots: tests/e2e/artifacts/touch-*.png.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { axeFindings, newWiHearJob, PLAYWRIGHT_SECRET, sideScroll, startPortal, type Portal } from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import { getTask } from '../../server/db/tasks.db.ts';
import { draftFilled } from '../support/uploads.ts';
import { filled } from '../api/fixtures.ts';
import type { AuthUser } from '../../server/context.ts';

const CONTRACTOR = 'alex@northwind-hvac.test';
/** The form the journey answers: the homeowner's details, which the contractor may fill on their behalf. */
const TASK = { id: 'provide_homeowner_details', form: 'home_details' };
/** What the journey answers by touch: the rest is in the draft. */
const BY_TOUCH = ['number_of_occupants', 'demand_response_program'];

let p: Portal;
let contractor: AuthUser;
let touch: BrowserContext;

beforeAll(async () => {
  p = await startPortal();
  contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))! as AuthUser;
  // A phone as Playwright describes one: touch events, a mobile viewport, (pointer: coarse) for CSS.
  touch = await p.browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: true,
    baseURL: p.url,
  });
  touch.setDefaultTimeout(30_000);
});
afterAll(async () => {
  await touch?.close();
  await p?.close();
});

/** Starts recording the page's layout shifts (every entry, input-driven or not). */
async function recordShifts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        sources?: { node?: Node | null }[];
      }[])
        w.__shifts.push({
          value: e.value,
          sources: (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : '?')),
        });
    }).observe({ type: 'layout-shift', buffered: false });
  });
}
const shifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);

/** A locator's box, rounded to the pixel. */
async function boxOf(l: Locator) {
  const b = (await l.boundingBox())!;
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
}

/** The visible controls of a form shorter than 44 px (a finger's target), as `what: height`. */
async function smallTargets(form: Locator): Promise<string[]> {
  const controls = form.locator(
    'input:not([type=radio]):not([type=checkbox]):not([type=file]), select, textarea, label.bp6-control, button',
  );
  const small: string[] = [];
  for (const c of await controls.all()) {
    if (!(await c.isVisible())) continue;
    const b = (await c.boundingBox())!;
    if (b.height < 44) small.push(`${await c.evaluate((e) => e.outerHTML.slice(0, 60))}: ${b.height.toFixed(1)}`);
  }
  return small;
}

describe('a contractor on a touch phone', () => {
  it('answers a form with an error and its correction by taps: no tap lost, nothing moves under the finger', async () => {
    const found: string[] = [];
    const job = await newWiHearJob(p.deps, contractor);
    // The form's other answers in a draft (as in the phone journeys): the journey's own are given by touch.
    const answers = filled(TASK.form);
    for (const k of BY_TOUCH) delete answers[k];
    await draftFilled(p.deps, contractor, job.id, TASK.id, TASK.form, answers);

    const page = await touch.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(
      `/playwright-test-login?token=${PLAYWRIGHT_SECRET}&email=${encodeURIComponent(CONTRACTOR)}&redirect=%2F`,
    );
    await page.waitForURL((u) => !u.pathname.startsWith('/playwright-test-login'));
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);

    // The jobs list starts with the contractor's work: the first card names their next step.
    const firstRow = page.locator('.jobs-table .job-next-step').first();
    await expect.poll(() => firstRow.textContent()).toMatch(/^Your next step/);
    expect(await sideScroll(page)).toBe(0);
    await p.shot(page, 'touch-jobs-list', false);
    found.push(...(await axeFindings(page, 'jobs list')));

    // The job page, and its first step's button (a tap).
    await page.goto(`/${job.id}`);
    await page.locator('.next-steps').waitFor();
    await p.shot(page, 'touch-job', false);
    found.push(...(await axeFindings(page, 'job page')));
    // The step by its form's title, as the definitions loaded by the portal name it.
    const title = p.deps.defs.forms[TASK.form].title;
    const step = page.locator('.next-step').filter({ has: page.getByText(title, { exact: true }) });
    await step.getByRole('button').tap();
    const drawer = page.locator('.bp6-drawer');
    const form = drawer.locator('.rjsf-bp');
    const occupants = form.locator('[data-path="number_of_occupants"] input');
    await occupants.waitFor();
    expect(await smallTargets(form)).toEqual([]);
    await p.shot(page, 'touch-form', false);
    found.push(...(await axeFindings(page, 'form')));

    // An invalid entry (no one lives in the home), then a tap on an option further down while the field still has
    // the focus: the field is checked as it loses it, and its message appears as the tap lands.
    await occupants.tap();
    await page.keyboard.type('0');
    const demand = form.locator('[data-path="demand_response_program"]');
    const no = demand.locator('label.bp6-control').filter({ hasText: /^No$/ });
    await no.scrollIntoViewIfNeeded();
    const before = await boxOf(no);
    await recordShifts(page);
    await no.tap();
    const message = form.locator('[data-path="number_of_occupants"] .rjsf-bp-error');
    await message.waitFor();
    // No lost tap: the option the finger aimed at is chosen.
    await expect.poll(() => demand.locator('input[value="no"]').isChecked()).toBe(true);
    // Nothing moved under the finger: the option's box, and no layout shift at all while the message appeared.
    expect(await boxOf(no)).toEqual(before);
    const moved = await shifts(page);
    expect(
      moved.reduce((n, s) => n + s.value, 0),
      JSON.stringify(moved),
    ).toBe(0);
    await p.shot(page, 'touch-form-error', false);
    found.push(...(await axeFindings(page, 'form with an error')));

    // The correction: a tap on the field, the right number; the message goes, and again nothing moves.
    await occupants.tap();
    await page.keyboard.press('Backspace');
    await page.keyboard.type('3');
    const yes = demand.locator('label.bp6-control').filter({ hasText: /^Yes$/ });
    const beforeYes = await boxOf(yes);
    await recordShifts(page);
    await yes.tap();
    await expect.poll(() => demand.locator('input[value="yes"]').isChecked()).toBe(true);
    await expect.poll(() => message.count()).toBe(0);
    expect(await boxOf(yes)).toEqual(beforeYes);
    expect((await shifts(page)).reduce((n, s) => n + s.value, 0)).toBe(0);
    await p.shot(page, 'touch-form-corrected', false);
    found.push(...(await axeFindings(page, 'form corrected')));

    // Submitted by a tap: the server has the answers the taps gave.
    await drawer.getByRole('button', { name: 'Submit', exact: true }).tap();
    await expect
      .poll(async () => (await getTask(p.deps.db, job.id, TASK.id))?.status, { timeout: 30_000 })
      .toBe('COMPLETE');
    expect((await getTask(p.deps.db, job.id, TASK.id))!.data).toMatchObject({
      number_of_occupants: 3,
      demand_response_program: true,
    });
    await drawer.waitFor({ state: 'hidden' });
    await p.shot(page, 'touch-job-after', false);
    found.push(...(await axeFindings(page, 'job page after')));

    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });
});
