/**
 * A WI HEAR job from creation to paid through the portal's own screens, each role signed in as itself
 * (issue 17): the contractor creates the job in the Add job dialog and invites the homeowner from Basic
 * details; the homeowner opens the mailed link on a phone and submits their tasks; the contractor, ops and
 * (for finance) ops submit theirs in the task drawer; the homeowner and the contractor sign the final
 * documents from their mailed links; the simulated AP system pays, and the job shows "Payment sent".
 * Each task's answers are put in as a draft (as if typed and saved: the form fixtures, the program's
 * example answers), then submitted with the drawer's Submit button by the task's owner.
 */

import { draftFilled } from '../support/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mailedToken, outboxHead, signOnPage, startPortal, type Portal } from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import { getTask } from '../../server/db/tasks.db.ts';
import { readJob } from '../../server/services/jobs.service.ts';
import type { AuthUser } from '../../server/context.ts';
import { filled, WI_HEAR_APPLY } from '../api/fixtures.ts';

const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';
/** The worker, the AP simulator and two cores shared by the server, the browser and the runner. */
const SLOW = { timeout: 60_000, interval: 250 };
const APPLY_ANSWERS = Object.fromEntries(WI_HEAR_APPLY.map(([task, , data]) => [task, data]));

let p: Portal;
let contractor: AuthUser;
let ops: AuthUser;
const errors: string[] = [];
const watch = (page: Page) => {
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return page;
};

beforeAll(async () => {
  p = await startPortal();
  seeded = await outboxHead(p.deps);
  contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
  ops = (await findUserByEmail(p.deps.db, OPS))!;
});
afterAll(() => p?.close());

/** Mail of this test only: the demo seeded through the workflows mailed the same companies links of its own. */
let seeded = 0;
const linkTo = (to: string, path: string) => mailedToken(p.deps, to, path, seeded);

/** Signs a document on its signing page (typed signature), as the signer would on a phone. */
async function signAt(token: string, name: string) {
  const phone = watch(await (await p.context(390)).newPage());
  await signOnPage(phone, token, name);
  await p.shot(phone, `journey-signed-${name.split(' ')[0].toLowerCase()}`, false);
  await phone.close();
}

describe('a WI HEAR job through the portal, each role as itself', () => {
  it(
    'created by the contractor, answered by the homeowner, contractor and ops, signed, paid',
    { timeout: 600_000 },
    async () => {
      // The contractor creates the job in the Add job dialog.
      const cPage = watch(await p.signedIn(CONTRACTOR, '/'));
      await cPage.getByRole('button', { name: 'Add new job' }).click();
      const dialog = cPage.getByRole('dialog');
      const last = `Journey${Date.now() % 100000}`;
      const email = `${last.toLowerCase()}@example.com`;
      await dialog.getByLabel('Homeowner first name').fill('Jo');
      await dialog.getByLabel('Homeowner last name').fill(last);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Home address').fill('21 Journey Ln');
      await dialog.getByLabel('City').fill('Milwaukee');
      await dialog.getByLabel('County').fill('Milwaukee');
      await dialog.getByLabel('State').fill('WI');
      await dialog.getByLabel('ZIP code').fill('53202');
      await dialog.getByRole('button', { name: 'Create job' }).click();
      await cPage.waitForURL((u) => /^\/\d+$/.test(u.pathname));
      const jobId = Number(new URL(cPage.url()).pathname.slice(1));
      const job0 = (await getJob(p.deps.db, jobId))!;
      expect(job0.program_id).toBe('wi-hear');

      // The contractor invites the homeowner with every task the program lets them hand over.
      await cPage.goto(`/${jobId}/basic-details`);
      await cPage.locator('.homeowner-access').getByRole('button', { name: 'Invite homeowner' }).click();
      await cPage
        .getByRole('dialog', { name: 'Invite the homeowner' })
        .getByRole('button', { name: 'Send invitation' })
        .click();
      await expect.poll(() => linkTo(email, 'welcome'), SLOW).toBeTruthy();
      const hPage = watch(await (await p.context(390)).newPage());
      await hPage.goto(`/welcome/${(await linkTo(email, 'welcome'))!}`);
      await hPage.waitForURL((u) => u.pathname === `/${jobId}`);
      const homeowner = (await findUserByEmail(p.deps.db, email))!;
      expect(homeowner.role).toBe('homeowner');
      await p.shot(hPage, 'journey-homeowner-phone');

      const pages: Record<string, Page> = { contractor: cPage, homeowner: hPage };
      const pageOf = async (role: string) => (pages[role] ??= watch(await p.signedIn(OPS, `/${jobId}`)));
      const userOf = (owner: string): [string, AuthUser] =>
        owner === 'contractor'
          ? ['contractor', contractor]
          : owner === 'homeowner'
            ? ['homeowner', homeowner as AuthUser]
            : ['ops', ops];
      const stages: number[] = [];
      for (let round = 0; round < 80; round++) {
        const job = (await getJob(p.deps.db, jobId))!;
        const detail = await readJob(p.deps, ops, job);
        if (!stages.includes(detail.stage.number)) {
          stages.push(detail.stage.number);
          // Past the submission, the job is eligible at every stage.
          if (stages.length > 1) expect(detail.eligibility, `stage ${detail.stage.number}`).toBe('eligible');
          await p.shot(await pageOf('ops'), `journey-stage-${detail.stage.number}`);
        }
        const open = detail.tasks.filter((t) => t.status === 'READY' || t.status === 'IN_PROGRESS');
        if (!open.length) {
          if (!detail.tasks.some((t) => t.status === 'LOCKED') && !detail.payment_pending) break;
          // The payable is with the AP simulator (it approves and pays within seconds): the worker follows it.
          await expect
            .poll(
              async () =>
                (await readJob(p.deps, ops, (await getJob(p.deps.db, jobId))!)).tasks.filter(
                  (t) => t.status === 'READY' || t.status === 'IN_PROGRESS',
                ).length + ((await readJob(p.deps, ops, (await getJob(p.deps.db, jobId))!)).payment_pending ? 0 : 1),
              SLOW,
            )
            .toBeGreaterThan(0);
          continue;
        }
        const t = open[0];
        if (p.deps.defs.forms[t.form].signatures) {
          // The worker generated the documents and mailed the homeowner; then the contractor company signs.
          await expect.poll(() => linkTo(email, 'sign'), SLOW).toBeTruthy();
          await signAt((await linkTo(email, 'sign'))!, `Jo ${last}`);
          const companyEmail = (
            await p.deps.db
              .selectFrom('contractors')
              .select('email')
              .where('id', '=', job.contractor_id!)
              .executeTakeFirstOrThrow()
          ).email!;
          await expect.poll(() => linkTo(companyEmail, 'sign'), SLOW).toBeTruthy();
          await signAt((await linkTo(companyEmail, 'sign'))!, 'Alex Northwind');
          await expect.poll(async () => (await getTask(p.deps.db, jobId, t.id))?.status, SLOW).toBe('COMPLETE');
          continue;
        }
        const [role, user] = userOf(t.owner);
        const data = filled(t.form, APPLY_ANSWERS[t.id] ?? {});
        if (t.id === 'determine_and_share_rebate_amount' && detail.rebate.max_cents)
          data.program_final_amount = detail.rebate.max_cents;
        // Its files are real uploads, stored for the task's fields (the server takes no other).
        await draftFilled(
          p.deps,
          user,
          jobId,
          t.id,
          t.form,
          data,
          (await getTask(p.deps.db, jobId, t.id))?.version ?? 0,
        );
        const page = await pageOf(role);
        if (role === 'homeowner') {
          await page.goto(`/${jobId}`);
          // From their next steps, the first thing on their job page.
          await page
            .getByRole('button', {
              name: new RegExp(`^(Start|Continue) ${t.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
            })
            .click();
        } else {
          await page.goto(`/${jobId}/program-progress?task=${t.id}`);
        }
        const drawer = page.locator('.bp6-drawer');
        await drawer.getByRole('button', { name: 'Submit', exact: true }).click();
        await expect
          .poll(async () => (await getTask(p.deps.db, jobId, t.id))?.status, { timeout: 30_000 })
          .toBe('COMPLETE');
      }

      // Paid: the last stage, every task complete, and the job page says so to ops without a reload.
      const end = await readJob(p.deps, ops, (await getJob(p.deps.db, jobId))!);
      expect(end.tasks.filter((t) => t.status !== 'COMPLETE').map((t) => t.id)).toEqual([]);
      expect(stages).toEqual([2, 3, 4, 5, 6, 7]);
      const opsPage = await pageOf('ops');
      await opsPage.goto(`/${jobId}`);
      await expect.poll(() => opsPage.getByText('Payment sent').count(), SLOW).toBeGreaterThan(0);
      await p.shot(opsPage, 'journey-paid');
      // Who answered: every homeowner task by the homeowner, every contractor task by the contractor.
      const rows = await p.deps.db
        .selectFrom('history')
        .innerJoin('users', 'users.id', 'history.user_id')
        .select(['history.detail', 'users.role'])
        .where('history.job_id', '=', jobId)
        .where('history.type', '=', 'task_submitted')
        .execute();
      for (const r of rows) {
        const id = (JSON.parse(String(r.detail)) as { task_id: string }).task_id;
        const owner = end.tasks.find((x) => x.id === id)!.owner;
        expect(`${id}: ${r.role}`).toBe(`${id}: ${owner === 'homeowner' || owner === 'contractor' ? owner : 'ops'}`);
      }
      expect(errors).toEqual([]);
    },
  );
});
