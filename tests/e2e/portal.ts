/**
 * The portal under test: the real server (demo seed, staging environment, automated-testing sign-in
 * enabled) on 127.0.0.1 and an ephemeral port over a temporary database, and Debian's Chromium driven
 * by playwright-core. Stopped by the test file that started it.
 */

import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig, type Config } from '../../server/config.ts';
import { buildDeps } from '../../server/deps.ts';
import { createApp } from '../../server/app.ts';
import { seedIfEmpty } from '../../server/seed/demo.ts';
import type { AuthUser, Deps } from '../../server/context.ts';
import { createJob } from '../../server/services/jobs.service.ts';
import { createWorker } from '../../server/worker.ts';
import { documentHandlers } from '../../server/workflows/signing/document-work.ts';
import { usageHandlers } from '../../server/workflows/usage/usage-work.ts';
import { startUtilitySimulator } from '../../sim/utility/server.ts';
import { startApSimulator } from '../../sim/ap/server.ts';
import { paymentHandlers } from '../../server/workflows/payments/payment-work.ts';
import { MAIL_WORK, smtpMailHandler } from '../../server/adapters/mail.ts';
import { actorOf, canWorkTask } from '../../server/services/access.ts';

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
  /** Saves a screenshot under tests/e2e/artifacts/<name>.png (the whole page, or the viewport). */
  shot: (page: Page, name: string, fullPage?: boolean) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * The demo, seeded once per test process into a template folder (its database and uploads) that every portal copies:
 * the seed writes some three hundred jobs through the services, which each browser test file paid for before.
 */
let template: Promise<string> | undefined;
function seededTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rebate-e2e-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const cfg: Config = {
      ...loadConfig({}),
      database_url: `sqlite:${join(dir, 'e2e.db')}`,
      upload_dir: join(dir, 'uploads'),
      app_env: 'staging',
      port: 0,
    };
    const deps = await buildDeps(cfg, { log: () => undefined });
    await seedIfEmpty(deps);
    await deps.store.close();
    return dir;
  })();
  return template;
}

/** Starts the server (over a copy of the seeded demo) and the browser. */
export async function startPortal(config: Partial<Config> = {}): Promise<Portal> {
  const dir = mkdtempSync(join(tmpdir(), 'rebate-e2e-'));
  cpSync(await seededTemplate(), dir, { recursive: true });
  // The utility data service, as npm start runs it: the simulated utility beside the portal.
  const sim = await startUtilitySimulator({ validation_ms: 500 });
  const ap = await startApSimulator({ approve_after_ms: 1000, pay_after_ms: 500 });
  const cfg: Config = {
    ...loadConfig({}),
    database_url: `sqlite:${join(dir, 'e2e.db')}`,
    upload_dir: join(dir, 'uploads'),
    app_env: 'staging',
    playwright_auth_secret: PLAYWRIGHT_SECRET,
    port: 0,
    utility_data_url: sim.url,
    ap_url: ap.url,
    ...config,
  };
  const deps = await buildDeps(cfg, { log: () => undefined });
  await seedIfEmpty(deps);
  const { app } = await createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Links in mail (and the utility's way back) point at this portal.
  deps.config.public_url = url;
  // The background worker, as server/main.ts runs it (documents to generate, invites to mail, signed PDFs, usage).
  // With SMTP_URL (a test's SMTP server), mail is delivered there too.
  const worker = createWorker(deps.db, {
    handlers: {
      ...documentHandlers(deps),
      ...usageHandlers(deps),
      ...paymentHandlers(deps),
      ...(cfg.smtp_url ? { [MAIL_WORK]: smtpMailHandler(cfg.smtp_url, cfg.mail_from) } : {}),
    },
    idle_ms: 200,
  });
  worker.start();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  mkdirSync(ARTIFACTS, { recursive: true });
  const context = async (width = 1280) => {
    const c = await browser.newContext({ viewport: { width, height: 900 }, baseURL: url });
    // Generous: CI has two cores shared by the server, the browser and the test runner.
    c.setDefaultTimeout(30_000);
    c.setDefaultNavigationTimeout(30_000);
    return c;
  };
  return {
    url,
    deps,
    browser,
    context,
    signedIn: async (email, path = '/', width = 1280) => {
      const page = await (await context(width)).newPage();
      await page.goto(
        `/playwright-test-login?token=${PLAYWRIGHT_SECRET}&email=${encodeURIComponent(email)}&redirect=${encodeURIComponent(path)}`,
      );
      await page.waitForURL((u) => !u.pathname.startsWith('/playwright-test-login'));
      return page;
    },
    shot: async (page, name, fullPage = true) => {
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
    },
    close: async () => {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await worker.stop();
      await deps.store.close();
      await sim.close();
      await ap.close();
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

/** How long a test waits for what the server or the worker does in the background (polled, never slept). */
export const SLOW = { timeout: 60_000, interval: 250 };
