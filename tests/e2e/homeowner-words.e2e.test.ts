/**
 * The homeowner's journey in their own words (issue 42, point 2), on a 390 px phone: from the contractor's invitation
 * to "Payment sent". The contractor saved a draft of the income estimate first (the homeowner's form must not preselect
 * it); the homeowner opens the mailed link, reads where their rebate stands and whom to ask, answers the income
 * estimate in its form and opens their other forms; the job is brought through the services to its final documents;
 * the homeowner signs from the mailed link, downloads their copy on the thank-you page, the contractor signs, the copy
 * signed by everyone is mailed to the homeowner and downloaded from that link and from their job page; ops approve
 * payment, the simulated accounts payment pays it, and the homeowner reads "Payment sent $X to Northwind HVAC".
 *
 * Every screen is checked: no definition key (task, form, field and option keys, rule ids, constants: keys with "_"
 * or "."), no rule description or reason label, no internal value (task statuses, owner roles, "Stage 2"), and not the
 * word "homeowner" addressed to them (the document they sign names its parties, so its own text is left out of that
 * word's check only). axe finds no critical or serious violation on each of those page states. Screenshots are saved
 * under tests/e2e/artifacts/homeowner-words-*.png.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  axeFindings,
  newWiHearJob,
  outboxHead,
  settled,
  setupAnswerer,
  signOnPage,
  sideScroll,
  SLOW,
  startPortal,
  type Portal,
} from './portal.ts';
import { loadRepo } from '../load-repo.ts';
import { submitFilled } from '../support/uploads.ts';
import { findUserByEmail } from '../../server/db/users.db.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import * as tasksDb from '../../server/db/tasks.db.ts';
import { readJob } from '../../server/services/jobs.service.ts';
import { saveDraft, submitTask } from '../../server/services/tasks.service.ts';
import { homeownerAccess, inviteHomeowner } from '../../server/workflows/homeowners/homeowners.service.ts';
import type { AuthUser } from '../../server/context.ts';
import type { Definitions } from '../../engine/index.ts';
import { WI_HEAR_APPLY } from '../api/fixtures.ts';

const OPS = 'ops@demo.rebates.test';
const CONTRACTOR = 'alex@northwind-hvac.test';
const PHONE = 390;
const SIGNING = 'collect_document_signatures';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every key of the definitions that cannot be a plain word (it has "_" or "."): what no screen may show. */
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
    for (const k of Object.keys(p.constants)) [k, `constants.${k}`].forEach(add);
    for (const k of Object.keys(p.tables)) [k, `tables.${k}`].forEach(add);
  }
  return keys;
}

/**
 * Internal words no homeowner screen shows: each rule's description and reason label (staff's words), the engine's
 * statuses and the staff metadata of a task.
 */
function internalWords(defs: Definitions): (string | RegExp)[] {
  const wi = defs.programs['wi-hear'];
  return [
    ...wi.eligibility.flatMap((r) => [r.description ?? '', r.reason_text]).filter((w) => w.length > 12),
    'fully reserved',
    'market-rate',
    'IN_PROGRESS',
    'NOT_STARTED',
    'COMPLETE',
    'LOCKED',
    'READY',
    'pending_more_information',
    'unable_to_determine',
    // A task's staff metadata ("Owner: Homeowner · Stage 2"); the stage progress's "Stage 2 of 7" is theirs to read.
    'Owner:',
    /Stage \d\b(?! of)/,
    'Program evaluator',
    'partner manager',
    'Operations',
    'area median income (AMI)',
    '[object Object]',
  ];
}

const FILE_NAME = /\.(pdf|jpe?g|png)$/i;
/** The definition keys in a text. */
function keysIn(text: string, keys: Set<string>): string[] {
  const found = new Set<string>();
  for (const token of text.match(/[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*/g) ?? []) {
    if (FILE_NAME.test(token)) continue;
    for (const t of [token, ...token.split('.')]) if (keys.has(t)) found.add(t);
  }
  return [...found];
}

let p: Portal;
let keys: Set<string>;
let internal: (string | RegExp)[];
let contractor: AuthUser;
let ops: AuthUser;
const offences: string[] = [];
const axeFound: string[] = [];
const screens: string[] = [];

/**
 * Waits until the page shows its content: loaded, no spinner, no running transition. (Not "network idle": an open page
 * keeps its change feed's stream open.)
 */
/**
 * Checks one screen as the homeowner sees it: its words (keys, internal words, "homeowner" outside the document they
 * sign), axe's critical and serious findings, no sideways scroll; and saves its screenshot.
 */
async function screen(page: Page, name: string) {
  await settled(page);
  screens.push(name);
  const text = await page.evaluate(() => document.body.innerText);
  // The document to sign and the program's terms name their parties ("The homeowner, Pat ..."): their own text and
  // the signers' roles are the documents', not words addressed to the reader.
  const addressed = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.signing-document, .signing-signers, .signing-terms-text').forEach((e) => e.remove());
    return copy.innerText;
  });
  for (const k of keysIn(text, keys)) offences.push(`${name}: key ${k}`);
  for (const w of internal)
    if (typeof w === 'string' ? text.includes(w) : w.test(text)) offences.push(`${name}: "${String(w)}"`);
  if (/\bhomeowners?\b/i.test(addressed)) {
    const line = addressed.split('\n').find((l) => /\bhomeowners?\b/i.test(l));
    offences.push(`${name}: "homeowner" in "${line}"`);
  }
  const over = await sideScroll(page);
  if (over > 0) offences.push(`${name}: ${over} px wider than the phone`);
  axeFound.push(...(await axeFindings(page, name)));
  await p.shot(page, `homeowner-words-${name}`);
}

/** The newest mail to `to` after `after` whose subject starts with `subject`, with its link's token. */
async function mailTo(to: string, subject: string, path: string, after: number) {
  const rows = await p.deps.db
    .selectFrom('outbox')
    .select(['id', 'subject', 'body'])
    .where('to_address', '=', to)
    .where('id', '>', after)
    .orderBy('id', 'desc')
    .execute();
  const m = rows.find((r) => r.subject.startsWith(subject));
  return m && { ...m, token: new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(m.body)?.[1] };
}

/** Downloads what a click starts and answers the file's bytes. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return readFileSync(path!);
}

beforeAll(async () => {
  const defs = loadRepo();
  keys = definitionKeys(defs);
  internal = internalWords(defs);
  p = await startPortal();
  contractor = (await findUserByEmail(p.deps.db, CONTRACTOR))!;
  ops = (await findUserByEmail(p.deps.db, OPS))!;
});
afterAll(() => p?.close());

describe('the homeowner reads their own words, from the invitation to "Payment sent"', () => {
  it('every screen speaks to them; the signed copy is downloaded and mailed; the payment names its payee', async () => {
    const email = `pat.words.${Date.now()}@example.com`;
    const job = await newWiHearJob(p.deps, contractor, { email, first_name: 'Pat', last_name: 'Rivera' });
    const row = async () => (await getJob(p.deps.db, job.id))!;
    const readyIn = async (stage: number) =>
      (await readJob(p.deps, ops, await row())).tasks.filter((x) => x.stage === stage && x.status === 'READY');

    // The contractor starts the income estimate for the homeowner and saves a draft of a guess. (A draft of a task
    // never submitted is the task's data, which the evaluation reads: a guess above the limit would make the job
    // ineligible before the homeowner answered. The guess here is a moderate income.)
    await saveDraft(p.deps, contractor, await row(), 'provide_income_estimate', {
      data: { number_of_occupants: 6, income_level: 'ami_80_to_ami_150' },
      version: 0,
    });
    // ...and invites the homeowner with every task they may answer.
    const head = await outboxHead(p.deps);
    const access = await homeownerAccess(p.deps, contractor, await row());
    await inviteHomeowner(p.deps, contractor, await row(), {
      invite_email: email,
      tasks_to_send_homeowner: access.sendable_tasks.map((t) => t.id),
    });
    const invite = await mailTo(email, 'Your home energy rebate', 'welcome', head);
    expect(invite?.token).toBeDefined();

    // The homeowner, on a phone: the link signs them in on their job.
    const phone = await (await p.context(PHONE)).newPage();
    await phone.goto(`/welcome/${invite!.token}`);
    await phone.waitForURL((u) => u.pathname === `/${job.id}`, { timeout: 30_000 });
    const standing = phone.locator('.homeowner-standing');
    await standing.waitFor();
    expect(await standing.innerText()).toContain('We need a few answers from you');
    expect(await standing.innerText()).toContain('Questions? Ask your contractor, Northwind HVAC');
    await screen(phone, '1-landing');

    // The income estimate opens empty: the contractor's draft is not theirs.
    // (Started: the contractor saved answers; the homeowner reads none of them.)
    await phone.getByRole('button', { name: /^(Start|Continue) Income estimate$/ }).click();
    const drawer = phone.locator('.bp6-drawer');
    await drawer.getByLabel('Number of people living in the home').waitFor();
    expect(await drawer.getByLabel('Number of people living in the home').inputValue()).toBe('');
    expect(await drawer.getByRole('radio', { checked: true }).count()).toBe(0);
    await screen(phone, '2-income-estimate');
    await drawer.getByLabel('Number of people living in the home').fill('3');
    await drawer.getByText('Below 80% of the area median income').click();
    await drawer.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect
      .poll(async () => (await tasksDb.getTask(p.deps.db, job.id, 'provide_income_estimate'))?.status, SLOW)
      .toBe('COMPLETE');
    await drawer.waitFor({ state: 'hidden' });

    // Their other forms, each opened and read (then answered through the services, as they would).
    const homeowner = (await findUserByEmail(p.deps.db, email))!;
    for (const [task, title] of [
      ['provide_homeowner_details', 'Household and home details'],
      ['provide_energy_sources_and_utilities', 'Energy sources and utilities'],
    ] as const) {
      await phone.goto(`/${job.id}?task=${task}`);
      await phone.locator('.bp6-drawer').getByText(title).first().waitFor();
      await screen(phone, `3-${task.replace(/_/g, '-')}`);
    }
    for (const [task, form, data] of WI_HEAR_APPLY.filter(([t]) =>
      ['provide_homeowner_details', 'provide_energy_sources_and_utilities'].includes(t),
    ))
      await submitFilled(p.deps, homeowner, job.id, task, form, data);
    await phone.goto(`/${job.id}?task=apply_for_income_verification`);
    await phone.locator('.bp6-drawer').getByText('How will you verify your income?').waitFor();
    await screen(phone, '4-verify-income');
    await submitFilled(
      p.deps,
      homeowner,
      job.id,
      'apply_for_income_verification',
      'apply_for_income_verification_homeowner',
    );

    // Everyone else's part up to the final documents, through the services.
    const steps: [AuthUser, string, string, Record<string, unknown>][] = [
      ...WI_HEAR_APPLY.filter(([t]) =>
        ['provide_site_details', 'provide_services', 'scope_of_work_proposed'].includes(t),
      ).map(([task, form, data]): [AuthUser, string, string, Record<string, unknown>] => [
        contractor,
        task,
        form,
        data,
      ]),
      [ops, 'review_income_qualification', 'review_income_qualification', {}],
      [ops, 'determine_and_share_rebate_amount', 'determine_and_share_rebate_amount', {}],
      [contractor, 'confirm_install_dates', 'confirm_install_dates', {}],
      [contractor, 'provide_equipment_catalog_details', 'provide_equipment_catalog_details', {}],
      [contractor, 'photos_of_installed_measures', 'photos_of_installed_measures', {}],
      [contractor, 'confirm_project_final_costs', 'confirm_project_final_costs', {}],
      [contractor, 'upload_final_invoice', 'upload_final_invoice', {}],
    ];
    for (const [user, task, form, data] of steps)
      await submitFilled(p.deps, await setupAnswerer(p.deps, 'wi-hear', task, user), job.id, task, form, data);
    for (const t of (await readJob(p.deps, ops, await row())).tasks.filter(
      (x) => x.stage === 4 && x.id !== SIGNING && x.status === 'READY',
    ))
      await submitFilled(p.deps, await setupAnswerer(p.deps, 'wi-hear', t.id, contractor), job.id, t.id, t.form);
    expect((await readJob(p.deps, ops, await row())).tasks.find((t) => t.id === SIGNING)?.status).toBe('READY');

    // The documents are generated and the homeowner's invite mailed by the worker.
    const signInvite = await (async () => {
      let m: Awaited<ReturnType<typeof mailTo>>;
      await expect.poll(async () => !!(m = await mailTo(email, 'Please sign', 'sign', head)), SLOW).toBe(true);
      return m!;
    })();
    await phone.goto(`/${job.id}`);
    await phone.locator('.homeowner-standing').waitFor();
    await screen(phone, '5-waiting-for-signature');

    // They sign on the signing page, and keep a copy from the thank-you page.
    const signer = await (await p.context(PHONE)).newPage();
    await signer.goto(`/sign/${signInvite.token}`);
    await signer.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
    await screen(signer, '6-sign-page');
    await signOnPage(signer, signInvite.token!, 'Pat Rivera');
    const thanksCopy = signer.getByRole('button', { name: 'Download your copy (PDF)' });
    await thanksCopy.waitFor();
    await screen(signer, '7-thank-you');
    const asSigned = await downloaded(signer, () => thanksCopy.click());
    expect(asSigned.subarray(0, 5).toString()).toBe('%PDF-');

    // The contractor signs; the copy signed by everyone is mailed to the homeowner with a link of its own.
    const afterHomeowner = await outboxHead(p.deps);
    const contractorEmail = (
      await p.deps.db
        .selectFrom('document_signatures')
        .select('email')
        .where('role', '=', 'contractor')
        .where('status', '=', 'pending')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).email!;
    let contractorInvite: Awaited<ReturnType<typeof mailTo>>;
    await expect
      .poll(async () => !!(contractorInvite = await mailTo(contractorEmail, 'Please sign', 'sign', head)), SLOW)
      .toBe(true);
    await signOnPage(await (await p.context()).newPage(), contractorInvite!.token!, 'Alex Northwind');
    let copyMail: Awaited<ReturnType<typeof mailTo>>;
    await expect
      .poll(async () => !!(copyMail = await mailTo(email, 'Your signed copy', 'sign', afterHomeowner)), SLOW)
      .toBe(true);
    expect(copyMail!.body).toContain('Everyone has signed');
    const mailed = await (await p.context(PHONE)).newPage();
    await mailed.goto(`/sign/${copyMail!.token}`);
    const mailedCopy = mailed.getByRole('button', { name: 'Download your copy (PDF)' });
    await mailedCopy.waitFor({ timeout: 60_000 });
    expect(await mailed.locator('main, body').first().innerText()).toContain('Everyone has signed');
    await screen(mailed, '8-mailed-copy');
    const complete = await downloaded(mailed, () => mailedCopy.click());
    expect(complete.subarray(0, 5).toString()).toBe('%PDF-');
    expect(complete.length).toBeGreaterThan(asSigned.length);

    // On their job page too.
    await phone.goto(`/${job.id}`);
    const docs = phone.locator('.homeowner-documents');
    await expect
      .poll(async () => (await docs.innerText().catch(() => '')).includes('Signed by everyone'), SLOW)
      .toBe(true);
    await screen(phone, '9-documents');
    const fromJob = await downloaded(phone, () =>
      phone
        .getByRole('button', { name: /^Download your copy of / })
        .first()
        .click(),
    );
    expect(fromJob.subarray(0, 5).toString()).toBe('%PDF-');

    // Ops review and finance approve payment; the accounts-payment system pays it.
    // Stage 5's tasks open one after another (enrollment, then its results): each answered as it opens.
    for (let open = await readyIn(5); open.length; open = await readyIn(5))
      for (const t of open) await submitFilled(p.deps, ops, job.id, t.id, t.form);
    await expect
      .poll(async () => (await readJob(p.deps, ops, await row())).tasks.find((t) => t.id === 'approve_payment')?.status)
      .toBe('READY');
    const rebate = (await readJob(p.deps, ops, await row())).evaluation.incentive;
    const amount = rebate.final_cents ?? rebate.range.max_cents;
    await submitTask(p.deps, ops, await row(), 'approve_payment', {
      data: {
        is_payment_approved: true,
        payable_amount: amount,
        invoiced_at: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      },
      version: (await tasksDb.getTask(p.deps.db, job.id, 'approve_payment'))?.version ?? 0,
    });
    await expect
      .poll(async () => (await tasksDb.getTask(p.deps.db, job.id, 'send_payment'))?.status, SLOW)
      .toBe('COMPLETE');

    // The homeowner reads whom the program paid.
    await phone.goto(`/${job.id}`);
    await standing.waitFor();
    const paid = await standing.innerText();
    expect(paid).toContain('Your rebate was paid');
    expect(paid).toMatch(/Payment sent \$[\d,]+\.\d\d to Northwind HVAC/);
    expect(await phone.locator('.rebate-payment-sent').innerText()).toMatch(
      /^Payment sent \$[\d,.]+ to Northwind HVAC/,
    );
    await screen(phone, '10-payment-sent');

    expect(screens.length).toBe(11);
    expect(offences).toEqual([]);
    expect(axeFound).toEqual([]);
    // Eleven screens, two signers, the worker's stamping and the AP system's payment in one journey: a ceiling of
    // five minutes for a machine busy with the other browser files (it ran out at the default two in CI).
  }, 300_000);
});
