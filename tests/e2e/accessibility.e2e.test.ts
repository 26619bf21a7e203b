/**
 * Accessibility (issue 20): axe-core on every route of web/config/paths.ts, as each role that can open it
 * (signed out, ops, contractor, homeowner; the demo seed's people and jobs), at 390 px and at 1280 px,
 * plus the states the main journeys open (the task drawer, the explorer's tabs, Add new job, search):
 * no critical and no serious violation, and at 390 px no page wider than the window. The routes come from paths.ts, so
 * a new route without an entry
 * in OPENERS fails here instead of going unchecked.
 */

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, settled, sideScroll, startPortal, type Portal } from './portal.ts';
import { paths, type RouteName } from '../../web/config/paths.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import { readOutbox } from '../../server/db/settings.db.ts';
import { createJob } from '../../server/services/jobs.service.ts';
import { submitTask } from '../../server/services/tasks.service.ts';
import { homeownerAccess, inviteHomeowner } from '../../server/workflows/homeowners/homeowners.service.ts';
import type { AuthUser } from '../../server/context.ts';
import { listInspections } from '../../server/workflows/quality/inspections.service.ts';
import { filled } from '../api/fixtures.ts';

type Role = 'signed-out' | 'ops' | 'contractor' | 'homeowner' | 'inspector';
const USERS: Record<Exclude<Role, 'signed-out'>, string> = {
  ops: 'ops@demo.rebates.test',
  contractor: 'alex@northwind-hvac.test',
  homeowner: 'homeowner@demo.rebates.test',
  inspector: 'inspector@demo.rebates.test',
};
/** Desktop first: each page is left at the phone's width, where the screenshots are taken. */
const WIDTHS = [1280, 390];
/** Routes whose phone view is saved (tests/e2e/artifacts/axe-<role>-<route>-390.png) for a person to look at. */
const SHOTS: RouteName[] = ['login', 'JobsList', 'JobDetail', 'ProgramExplorer', 'Inspections'];
/** The worker mails the usage link; two cores shared with the browser. */
const SLOW = { timeout: 60_000, interval: 250 };

/** The demo's records the routes open: the homeowner's own job (Northwind's), and one of each catalog. */
interface Demo {
  jobId: number;
  jobCode: string;
  contractorId: number;
  announcementId: number;
  programId: string;
  providerId: number;
  termsId: number;
  usageToken: string;
}
/** Where a route opens for a role (a path, or a step that lands on it); a role absent cannot open it. */
type Opener = Partial<Record<Role, (d: Demo) => string | Promise<string>>>;

const STAFF = ['ops', 'contractor'] as const;
const ALL_SIGNED_IN = ['ops', 'contractor', 'homeowner'] as const;
/** Everyone who signs in: the people of jobs and a third-party inspector (who opens no job). */
const EVERYONE = [...ALL_SIGNED_IN, 'inspector'] as const;
const forRoles = (roles: readonly Role[], to: (d: Demo) => string | Promise<string>): Opener =>
  Object.fromEntries(roles.map((r) => [r, to]));
const job = (tab = '') => forRoles(ALL_SIGNED_IN, (d) => `/${d.jobId}${tab}`);

let p: Portal;
let ops: AuthUser;
let demo: Demo;

/** A fresh invitation link of the homeowner's job (each opens once). */
async function welcomePath(d: Demo): Promise<string> {
  const row = (await getJob(p.deps.db, d.jobId))!;
  const access = await homeownerAccess(p.deps, ops, row);
  await inviteHomeowner(p.deps, ops, row, {
    invite_email: USERS.homeowner,
    tasks_to_send_homeowner: access.sendable_tasks.slice(0, 1).map((t) => t.id),
  });
  const mail = (await readOutbox(p.deps.db, 20)).find(
    (m) => m.to_address === USERS.homeowner && /\/welcome\//.test(m.body),
  );
  return /\/welcome\/[A-Za-z0-9_-]+/.exec(mail!.body)![0];
}

/** The first inspection assigned to the demo inspector and still to record (a page of ops and that inspector). */
async function inspectionPath(): Promise<string> {
  const inspector = (await findUserByEmail(p.deps.db, USERS.inspector)) as unknown as AuthUser;
  const mine = (await listInspections(p.deps, inspector, {})).items.find((i) => i.state === 'assigned')!;
  return `/inspections/${mine.job_id}/${mine.review_id}`;
}

/** The verify page of the first completion record the demo seed issued. */
async function verifyPath(): Promise<string> {
  const r = await p.deps.db.selectFrom('completion_records').select('sha256').orderBy('job_id').executeTakeFirst();
  return `/verify/${r!.sha256}`;
}

/** Every route of paths.ts: where it opens for each role that can open it. */
const OPENERS: Record<RouteName, Opener> = {
  // An inspector's '/' is their inspections.
  JobsList: forRoles(EVERYONE, () => '/'),
  JobCode: forRoles(ALL_SIGNED_IN, (d) => `/code/${d.jobCode}`),
  JobDetail: job(),
  JobBasicDetails: job('/basic-details'),
  JobEnergySourceDetails: job('/energy-source-details'),
  JobServices: job('/services'),
  JobInstallDetails: job('/install-details'),
  JobProgramProgress: job('/program-progress'),
  JobAttachments: job('/attachments'),
  ContractorsList: forRoles(STAFF, () => '/contractors'),
  ContractorCreate: forRoles(['ops'], () => '/contractors/create'),
  ContractorDetail: forRoles(STAFF, (d) => `/contractors/${d.contractorId}`),
  AnnouncementsList: forRoles(STAFF, () => '/announcements'),
  AnnouncementDetail: forRoles(STAFF, (d) => `/announcements/${d.announcementId}`),
  ProgramsList: forRoles(STAFF, () => '/programs'),
  ProgramDetail: forRoles(STAFF, (d) => `/programs/${d.programId}`),
  ProgramExplorer: forRoles(['ops'], () => '/program-explorer'),
  ProgramExplorerDependencies: forRoles(['ops'], () => '/program-explorer/task-dependencies'),
  EnergyProvidersList: forRoles(STAFF, () => '/providers'),
  EnergyProviderDetail: forRoles(STAFF, (d) => `/providers/${d.providerId}`),
  TermsAndConditionsList: forRoles(STAFF, () => '/terms_and_conditions'),
  TermsAndConditionsDetail: forRoles(STAFF, (d) => `/terms_and_conditions/${d.termsId}`),
  Equipment: forRoles(STAFF, () => '/equipment'),
  HeatPumps: forRoles(STAFF, () => '/equipment/heat-pumps'),
  WaterHeaters: forRoles(STAFF, () => '/equipment/water-heaters'),
  BackgroundWork: forRoles(['ops'], () => '/background-work'),
  MailOutbox: forRoles(['ops'], () => '/mail-outbox'),
  Budgets: forRoles(['ops'], () => '/budgets'),
  Reconciliation: forRoles(['ops'], () => '/reconciliation'),
  Preferences: forRoles(EVERYONE, () => '/preferences'),
  Inspections: forRoles(['ops', 'inspector'], () => '/inspections'),
  InspectionDetail: forRoles(['ops', 'inspector'], inspectionPath),
  login: forRoles(['signed-out'], () => '/login'),
  logout: forRoles(EVERYONE, () => '/logout'),
  PlaywrightTestLogin: forRoles(['signed-out'], () => '/playwright-test-login'),
  // The document to sign needs the worker's generated documents: the page is checked as a stale link shows it.
  SignDocument: forRoles(['signed-out'], () => '/sign/no-longer-valid-link'),
  ConnectUsage: forRoles(['signed-out'], (d) => `/connect/${d.usageToken}`),
  HomeownerWelcome: forRoles(['signed-out'], welcomePath),
  // The visit page with its times is the inspections journey's (tests/e2e/inspections.e2e.test.ts): a stale link here.
  VisitAnswer: forRoles(['signed-out'], () => '/visit/no-such-visit-link-at-all'),
  // A paid demo job's record (the seed issues them), as anyone given it opens it.
  VerifyRecord: forRoles(['signed-out'], verifyPath),
  NotFound: forRoles(['signed-out', ...EVERYONE], () => '/no/such/page'),
};

/** States that a route opens on a click: dialogs, the drawer, tabs that keep their route. */
const STATES: {
  name: string;
  roles: readonly Role[];
  path: (d: Demo) => string;
  open: (page: Page) => Promise<void>;
}[] = [
  {
    name: 'task drawer',
    roles: ALL_SIGNED_IN,
    path: (d) => `/${d.jobId}`,
    open: async (page) => {
      await page.locator('.task-row-title, .task-title').first().click();
      await page.locator('.bp6-drawer').waitFor();
    },
  },
  {
    name: 'Add new job',
    roles: STAFF,
    path: () => '/',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add new job' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'search',
    roles: ALL_SIGNED_IN,
    path: () => '/',
    open: async (page) => {
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'explorer versions tab',
    roles: ['ops'],
    path: () => '/program-explorer?tab=versions',
    open: async () => undefined,
  },
  {
    name: 'explorer impact tab',
    roles: ['ops'],
    path: () => '/program-explorer?tab=impact',
    open: async () => undefined,
  },
];

/**
 * The critical and serious violations on the page at each width (the same page, resized), one line
 * each: rule, impact, the first elements, and what axe says of the first; and at a phone's width, a page
 * wider than the window (it would scroll sideways).
 */
async function violations(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    found.push(
      ...(await axeViolations(page)).map(
        (v) =>
          `${where} at ${width} px: ${v.id} (${v.impact}) at ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}: ${v.nodes[0].failureSummary?.replace(/\s+/g, ' ').slice(0, 240)}`,
      ),
    );
    const over = width < 400 ? await sideScroll(page) : 0;
    if (over > 0) found.push(`${where} at ${width} px: ${over} px wider than the window`);
  }
  return found;
}

/** A page of the role: signed in once through the automated-testing sign-in. */
async function pageOf(role: Role): Promise<Page> {
  if (role === 'signed-out') return (await p.context()).newPage();
  return p.signedIn(USERS[role], '/preferences');
}

beforeAll(async () => {
  p = await startPortal();
  ops = (await findUserByEmail(p.deps.db, USERS.ops)) as unknown as AuthUser;
  const db = p.deps.db;
  const home = await db
    .selectFrom('jobs')
    .select(['id', 'code', 'contractor_id'])
    .where('email', '=', USERS.homeowner)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const announcement = await db.selectFrom('announcements').select('id').orderBy('id').executeTakeFirstOrThrow();
  const provider = await db.selectFrom('providers').select('id').orderBy('id').executeTakeFirstOrThrow();
  const terms = await db.selectFrom('terms_versions').select('id').orderBy('id').executeTakeFirstOrThrow();
  // The usage link: a RECO job whose energy sources are answered; the worker mails the homeowner.
  const email = `axe.${Date.now()}@example.com`;
  const reco = (await createJob(p.deps, ops, {
    first_name: 'Ada',
    last_name: 'Axe',
    email,
    phone_number: '201-555-0142',
    address: '77 Franklin Tpke',
    city: 'Mahwah',
    county: 'Bergen',
    state: 'NJ',
    zip: '07430',
    lat: 41.0887,
    lon: -74.1438,
    electric_utility: 'Rockland Electric Company',
    gas_utility: 'Public Service Electric and Gas',
    program_id: 'reco',
    contractor_id: home.contractor_id,
  } as Parameters<typeof createJob>[2])) as unknown as { id: number };
  await submitTask(p.deps, ops, (await getJob(db, reco.id))!, 'provide_energy_sources_and_utilities', {
    data: filled('provide_energy_sources_and_utilities', {
      has_lived_for_year: true,
      new_heating_source_within_year: false,
    }),
    version: 0,
  });
  const usageToken = await vi.waitFor(async () => {
    const mail = (await readOutbox(db, 200)).find((m) => m.to_address === email && /\/connect\//.test(m.body));
    const token = mail && /\/connect\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
    if (!token) throw new Error(`no usage link mailed to ${email} yet`);
    return token;
  }, SLOW);
  demo = {
    jobId: home.id,
    jobCode: home.code,
    contractorId: home.contractor_id!,
    announcementId: announcement.id,
    programId: 'wi-hear',
    providerId: provider.id,
    termsId: terms.id,
    usageToken,
  };
}, 180_000);
afterAll(() => p?.close());

// The roles side by side, each its own browser context: one page's axe run keeps one core busy, and the test file was
// the longest of the browser tests (207 s one role after another, 140 s side by side on 2 cores).
describe.concurrent('accessibility (axe-core): no critical or serious violation, no sideways scroll on a phone', () => {
  it('every route of paths.ts has an opener, and some role opens it', () => {
    const unknown = Object.keys(paths).filter((name) => !Object.keys(OPENERS[name as RouteName] ?? {}).length);
    expect(unknown, 'routes this test does not know how to open').toEqual([]);
  });

  for (const role of ['signed-out', ...EVERYONE] as const) {
    it(`every route ${role} can open, at ${WIDTHS.join(' and ')} px`, async () => {
      const found: string[] = [];
      // Signed out, each route in a fresh browser (the welcome link signs its visitor in).
      let page = role === 'signed-out' ? undefined : await pageOf(role);
      for (const [name, opener] of Object.entries(OPENERS) as [RouteName, Opener][]) {
        const to = opener[role];
        if (!to) continue;
        page = role === 'signed-out' ? await pageOf(role) : page!;
        await page.goto(await to(demo));
        found.push(...(await violations(page, `${name} (${new URL(page.url()).pathname})`)));
        if (SHOTS.includes(name)) await p.shot(page, `axe-${role}-${name}-390`, false);
        if (role === 'signed-out') await page.context().close();
      }
      expect(found).toEqual([]);
      // A ceiling for a busy 2-core machine (four roles side by side, another browser file beside them), not a wait.
    }, 1_800_000);

    const states = STATES.filter((s) => s.roles.includes(role));
    if (!states.length) continue;
    it(`the journeys' dialogs, drawer and tabs as ${role}, at ${WIDTHS.join(' and ')} px`, async () => {
      const found: string[] = [];
      const page = await pageOf(role);
      for (const s of states) {
        await page.goto(s.path(demo));
        await settled(page);
        await s.open(page);
        found.push(...(await violations(page, s.name)));
        await p.shot(page, `axe-${role}-${s.name.replace(/\W+/g, '-')}-390`, false);
      }
      expect(found).toEqual([]);
    }, 1_200_000);
  }
});
