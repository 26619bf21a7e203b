/**
 * The portal under test: the real server (demo seed, staging environment, automated-testing sign-in
 * enabled) on 127.0.0.1 and an ephemeral port over a temporary database, and Debian's Chromium driven
 * by playwright-core. Stopped by the test file that started it.
 */

import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { loadConfig, type Config } from '../../server/config.ts';
import { buildDeps } from '../../server/deps.ts';
import { createApp } from '../../server/app.ts';
import { seedIfEmpty } from '../../server/seed/demo.ts';
import type { AuthUser, Deps } from '../../server/context.ts';
import { createJob, readJob } from '../../server/services/jobs.service.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import { submitFilled } from '../support/uploads.ts';
import { WI_HEAR_APPLY } from '../api/fixtures.ts';
import { refreshJob } from '../../server/services/evaluation.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import { createWorker } from '../../server/worker.ts';
import { recordHandlers } from '../../server/workflows/records/records.service.ts';
import { documentHandlers } from '../../server/workflows/signing/document-work.ts';
import { usageHandlers } from '../../server/workflows/usage/usage-work.ts';
import { startUtilitySimulator } from '../../sim/utility/server.ts';
import { startApSimulator } from '../../sim/ap/server.ts';
import { paymentHandlers } from '../../server/workflows/payments/payment-work.ts';
import { MAIL_WORK, smtpMailHandler } from '../../server/adapters/mail.ts';
import { actorOf, canWorkTask } from '../../server/services/access.ts';
import { E2E_TEMPLATE, onServer, seededDatabase, templateOf } from '../support/demo-templates.ts';
import { SEEDED_NOW } from '../support/global-setup.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const PLAYWRIGHT_SECRET = 'e2e-secret';
/** Where screenshots go (ignored by git). */
export const ARTIFACTS = join(process.cwd(), 'tests/e2e/artifacts');

/** A running portal and a browser. */
export interface Portal {
  url: string;
  deps: Deps;
  browser: Browser;
  /** A fresh browser context (its own storage) at a viewport width. */
  context: (width?: number) => Promise<BrowserContext>;
  /** A page signed in as the user (through the automated-testing sign-in), at `path`. */
  signedIn: (email: string, path?: string, width?: number) => Promise<Page>;
  /** A second server over the same database and uploads (its own app, worker and change feed), as a second instance
   * behind a load balancer would be; pages signed in there talk to it. */
  another: () => Promise<{ url: string; deps: Deps; signedIn: Portal['signedIn']; context: Portal['context'] }>;
  /** Saves a screenshot under tests/e2e/artifacts/<name>.png (the whole page, or the viewport). */
  shot: (page: Page, name: string, fullPage?: boolean) => Promise<void>;
  close: () => Promise<void>;
}

/** One server of the portal (its app, its worker) over a database; several may share one. */
interface Instance {
  url: string;
  deps: Deps;
  close: () => Promise<void>;
}

/** Starts one server over the database and uploads of `cfg`, with its background worker, as server/main.ts does. */
async function startInstance(cfg: Config): Promise<Instance> {
  const deps = await buildDeps(cfg, { log: () => undefined });
  await seedIfEmpty(deps);
  const { app } = await createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Links in mail (and the utility's way back) point at this portal.
  deps.config.public_url = url;
  // The background worker (documents to generate, invites to mail, signed PDFs, usage, payments, completion records).
  // With SMTP_URL (a test's SMTP server), mail is delivered there too.
  const worker = createWorker(deps.db, {
    handlers: {
      ...documentHandlers(deps),
      ...usageHandlers(deps),
      ...paymentHandlers(deps),
      ...recordHandlers(deps),
      ...(cfg.smtp_url ? { [MAIL_WORK]: smtpMailHandler(cfg.smtp_url, cfg.mail_from) } : {}),
    },
    idle_ms: 200,
  });
  worker.start();
  return {
    url,
    deps,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await worker.stop();
      await deps.store.close();
    },
  };
}

/** What a page said went wrong (uncaught errors, console errors), kept for the report of a failed test. */
const problems = new WeakMap<Page, string[]>();
/** The pages opened since the last test began (the failure report looks at them). */
let openPages: Page[] = [];

/** Records the page's uncaught errors and console errors, and lists it among the pages of this test. */
export function watched(page: Page): Page {
  const said: string[] = [];
  problems.set(page, said);
  page.on('pageerror', (e) => said.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') said.push(`console: ${m.text()}`);
  });
  openPages.push(page);
  return page;
}

/** Forgets the pages of the test before (called as each test begins). */
export function forgetPages(): void {
  openPages = [];
}

/**
 * What each page of a failed test showed: its address, its open dialogs and toasts, and what it said went wrong; a
 * screenshot of each beside the others (failed-<name>-<n>.png). A failure on a busy CI machine can then be read from
 * the log, not only re-run.
 */
export async function reportPages(name: string): Promise<string> {
  const lines: string[] = [];
  const slug = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  for (const [i, page] of openPages.entries()) {
    if (page.isClosed()) continue;
    try {
      const seen = await page.evaluate(() => ({
        dialogs: Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).map(
          (d) => d.getAttribute('aria-label') ?? d.querySelector('h1,h2,h3,h4,h5,h6')?.textContent ?? '(untitled)',
        ),
        toasts: Array.from(document.querySelectorAll('.bp6-toast')).map((t) => t.textContent ?? ''),
        busy: document.querySelectorAll('[aria-busy="true"]').length,
        heading: document.querySelector('h1')?.textContent ?? '',
      }));
      await page.screenshot({ path: join(ARTIFACTS, `failed-${slug}-${i}.png`) }).catch(() => undefined);
      lines.push(
        `page ${i}: ${page.url()} (h1 "${seen.heading}", ${seen.busy} busy)`,
        `  dialogs: ${seen.dialogs.join(' | ') || 'none'}`,
        `  toasts: ${seen.toasts.join(' | ') || 'none'}`,
        ...(problems.get(page) ?? []).slice(-10).map((p) => `  ${p.slice(0, 300)}`),
      );
    } catch (e) {
      lines.push(`page ${i}: ${page.url()} (not readable: ${(e as Error).message.split('\n')[0]})`);
    }
  }
  return lines.join('\n');
}

/** Where a portal's data lives: a copy of the seeded demo on SQLite (the default) or on PostgreSQL. */
export interface PortalOptions {
  /** 'postgres': a copy of the API suite's seeded demo database on TEST_DATABASE_URL's server (needs it). */
  backend?: 'sqlite' | 'postgres';
}

/**
 * One Chromium per test worker, shared by the portals its files start one after another, each with contexts of its
 * own that it closes: a launch and its close took about a second of a core, for each of some thirty files a run.
 * Playwright closes the browser when the worker exits; one that crashed is launched again.
 */
let launched: Promise<Browser> | undefined;
async function workerBrowser(): Promise<Browser> {
  const open = await launched?.catch(() => undefined);
  if (open?.isConnected()) return open;
  launched = chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return launched;
}

/** Starts the server (over a copy of the seeded demo) and the browser. */
export async function startPortal(config: Partial<Config> = {}, o: PortalOptions = {}): Promise<Portal> {
  const dir = mkdtempSync(join(tmpdir(), 'rebate-e2e-'));
  let database: Pick<Config, 'database_url' | 'database_schema'> = { database_url: `sqlite:${join(dir, 'portal.db')}` };
  let dropDatabase = async () => undefined as void;
  if (o.backend === 'postgres') {
    // The API suite's PostgreSQL demo (seeded at its fixed clock), copied; the portal runs on the wall clock.
    const copy = await seededDatabase({ backend: 'postgres', now: SEEDED_NOW });
    await copy.store.close();
    database = { database_url: copy.url, database_schema: copy.schema };
    if (existsSync(copy.upload_dir)) cpSync(copy.upload_dir, join(dir, 'uploads'), { recursive: true });
    rmSync(dirname(copy.upload_dir), { recursive: true, force: true });
    // Dropped once every instance closed its connections, without FORCE: a connection still open (a leak) makes the
    // drop fail with a warning instead of being killed under a client that would throw it where nobody listens.
    const name = new URL(copy.url).pathname.slice(1);
    dropDatabase = async () => {
      await onServer(`DROP DATABASE IF EXISTS ${name}`).catch((e: Error) =>
        console.warn(`the portal's database ${name} was left: ${e.message}`),
      );
    };
  } else cpSync(await templateOf(E2E_TEMPLATE), dir, { recursive: true });
  // The utility data service, as npm start runs it: the simulated utility beside the portal.
  const sim = await startUtilitySimulator({ validation_ms: 500 });
  const ap = await startApSimulator({ approve_after_ms: 1000, pay_after_ms: 500 });
  const cfg: Config = {
    ...loadConfig({}),
    ...database,
    upload_dir: join(dir, 'uploads'),
    app_env: 'staging',
    playwright_auth_secret: PLAYWRIGHT_SECRET,
    port: 0,
    utility_data_url: sim.url,
    ap_url: ap.url,
    ...config,
  };
  const first = await startInstance(cfg);
  const others: Instance[] = [];
  const { url, deps } = first;
  const browser = await workerBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
  const context = async (width = 1280, base = url) => {
    // Less motion asked for (web/app/styles.css): a drawer or dialog is there at once, not after frames of a
    // transition that a page drawn in software renders on a busy core.
    const c = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base, reducedMotion: 'reduce' });
    // Generous: CI has two cores shared by the server, the browser and the test runner.
    c.setDefaultTimeout(30_000);
    c.setDefaultNavigationTimeout(30_000);
    c.on('page', watched);
    return c;
  };
  const signedIn = async (email: string, path = '/', width = 1280, base = url) => {
    const page = await (await context(width, base)).newPage();
    await page.goto(
      `/playwright-test-login?token=${PLAYWRIGHT_SECRET}&email=${encodeURIComponent(email)}&redirect=${encodeURIComponent(path)}`,
    );
    await page.waitForURL((u) => !u.pathname.startsWith('/playwright-test-login'));
    return page;
  };
  return {
    url,
    deps,
    browser,
    context: (width) => context(width),
    signedIn: (email, path, width) => signedIn(email, path, width),
    another: async () => {
      const i = await startInstance(cfg);
      others.push(i);
      return {
        url: i.url,
        deps: i.deps,
        signedIn: (email: string, path?: string, width?: number) => signedIn(email, path, width, i.url),
        context: (width?: number) => context(width, i.url),
      };
    },
    shot: async (page, name, fullPage = true) => {
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
    },
    close: async () => {
      // The browser stays for the worker's next file; this portal's contexts (and their pages) go.
      await Promise.all(browser.contexts().map((c) => c.close()));
      for (const i of [...others, first]) await i.close();
      await sim.close();
      await ap.close();
      await dropDatabase();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh WI HEAR job of the user's company in Milwaukee (created through the service, as the API does). */
export async function newWiHearJob(
  deps: Deps,
  user: AuthUser,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; code: string }> {
  return (await createJob(deps, user, {
    first_name: 'Pat',
    last_name: `Journey${Math.floor(Math.random() * 1e6)}`,
    email: 'pat@example.com',
    phone_number: '414-555-0199',
    address: `${Math.floor(Math.random() * 9000) + 100} Lake Dr`,
    city: 'Milwaukee',
    county: 'Milwaukee',
    state: 'WI',
    zip: '53202',
    lat: 43.04,
    lon: -87.9,
    electric_utility: 'We Energies',
    gas_utility: 'We Energies',
    program_id: 'wi-hear',
    ...extra,
  })) as unknown as { id: number; code: string };
}

/**
 * A WI HEAR job of the contractor at its open signing task (collect_document_signatures), every earlier task submitted
 * through the services with the forms' fixture answers (Apply by the contractor, Review by ops, Install by the
 * contractor, the install details this job's measures ask for).
 */
export async function wiHearJobAtSigning(
  deps: Deps,
  contractor: AuthUser,
  ops: AuthUser,
): Promise<{ id: number; code: string }> {
  const job = await newWiHearJob(deps, contractor);
  const apply = WI_HEAR_APPLY.map(([task, form, data]) => [contractor, task, form, data] as const);
  const steps: (readonly [AuthUser, string, string, Record<string, unknown>])[] = [
    ...apply,
    [ops, 'review_income_qualification', 'review_income_qualification', {}],
    [ops, 'determine_and_share_rebate_amount', 'determine_and_share_rebate_amount', {}],
    [contractor, 'confirm_install_dates', 'confirm_install_dates', {}],
    [contractor, 'provide_equipment_catalog_details', 'provide_equipment_catalog_details', {}],
    [contractor, 'photos_of_installed_measures', 'photos_of_installed_measures', {}],
    [contractor, 'confirm_project_final_costs', 'confirm_project_final_costs', {}],
    [contractor, 'upload_final_invoice', 'upload_final_invoice', {}],
  ];
  for (const [user, task, form, data] of steps)
    await submitFilled(deps, await setupAnswerer(deps, 'wi-hear', task, user), job.id, task, form, data);
  const installDetails = (await readJob(deps, ops, (await getJob(deps.db, job.id))!)).tasks.filter(
    (x) => x.stage === 4 && x.id !== 'collect_document_signatures' && x.status === 'READY',
  );
  for (const t of installDetails)
    await submitFilled(deps, await setupAnswerer(deps, 'wi-hear', t.id, contractor), job.id, t.id, t.form);
  return job;
}

/**
 * A RECO job of the contractor company at payment: every task before approve_payment complete (written as the engine
 * reads them), a heat pump saving 3,600 kWh a year at 0.50 a kWh, so the rules' $1,800.00, which ops shared (what the
 * budget reserves and payment is bound to).
 */
export async function recoJobAtPayment(deps: Deps, ops: AuthUser, contractorId: number): Promise<{ id: number }> {
  const created = (await createJob(deps, ops, {
    first_name: 'Paula',
    last_name: 'Ramapo',
    email: `paula.${Date.now()}@example.com`,
    phone_number: '201-555-0177',
    address: '12 Ramapo Valley Rd',
    city: 'Mahwah',
    county: 'Bergen',
    state: 'NJ',
    zip: '07430',
    lat: 41.08,
    lon: -74.14,
    electric_utility: 'Rockland Electric Company',
    gas_utility: 'Public Service Electric and Gas',
    program_id: 'reco',
    contractor_id: contractorId,
  } as Parameters<typeof createJob>[2])) as unknown as { id: number };
  const answers: Record<string, Record<string, unknown>> = {
    determine_and_share_rebate_amount: { program_final_amount: 180_000 },
    provide_services: { services_being_installed: ['heat_pump'] },
    review_deemed_range: {
      deemed_savings_low_kwh: 2000,
      deemed_savings_high_kwh: 4000,
      estimated_annual_savings_kwh: 3600,
    },
    confirm_project_final_costs: { total_project_cost: 1_000_000 },
  };
  const at = new Date().toISOString();
  for (const t of deps.defs.programs.reco.tasks) {
    if (t.id === 'approve_payment' || t.id === 'send_payment') continue;
    const cur = await tasksDb.getTask(deps.db, created.id, t.id);
    const row = { job_id: created.id, task_id: t.id, status: 'COMPLETE' as const, data: answers[t.id] ?? {} };
    const unset = { draft: null, owner_override: null, exceptions: null, updated_by: null };
    await tasksDb.writeTask(deps.db, { ...row, ...unset, updated_at: at }, cur?.version ?? 0);
  }
  await refreshJob(deps, created.id);
  return created;
}

/**
 * Who answers a task in a test's set-up: the given user, or the demo's ops user where the program lets
 * only the homeowner answer it (no `on_behalf`: a contractor is refused; ops answer for the homeowner).
 */
export async function setupAnswerer(deps: Deps, programId: string, taskId: string, user: AuthUser): Promise<AuthUser> {
  const def = deps.defs.programs[programId]?.tasks.find((t) => t.id === taskId);
  if (user.role !== 'contractor' || !def || canWorkTask(user, actorOf(deps.defs.programs[programId], def))) return user;
  const ops = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'contractor_id'])
    .where('role', '=', 'ops')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return ops as AuthUser;
}

/**
 * How many pixels wider than the window the page is (0 when it does not scroll sideways). Any page at
 * a phone's 390 px must answer 0: `expect(await sideScroll(page)).toBe(0)`.
 */
export async function sideScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
}

/** The newest mail's id in the outbox: the demo's own mails (seeded through the workflows) are this old or older. */
export async function outboxHead(deps: Deps): Promise<number> {
  const r = await deps.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}

/** The token of the newest link to `/<path>/<token>` mailed to `to` (the outbox every mail is written to), after
 * `afterId` (see outboxHead). */
export async function mailedToken(deps: Deps, to: string, path: string, afterId = 0): Promise<string | undefined> {
  const rows = await deps.db
    .selectFrom('outbox')
    .select(['body'])
    .where('to_address', '=', to)
    .where('id', '>', afterId)
    .orderBy('id', 'desc')
    .execute();
  for (const r of rows) {
    const m = new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(r.body);
    if (m) return m[1];
  }
  return undefined;
}

/** The signing token of the newest invite ('Please sign ...') mailed to `to` for the job, from the outbox. */
export async function signingLink(deps: Deps, to: string, jobCode: string): Promise<string | undefined> {
  const rows = await deps.db
    .selectFrom('outbox')
    .select(['subject', 'body'])
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .execute();
  const mail = rows.find((m) => m.subject.includes(`(job ${jobCode})`) && m.subject.startsWith('Please sign'));
  return mail ? /\/sign\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] : undefined;
}

/** Signs a document on its signing page (`/sign/<token>`) in `page`, with a typed signature, as the signer would. */
export async function signOnPage(page: Page, token: string, name: string): Promise<void> {
  await page.goto(`/sign/${token}`);
  // The page's first load can wait on a worker stamping or mailing on a busy machine: polled for up to a minute.
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
  if (await page.locator('#signing-terms-accept').count())
    await page.getByText('I accept the terms and conditions', { exact: true }).click();
  await page.getByText('I agree to sign this document electronically', { exact: true }).click();
  await page.locator('#signature-typed').fill(name);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await page.getByText('Thank you. Your signature was recorded.').waitFor({ timeout: 60_000 });
}

/** axe-core's script, put in a page once per document (axeViolations). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe-core run in the page (in the page's own script; axe's results hold no functions). */
type AxeResults = {
  violations: { id: string; impact?: string | null; nodes: { target: string[]; failureSummary?: string }[] }[];
};

/**
 * The critical and serious axe violations of the page as it is: axe-core put in the document once (not again at each
 * run) and run there, in the page itself, over its own document; the portal has no frame of its own (an
 * announcement's video frame is a third party's, not checked). Only the violations are read: axe skips building
 * selectors and details for the passes and the rest. (@axe-core/playwright's builder put the 560 kB script in twice at
 * every run and set axe up again: measured on the jobs list, a job and the explorer, 470, 640 and 2,010 ms a run
 * against 310, 210 and 1,940 ms this way.)
 */
export async function axeViolations(page: Page) {
  const run = async () => {
    await settled(page);
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const r = await page.evaluate(() =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(document, {
        resultTypes: ['violations'],
      }),
    );
    return r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  };
  // An open page reads its jobs again when they change (the live feed) and dims a table while it does: a violation
  // that is only a passing state is gone when the page has settled again; a real one is found twice.
  const first = await run();
  return first.length ? run() : first;
}

/**
 * Waits until the page shows its content: loaded, no spinner or skeleton, nothing reading again (aria-busy: a table
 * dims while it does), no running transition.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => !document.querySelector('.bp6-spinner, .bp6-skeleton, [aria-busy="true"]'),
    undefined,
    { timeout: SLOW.timeout },
  );
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    timeout: SLOW.timeout,
  });
}

/** The critical and serious axe violations of the page as it is, one line each, named by the page's state. */
export async function axeFindings(page: Page, state: string): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${state}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How long a test waits for what the server or the worker does in the background (polled, never slept). */
export const SLOW = { timeout: 60_000, interval: 250 };

/**
 * Approves payment in the approve_payment task form of the job page: opens the task from its row, fills the amount
 * payable, the invoice date (yesterday: never in the future) and approved, and submits. Returns the invoice date.
 */
export async function approvePaymentInForm(page: Page, amount: string, shot?: () => Promise<void>): Promise<string> {
  await page
    .locator('.task-row')
    .filter({ has: page.locator('.task-row-title', { hasText: /^Approve payment$/ }) })
    .click();
  const drawer = page.locator('.bp6-drawer');
  await drawer.getByLabel(/Payable amount/).fill(amount);
  const invoiced = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await drawer.getByLabel(/Invoiced on/).fill(invoiced);
  // Blueprint's radio input is hidden under its label: the label is what a person clicks.
  await drawer.getByText('Yes', { exact: true }).click();
  if (!(await drawer.getByRole('radio', { name: 'Yes' }).isChecked())) throw new Error('Approved is not checked');
  // Filled in full: no field says it is missing any more.
  await expect.poll(() => drawer.locator('.bp6-form-group.bp6-intent-danger').count()).toBe(0);
  await shot?.();
  await drawer.getByRole('button', { name: 'Submit', exact: true }).click();
  return invoiced;
}

/**
 * Answers a checklist item on an inspection's page: option k (0 pass, 1 pass with minor issues, 2 fail) of the field
 * of the checklist form (its radios are named by the form's id prefix).
 */
export async function checkItem(page: Page, form: string, field: string, k: 0 | 1 | 2): Promise<void> {
  await page.locator(`label:has(input[name="task_${form}_${field}"][value="${k}"])`).click();
}

/**
 * Opens what a menu item opens (a dialog): the menu's button, then the item, until `opened` shows. A job page read
 * again under an open menu (its live feed) may close the menu as the click lands; a person would open it again, and so
 * does this (each time it had to is printed, with what the page said).
 */
export async function fromMenu(page: Page, button: Locator, item: Locator, opened: Locator): Promise<void> {
  const TRIES = 5;
  let tries = 0;
  for (;;) {
    tries += 1;
    try {
      if (!(await opened.isVisible())) {
        if (!(await item.isVisible())) await button.click();
        await item.click();
      }
      await opened.waitFor({ timeout: 15_000 });
      break;
    } catch (e) {
      if (tries >= TRIES) throw e;
    }
  }
  if (tries > 1)
    console.warn(`"${await item.textContent()}" opened after ${tries} tries:\n${await reportPages('menu-retry')}`);
}

/**
 * The job's contractor answers the corrective action of its field inspection on a phone (390 px): the action says what
 * was found, the answer says what was corrected; answers the phone's page once the action reads "answered".
 */
export async function answerCorrectiveAction(
  p: Portal,
  email: string,
  jobId: number,
  o: { found: string; corrected: string },
): Promise<{ phone: Page; action: ReturnType<Page['locator']> }> {
  const phone = await p.signedIn(email, `/${jobId}`, 390);
  const action = phone.locator('.job-quality [data-review="field_inspection"] .quality-action');
  await action.waitFor({ timeout: SLOW.timeout });
  expect(await action.textContent()).toContain(`Found: ${o.found}`);
  await action.getByLabel('What was corrected?').fill(o.corrected);
  await action.getByRole('button', { name: 'Send answer' }).click();
  await expect.poll(() => action.getAttribute('data-action-state'), SLOW).toBe('answered');
  return { phone, action };
}

/** Waits until the accounts-payment system paid the job and the page says "Payment sent $<amount> to ... on". */
export async function expectPaid(p: Portal, page: Page, jobId: number, amount: string): Promise<void> {
  await expect
    .poll(async () => (await tasksDb.getTask(p.deps.db, jobId, 'send_payment'))?.status, SLOW)
    .toBe('COMPLETE');
  const sent = new RegExp(`Payment sent \\$${amount.replace(/[.,]/g, (c) => `\\${c}`)} to .+ on`);
  await expect.poll(async () => sent.test((await page.textContent('body')) ?? ''), SLOW).toBe(true);
}
