/**
 * Document e-signing in the browser, end to end with the background worker: ops generate the final
 * documents of a job from the actions menu, the homeowner signs on a phone from the link in the mail
 * (typed), then the contractor company (drawn); the task completes by itself, the job moves on, and the
 * signed PDF carries the audit certificate (its pages rendered to PNG for a person to look at).
 * Every page is watched: a CSP violation, a console error or an uncaught error fails the test.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS, PLAYWRIGHT_SECRET, signingLink, startPortal, type Portal, wiHearJobAtSigning } from './portal.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import { getContractor } from '../../server/db/contractors.db.ts';
import { readJob } from '../../server/services/jobs.service.ts';
import type { AuthUser } from '../../server/context.ts';
import type { JobDocuments } from '../../engine/api/signing.ts';
import { pdfText } from '../support/pdf-text.ts';

const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';
const TASK = 'collect_document_signatures';
/** Waits for the worker and the panel's 2 s polling on a CI machine of two cores. */
const SLOW = { timeout: 60_000, interval: 250 };

let p: Portal;
let contractor: AuthUser;
let ops: AuthUser;

/** What the pages of the test reported: CSP violations (the event), console errors, uncaught errors. */
const reported: { console: string[]; errors: string[]; pages: Page[] } = { console: [], errors: [], pages: [] };
/** Failed loads the test causes on purpose (the browser logs each as a console error): resource URLs with their status.
 * */
const expectedFailures: { url: string; status: number }[] = [];

/** A context of `width` whose pages are watched from before any script of theirs runs. */
async function watchedContext(width: number): Promise<BrowserContext> {
  const context = await p.context(width);
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: unknown[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  context.on('page', (page) => watch(page));
  return context;
}

function watch(page: Page) {
  reported.pages.push(page);
  page.on('console', (m) => {
    const expected = expectedFailures.some(
      (f) => m.location().url === f.url && m.text().includes(`status of ${f.status}`),
    );
    if (!expected && (m.type() === 'error' || /Content Security Policy|unsafe-eval|EvalError/i.test(m.text())))
      reported.console.push(`${page.url()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => reported.errors.push(`${page.url()}: ${e.name}: ${e.message}`));
}

/** No CSP violation, console error or uncaught error on any page so far. */
async function expectClean(where: string) {
  for (const page of reported.pages) {
    if (page.isClosed()) continue;
    expect(
      await page.evaluate(() => (window as unknown as { __csp?: unknown[] }).__csp ?? []),
      `CSP violations (${where})`,
    ).toEqual([]);
  }
  expect(reported.console, `console errors (${where})`).toEqual([]);
  expect(reported.errors, `uncaught errors (${where})`).toEqual([]);
}

/** A watched page signed in as `email` (the automated-testing sign-in), at `path`. */
async function signedIn(email: string, path: string, width = 1280): Promise<Page> {
  const page = await (await watchedContext(width)).newPage();
  await page.goto(
    `/playwright-test-login?token=${PLAYWRIGHT_SECRET}&email=${encodeURIComponent(email)}&redirect=${encodeURIComponent(path)}`,
  );
  await page.waitForURL((u) => !u.pathname.startsWith('/playwright-test-login'));
  return page;
}

/** The signing token of the newest invite mailed to `to` for the job (from the outbox: no SMTP here). */
const latestLink = (to: string, jobCode: string) => signingLink(p.deps, to, jobCode);

/** The number of invites mailed to `to` for the job. */
async function invitesTo(to: string, jobCode: string): Promise<number> {
  const rows = await p.deps.db.selectFrom('outbox').select(['subject']).where('to_address', '=', to).execute();
  return rows.filter((m) => m.subject.startsWith('Please sign') && m.subject.includes(`(job ${jobCode})`)).length;
}

/** The job's documents as the API answers ops (with the ops page's own bearer token). */
async function documentsOf(jobId: number, token: string): Promise<JobDocuments> {
  const r = await fetch(`${p.url}/api/jobs/${jobId}/documents`, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status).toBe(200);
  return (await r.json()) as JobDocuments;
}

/** Ticks a Blueprint checkbox by its label (the styled indicator covers the input itself). */
async function tick(page: Page, label: string) {
  await page.getByText(label, { exact: true }).click();
  expect(await page.getByLabel(label).isChecked()).toBe(true);
}

/** Renders one page of a PDF to tests/e2e/artifacts/<name>.png (poppler's pdftoppm). */
function renderPage(pdf: string, page: number, name: string) {
  execFileSync('/usr/bin/pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    pdf,
    join(ARTIFACTS, name),
  ]);
}

beforeAll(async () => {
  p = await startPortal();
  contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
  ops = (await findUserByEmail(p.deps.db, OPS))!;
  expect(contractor?.contractor_id).toBeTruthy();
});
afterAll(() => p?.close());

describe('document signing in the browser', () => {
  it('ops generate the documents, the homeowner signs on a phone (typed), the contractor draws; the task completes and the signed PDF has its certificate', async () => {
    // The job is brought to its open signing task through the services, every earlier task submitted
    // with the forms' fixture answers (Apply by the contractor, Review by ops, Install by the contractor).
    const job = await wiHearJobAtSigning(p.deps, contractor, ops);
    const before = (await getJob(p.deps.db, job.id))!;
    const detailBefore = await readJob(p.deps, ops, before);
    expect(detailBefore.tasks.find((t) => t.id === TASK)?.status).toBe('READY');
    const stageBefore = before.stage;
    expect(stageBefore).toBe(4);
    const homeownerEmail = before.email!;
    const homeownerName = `${before.first_name} ${before.last_name}`;
    const company = (await getContractor(p.deps.db, before.contractor_id!))!;

    // Ops: the job's final documents, then Actions > Regenerate documents… for the signing task (recreate off).
    const opsPage = await signedIn(OPS, `/${job.id}?tab=final-documents`);
    const opsToken = await opsPage.evaluate(
      () => (JSON.parse(localStorage.getItem('rebate.session') ?? '{}') as { token?: string }).token ?? '',
    );
    expect(opsToken).not.toBe('');
    await opsPage.getByRole('heading', { name: 'Documents and signature status' }).waitFor();
    await opsPage.getByRole('button', { name: 'Actions' }).click();
    await opsPage.getByText('Regenerate documents…').click();
    const dialog = opsPage.getByRole('dialog');
    await dialog.locator('#regen-task').selectOption({ label: 'Collect document signatures' });
    expect(await dialog.getByRole('checkbox').isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The toast says it was done; dismissed so it does not cover the header in the screenshot.
    const toast = opsPage.locator('.bp6-toast');
    expect(await toast.textContent()).toContain('are being generated');
    await toast.getByRole('button').click();
    await toast.waitFor({ state: 'detached' });
    await opsPage.mouse.move(640, 700);

    // The worker generates the PDF and mails the homeowner; the panel (polling) shows them pending.
    const panel = opsPage.locator('.job-documents .documents-panel');
    const card = panel.locator('.document-card').first();
    const signerRow = (role: string) =>
      card.locator('.document-signer').filter({ has: opsPage.locator('.document-signer-role', { hasText: role }) });
    await expect
      .poll(
        async () =>
          await signerRow('Homeowner')
            .locator('.signature-status-tag')
            .textContent({ timeout: 1000 })
            .catch(() => null),
        SLOW,
      )
      .toBe('pending');
    await expect.poll(() => signerRow('Homeowner').textContent(), SLOW).toContain('Invited');
    expect(await signerRow('Contractor').locator('.signature-status-tag').textContent()).toBe('not attempted');
    await expect.poll(() => panel.locator('.documents-pending').count(), SLOW).toBe(0);
    await p.shot(opsPage, 'signing-ops-documents');

    // The homeowner: the link from the mail, on a phone, no sign-in.
    await expect.poll(() => latestLink(homeownerEmail, job.code), SLOW).toBeTruthy();
    const homeownerToken = (await latestLink(homeownerEmail, job.code))!;
    expect(await latestLink(company.email!, job.code)).toBeUndefined();
    const phone = await (await watchedContext(390)).newPage();
    await phone.goto(`/sign/${homeownerToken}`);
    await phone.getByRole('heading', { level: 1 }).waitFor();
    const title = (await phone.getByRole('heading', { level: 1 }).textContent())!;
    expect(await card.locator('.document-card-title strong').textContent()).toBe(title);
    // The whole document: the job's facts (the contractor among them) and its sections.
    expect(await phone.locator('.signing-document .signing-fields').textContent()).toContain(company.name);
    expect(await phone.locator('.signing-document .signing-section').count()).toBeGreaterThan(1);
    expect(await phone.locator('.signing-meta').textContent()).toContain(job.code);
    expect(await phone.getByRole('link', { name: 'Open the PDF' }).count()).toBe(1);
    await p.shot(phone, 'signing-page-phone');
    // Pressed with nothing filled in: it says what is missing.
    await phone.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect
      .poll(() => phone.getByRole('alert').allTextContents())
      .toContain('Please agree to sign electronically.');
    if (await phone.locator('#signing-terms-accept').count()) await tick(phone, 'I accept the terms and conditions');
    await tick(phone, 'I agree to sign this document electronically');
    await phone.locator('#signature-typed').fill(homeownerName);
    await phone.getByRole('button', { name: 'Sign', exact: true }).click();
    await phone.getByText('Thank you. Your signature was recorded.').waitFor();
    expect(await phone.locator('.signing-result').textContent()).toContain('Still to sign:');
    // The link is spent now: no link to a PDF that would answer "gone".
    expect(await phone.getByRole('link', { name: 'Open the PDF' }).count()).toBe(0);
    await p.shot(phone, 'signing-done-phone');
    await expectClean('the homeowner signs');

    // The contractor company: its invite is mailed once the homeowner has signed; it draws its signature.
    await expect.poll(() => latestLink(company.email!, job.code), SLOW).toBeTruthy();
    const contractorToken = (await latestLink(company.email!, job.code))!;
    const desk = await (await watchedContext(1280)).newPage();
    await desk.goto(`/sign/${contractorToken}`);
    await desk.getByRole('heading', { level: 1 }).waitFor();
    expect(await desk.locator('.signing-signer-me').textContent()).toContain('(you)');
    if (await desk.locator('#signing-terms-accept').count()) await tick(desk, 'I accept the terms and conditions');
    await tick(desk, 'I agree to sign this document electronically');
    await desk.getByRole('tab', { name: 'Draw' }).click();
    const canvas = desk.locator('canvas.signature-pad-canvas');
    await canvas.waitFor();
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeGreaterThan(100);
    // A looping scrawl, then a second stroke (a dot over an "i").
    await desk.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.65);
    await desk.mouse.down();
    for (let i = 0; i <= 24; i++) {
      const t = i / 24;
      await desk.mouse.move(
        box.x + box.width * (0.15 + 0.6 * t),
        box.y + box.height * (0.6 - 0.25 * Math.sin(t * Math.PI * 4)),
        { steps: 2 },
      );
    }
    await desk.mouse.up();
    await desk.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.3);
    await expect.poll(() => desk.locator('.signature-pad-hint').count()).toBe(0);
    await p.shot(desk, 'signing-drawn-desktop');
    await desk.getByRole('button', { name: 'Sign', exact: true }).click();
    await desk.getByText('Thank you. Your signature was recorded.').waitFor();
    expect(await desk.locator('.signing-result').textContent()).toContain(
      'Everyone has signed: the document is complete.',
    );
    // The homeowner's link signs no more. Reopened, it is the page of their copy (410: signed already) until the
    // mail of the copies, sent once everyone signed, gives each signer a link of its own that replaces it (then 404:
    // the page points to the latest mail); which one depends on when the worker sends that mail.
    expectedFailures.push({ url: `${p.url}/api/signing/${homeownerToken}`, status: 410 });
    expectedFailures.push({ url: `${p.url}/api/signing/${homeownerToken}`, status: 404 });
    // Until the worker has made the signed copy, the page says it was signed with this link ("Nothing to sign
    // here"): read again, as the homeowner would, until it offers the copy or sends them to the newer mail.
    await expect
      .poll(async () => {
        await phone.reload();
        return /Your copy|This link does not work/.test((await phone.textContent('body')) ?? '');
      }, SLOW)
      .toBe(true);
    expect(await phone.getByRole('button', { name: 'Sign', exact: true }).count()).toBe(0);
    await expectClean('the contractor signs');

    // The API: the task completed by itself and the job moved past the stage it was in.
    await expect
      .poll(
        async () =>
          (await readJob(p.deps, ops, (await getJob(p.deps.db, job.id))!)).tasks.find((t) => t.id === TASK)?.status,
        SLOW,
      )
      .toBe('COMPLETE');
    const after = (await getJob(p.deps.db, job.id))!;
    expect(after.stage).toBeGreaterThan(stageBefore);
    const detailAfter = await readJob(p.deps, ops, after);
    expect(detailAfter.tasks.find((t) => t.id === TASK)?.data).toMatchObject({
      homeowner_signature_status: 'success',
      contractor_signature_status: 'success',
      sign_manually: false,
    });

    // Ops again: the panel says complete for both signers and the document; the drawer says the task is complete.
    await opsPage.reload();
    await card.waitFor();
    await expect
      .poll(() => card.locator('.document-card-header .signature-status-tag').textContent(), SLOW)
      .toBe('complete');
    expect(await signerRow('Homeowner').locator('.signature-status-tag').textContent()).toBe('complete');
    expect(await signerRow('Contractor').locator('.signature-status-tag').textContent()).toBe('complete');
    await expect.poll(() => card.getByRole('button', { name: 'Download signed' }).count(), SLOW).toBe(1);
    await p.shot(opsPage, 'signing-ops-complete');
    await opsPage.goto(`/${job.id}?tab=final-documents&task=${TASK}`);
    const drawer = opsPage.locator('.bp6-drawer');
    await drawer.getByText('Collect document signatures').first().waitFor();
    await expect
      .poll(
        () =>
          drawer
            .locator('.bp6-tag')
            .filter({ hasText: /^Complete$/ })
            .count(),
        SLOW,
      )
      .toBeGreaterThan(0);
    await p.shot(opsPage, 'signing-ops-task-drawer', false);
    await expectClean('ops see it complete');

    // The signed PDF (once the worker stamped it): the document first, the audit certificate last.
    await expect
      .poll(
        async () =>
          (await documentsOf(job.id, opsToken)).items.find((d) => d.task_id === TASK)?.signed_download_url ?? null,
        SLOW,
      )
      .not.toBeNull();
    const doc = (await documentsOf(job.id, opsToken)).items.find((d) => d.task_id === TASK)!;
    const r = await fetch(p.url + doc.signed_download_url!, { headers: { authorization: `Bearer ${opsToken}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await r.arrayBuffer());
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain('Audit certificate');
    expect(pages.join('\n')).toContain(doc.sha256);
    expect(pages.join('\n')).toContain(company.email!);
    const dir = mkdtempSync(join(tmpdir(), 'signing-pdf-'));
    try {
      const file = join(dir, 'signed.pdf');
      writeFileSync(file, bytes);
      renderPage(file, pages.length, 'signing-certificate');
      renderPage(file, 1, 'signing-document');
      // The page with the stamped signatures (the contractor's drawn one among them).
      const stamped = pages.findIndex((t) => t.includes('Signature of Contractor'));
      expect(stamped).toBeGreaterThanOrEqual(0);
      renderPage(file, stamped + 1, 'signing-signatures');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // One invite each: the homeowner's and the company's.
    expect(await invitesTo(homeownerEmail, job.code)).toBe(1);
    expect(await invitesTo(company.email!, job.code)).toBe(1);
  });
});
