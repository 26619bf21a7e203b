import { draftFilled, submitFilled } from '../support/uploads.ts';
import { demoPdf } from '../../server/seed/demo-files.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMenu, newWiHearJob, startPortal, type Portal, setupAnswerer } from './portal.ts';
import { findUserByEmail, insertUser } from '../../server/db/users.db.ts';
import { mintLoginLink } from '../../server/services/auth.service.ts';
import type { AuthUser } from '../../server/context.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateRow } from '../../server/services/evaluation.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import { ARTIFACTS } from './portal.ts';
import { measureTyping } from './typing.ts';
import { saveDraft } from '../../server/services/tasks.service.ts';
import { upload } from '../../server/services/attachments.service.ts';
import { filled, WI_HEAR_APPLY } from '../api/fixtures.ts';
import { dbRun, dbGet, dbAll } from '../support/db.ts';

let p: Portal;
const OPS = 'detail-ops@example.test';
let contractor: AuthUser;

/** A fresh WI HEAR job of the contractor's company. */
const newJob = async (extra: Record<string, unknown> = {}) => await newWiHearJob(p.deps, contractor, extra);

beforeAll(async () => {
  p = await startPortal();
  await insertUser(p.deps.db, { email: OPS, name: 'Dana Detail', role: 'ops', created_at: new Date().toISOString() });
  const c = (await dbGet(p.deps, "SELECT email FROM users WHERE role = 'contractor' ORDER BY id LIMIT 1")) as {
    email: string;
  };
  contractor = (await findUserByEmail(p.deps.db, c.email))!;
});
afterAll(() => p.close());

describe('job detail and the task workflow', () => {
  it('an invalid submission shows the exact section-5 message under the field, and nothing is submitted', async () => {
    const job = await newJob();
    const page = await p.signedIn(contractor.email, `/${job.id}/program-progress?task=provide_site_details`);
    const submit = page.locator('.bp6-drawer').getByRole('button', { name: 'Submit', exact: true });
    await submit.waitFor();
    await submit.click();
    await expect.poll(() => page.locator('.bp6-form-group.bp6-intent-danger').count()).toBeGreaterThan(0);
    expect(await page.locator('.bp6-form-group.bp6-intent-danger').first().textContent()).toContain(
      'This field is required',
    );
    await p.shot(page, 'task-form-invalid');
    const task = (await dbGet(
      p.deps,
      "SELECT status FROM job_tasks WHERE job_id = ? AND task_id = 'provide_site_details'",
      job.id,
    )) as { status: string } | undefined;
    expect(task?.status).not.toBe('COMPLETE');
  });

  it('cancel with a reason and restore appear in the history', async () => {
    const job = await newJob();
    const page = await p.signedIn(OPS, `/${job.id}`);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByText('Cancel job…').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel job' }).click();
    await expect.poll(() => dialog.textContent()).toContain('This field is required');
    await dialog.getByText(/^mistake$/i).click();
    await dialog.getByRole('button', { name: 'Cancel job' }).click();
    await expect
      .poll(async () => await dbGet(p.deps, 'SELECT is_canceled FROM jobs WHERE id = ?', job.id))
      .toEqual({ is_canceled: 1 });
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect
      .poll(async () => await dbGet(p.deps, 'SELECT is_canceled FROM jobs WHERE id = ?', job.id))
      .toEqual({ is_canceled: 0 });
    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.locator('.bp6-drawer');
    await expect.poll(() => drawer.textContent()).toMatch(/restored/i);
    expect(await drawer.textContent()).toMatch(/canceled/i);
    await p.shot(page, 'job-history');
  });

  it('two people edit the same task: the second save gets the conflict view and keeps its input', async () => {
    const job = await newJob();
    const path = `/${job.id}/program-progress?task=provide_site_details`;
    const first = await p.signedIn(OPS, path);
    const second = await p.signedIn(contractor.email, path);
    const field = (page: typeof first) => page.getByLabel(/bedrooms/i).first();
    await field(first).waitFor();
    await field(second).waitFor();
    await field(first).fill('3');
    await first.getByRole('button', { name: 'Save draft' }).click();
    await expect
      .poll(
        async () =>
          await dbGet(
            p.deps,
            "SELECT version FROM job_tasks WHERE job_id = ? AND task_id = 'provide_site_details'",
            job.id,
          ),
      )
      .toEqual({ version: 1 });
    await field(second).fill('5');
    await second.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => second.getByText('This task was changed by someone else').first().isVisible()).toBe(true);
    await p.shot(second, 'task-conflict', false);
    await second.getByRole('button', { name: 'Load my changes on top' }).click();
    await expect.poll(async () => field(second).inputValue()).toBe('5');
  });

  it('a homeowner signs in with a one-time link, fills the household details and confirms tasks done', async () => {
    const job = await newJob();
    const homeowner = await insertUser(p.deps.db, {
      email: `owner${job.id}@example.test`,
      name: 'Hope Owner',
      role: 'homeowner',
      created_at: new Date().toISOString(),
    });
    await dbRun(p.deps, 'UPDATE jobs SET homeowner_user_id = ? WHERE id = ?', homeowner, job.id);
    const link = await mintLoginLink(p.deps, homeowner);
    for (const width of [1280, 768]) {
      const page = await (await p.context(width)).newPage();
      await page.goto(new URL(link.url).pathname + new URL(link.url).search);
      if (width === 768) {
        // The link works once: the second device shows why it cannot sign in.
        await expect
          .poll(() => page.getByRole('alert').textContent())
          .toContain('This sign-in link is invalid or has expired.');
        continue;
      }
      await page.waitForURL((u) => u.pathname !== '/login');
      await page.goto(`/${job.id}`);
      await expect.poll(() => page.getByRole('button', { name: 'My tasks are done' }).isVisible()).toBe(true);
      expect(await page.textContent('body')).toContain(
        'Upload only the program approval certificate, not tax documents or pay stubs.',
      );
      await p.shot(page, 'homeowner-view-1280');
      await page.setViewportSize({ width: 768, height: 900 });
      await p.shot(page, 'homeowner-view-768');
      // Household details: fill in and save (the homeowner's own task).
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: 'Fill in' }).click();
      const drawer = page.locator('.bp6-drawer');
      await drawer.getByLabel('Number of people living in the home').fill('4');
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
      await page.goto(`/${job.id}`);
      await page.getByRole('button', { name: 'My tasks are done' }).click();
      await expect
        .poll(
          async () =>
            await dbGet(
              p.deps,
              "SELECT COUNT(*) n FROM history WHERE job_id = ? AND type = 'homeowner_confirmed_tasks'",
              job.id,
            ),
        )
        .toEqual({ n: 1 });
    }
  });

  it('screenshots: the job detail and a long task form at 1280 and 768 px', async () => {
    const job = await newJob();
    for (const width of [1280, 768]) {
      const page = await p.signedIn(OPS, `/${job.id}`, width);
      await page.getByText(job.code).first().waitFor();
      await p.shot(page, `job-detail-${width}`);
      await page.goto(`/${job.id}/install-details?task=confirm_project_final_costs`);
      await page.locator('.bp6-drawer .bp6-form-group').first().waitFor();
      await p.shot(page, `long-form-${width}`);
    }
  });

  it('typing in the largest form: each keystroke is measured in the browser (figures saved; printed by npm run bench)', async () => {
    // A demo job whose final-costs form (the largest, 77 fields) is open to edit.
    const ids = (
      (await dbAll(p.deps, 'SELECT id FROM jobs WHERE is_canceled = 0 AND stage = 4')) as { id: number }[]
    ).map((r) => r.id);
    let jobId: number | undefined;
    for (const id of ids) {
      if (
        (await evaluateRow(p.deps, (await getJob(p.deps.db, id))!)).tasks.some(
          (t) => t.id === 'confirm_project_final_costs' && (t.status === 'READY' || t.status === 'IN_PROGRESS'),
        )
      ) {
        jobId = id;
        break;
      }
    }
    expect(jobId).toBeDefined();
    const page = await p.signedIn(OPS, `/${jobId}/install-details?task=confirm_project_final_costs`);
    await page.locator('.bp6-drawer textarea').first().waitFor();
    const figures = await measureTyping(page, '.bp6-drawer textarea', 'Checked the invoice against the contract.');
    expect(figures.keys).toBe('Checked the invoice against the contract.'.length);
    writeFileSync(
      join(ARTIFACTS, 'typing.json'),
      JSON.stringify({ form: 'confirm_project_final_costs', ...figures }, null, 2),
    );
  });

  it('ops reviews the income, flags an exception, transfers a task and determines the rebate', async () => {
    const job = await newJob();
    // The contractor's Apply answers (as the program's example job), submitted through the service.
    const apply = WI_HEAR_APPLY;
    for (const [task, form, data] of apply)
      await submitFilled(p.deps, await setupAnswerer(p.deps, 'wi-hear', task, contractor), job.id, task, form, data);
    expect((await getJob(p.deps.db, job.id))!.stage).toBe(3);
    const opsUser = (await findUserByEmail(p.deps.db, OPS))!;

    // Review income qualification, in the form.
    const page = await p.signedIn(OPS, `/${job.id}/program-progress?task=review_income_qualification`);
    const drawer = page.locator('.bp6-drawer');
    await drawer.getByText('Below 80% of the area median income').click();
    await drawer.locator('input[type="date"]').first().fill('2026-05-20');
    await drawer.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect
      .poll(
        async () =>
          (
            (await dbGet(
              p.deps,
              "SELECT status FROM job_tasks WHERE job_id = ? AND task_id = 'review_income_qualification'",
              job.id,
            )) as { status: string } | undefined
          )?.status,
      )
      .toBe('COMPLETE');

    // Flag an ops exception on the rebate task, then transfer it.
    await page.goto(`/${job.id}/program-progress?task=determine_and_share_rebate_amount`);
    const actions = drawer.getByRole('button', { name: 'Task actions' });
    await fromMenu(page, actions, page.getByText('Flag ops exception…'), page.locator('#exception-note'));
    await page.locator('#exception-note').fill('Invoice total does not match the scope.');
    await page.getByRole('dialog').last().getByRole('button', { name: 'Flag exception' }).click();
    await expect
      .poll(async () => await dbGet(p.deps, 'SELECT has_ops_task_exception FROM jobs WHERE id = ?', job.id))
      .toEqual({ has_ops_task_exception: 1 });
    await fromMenu(page, actions, page.getByText('Transfer ownership…'), page.locator('#transfer-role'));
    await page.locator('#transfer-role').selectOption('finance');
    await page.locator('#transfer-reason').fill('Finance sets the amount for this job.');
    await page.getByRole('dialog').last().getByRole('button', { name: 'Transfer' }).click();
    await expect
      .poll(
        async () =>
          (
            (await dbGet(
              p.deps,
              "SELECT owner_override FROM job_tasks WHERE job_id = ? AND task_id = 'determine_and_share_rebate_amount'",
              job.id,
            )) as { owner_override: string }
          ).owner_override,
      )
      .toContain('finance');
    await p.shot(page, 'ops-review-transfer', false);

    // Determine the rebate: the answers are in a draft; submitting moves the job to Install.
    const current = (await dbGet(
      p.deps,
      "SELECT version FROM job_tasks WHERE job_id = ? AND task_id = 'determine_and_share_rebate_amount'",
      job.id,
    )) as { version: number };
    await saveDraft(p.deps, opsUser, (await getJob(p.deps.db, job.id))!, 'determine_and_share_rebate_amount', {
      data: filled('determine_and_share_rebate_amount'),
      version: current.version,
    });
    await page.reload();
    await drawer.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(async () => (await getJob(p.deps.db, job.id))!.stage).toBe(4);
  });

  it('a contractor creates a job in the portal and completes the Apply tasks until the job moves to Review', async () => {
    const page = await p.signedIn(contractor.email, '/');
    await page.getByRole('button', { name: 'Add new job' }).click();
    const dialog = page.getByRole('dialog');
    const last = `Apply${Date.now() % 100000}`;
    await dialog.getByLabel('Homeowner first name').fill('Ada');
    await dialog.getByLabel('Homeowner last name').fill(last);
    await dialog.getByLabel('Home address').fill('12 Apply Way');
    await dialog.getByLabel('City').fill('Milwaukee');
    await dialog.getByLabel('State').fill('WI');
    await dialog.getByLabel('ZIP code').fill('53202');
    await dialog.getByRole('button', { name: 'Create job' }).click();
    await page.waitForURL((u) => /^\/\d+$/.test(u.pathname));
    const jobId = Number(new URL(page.url()).pathname.slice(1));
    const apply = WI_HEAR_APPLY;
    // Each task's answers are put in as a draft (as if typed and saved), then submitted in the form.
    for (const [task, form, data] of apply) {
      // A task only the homeowner answers is not the contractor's to submit here: ops answer it for them
      // (tests/e2e/homeowners.e2e.test.ts has the homeowner's own journey).
      const who = await setupAnswerer(p.deps, 'wi-hear', task, contractor);
      if (who !== contractor) {
        await submitFilled(p.deps, who, jobId, task, form, data);
        continue;
      }
      const row = (await dbGet(
        p.deps,
        'SELECT version FROM job_tasks WHERE job_id = ? AND task_id = ?',
        jobId,
        task,
      )) as { version: number } | undefined;
      // The proposed scope of work is chosen in the form as the contractor would: the browser uploads the PDF.
      const inBrowser = task === 'scope_of_work_proposed' ? 'upload_scope_of_work' : undefined;
      const { [inBrowser ?? '']: _chosenInBrowser, ...answers } = filled(form, data);
      await draftFilled(p.deps, contractor, jobId, task, form, answers, row?.version ?? 0);
      await page.goto(`/${jobId}/program-progress?task=${task}`);
      if (inBrowser) {
        await page
          .locator('.bp6-drawer input[type="file"]')
          .first()
          .setInputFiles({
            name: 'proposed-scope.pdf',
            mimeType: 'application/pdf',
            buffer: await demoPdf('Proposed scope of work'),
          });
        await expect
          .poll(() => page.locator('.bp6-drawer .rjsf-bp-files').getByText('proposed-scope.pdf').count())
          .toBe(1);
      }
      await page.locator('.bp6-drawer').getByRole('button', { name: 'Submit', exact: true }).click();
      await expect
        .poll(
          async () =>
            (
              (await dbGet(p.deps, 'SELECT status FROM job_tasks WHERE job_id = ? AND task_id = ?', jobId, task)) as {
                status: string;
              }
            ).status,
          { timeout: 10_000 },
        )
        .toBe('COMPLETE');
    }
    await page.goto(`/${jobId}`);
    await expect.poll(async () => (await getJob(p.deps.db, jobId))!.stage).toBe(3);
    await expect.poll(() => page.getByText('Review rebate submission').first().isVisible()).toBe(true);
    await p.shot(page, 'job-after-apply');
  });

  it('the attachments tab lists an upload with its details and deletes it', async () => {
    const job = await newJob();
    const jpeg = Buffer.from(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
      'base64',
    );
    const att = await upload(p.deps, contractor, (await getJob(p.deps.db, job.id))!, {
      task_id: 'photos_of_installed_measures',
      field: 'heat_pump_outdoor_unit_photos',
      filename: 'outdoor-unit.jpg',
      bytes: jpeg,
    });
    const page = await p.signedIn(OPS, `/${job.id}/attachments`);
    await expect.poll(() => page.getByText('outdoor-unit.jpg').first().isVisible()).toBe(true);
    await p.shot(page, 'attachments-tab', false);
    await page.getByRole('button', { name: 'Delete outdoor-unit.jpg' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(
        async () =>
          (
            (await dbGet(p.deps, 'SELECT deleted_at FROM attachments WHERE id = ?', att.id)) as {
              deleted_at: string | null;
            }
          ).deleted_at,
      )
      .not.toBeNull();
    await expect.poll(() => page.getByText('outdoor-unit.jpg').count()).toBe(0);
  });
});
