/**
 * Every program finishes (issue 17): a job of each program in program-defs/ goes from creation to the
 * last stage (paid) over HTTP, every task answered by an account of its owner role — the contractor's by
 * the contractor, the homeowner's by the homeowner (brought onto the job by the invitation), ops' and
 * finance's by ops — with the program's example answers (its cases.yaml `base`) over the forms' fixtures.
 * The workflows run as built: documents are signed from the mailed links, the utility account connected
 * at the simulated utility, the payable approved and paid by the simulated accounts-payment system.
 * At each stage the job is eligible and its history grows; at the end the rebate shows as paid.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Person, type TestServer } from './harness.ts';
import { filled, withUploads } from './fixtures.ts';
import { ROOT } from '../load-repo.ts';
import { createWorker, type Worker } from '../../server/worker.ts';
import { documentHandlers } from '../../server/workflows/signing/document-work.ts';
import { usageHandlers } from '../../server/workflows/usage/usage-work.ts';
import { paymentHandlers } from '../../server/workflows/payments/payment-work.ts';
import { startUtilitySimulator } from '../../sim/utility/server.ts';
import { startApSimulator } from '../../sim/ap/server.ts';

/** Every program folder: a program added later is driven too. */
const PROGRAMS = readdirSync(join(ROOT, 'program-defs'))
  .filter((d) => existsSync(join(ROOT, 'program-defs', d, 'program.yaml')))
  .sort();

/**
 * Answers a program needs beyond its cases.yaml base, so the job stays eligible and every cross-field
 * rule holds (realistic figures; each named by why).
 */
type Answer =
  Record<string, unknown> | ((answered: Record<string, Record<string, unknown>>) => Record<string, unknown>);
const ANSWERS: Record<string, Record<string, Answer>> = {
  // Spec sect. 5: the HIASP line is titled as a rebate and the homeowner incentive is the whole invoice.
  hiasp: { upload_final_invoice: { hiasp_line_title: 'HIASP heat pump rebate', homeowner_incentive_cents: 2200000 } },
  // Spec sect. 5: the 3C-REN invoice shows the required discount line.
  '3c-ren': { upload_final_invoice: { shows_required_discount_line: true } },
  // The final costs of both measures the UDVE job installs (a heat pump and insulation), so the rebate is final.
  udve: {
    confirm_project_final_costs: {
      total_measure_costs: { heat_pump: 1500000, insulation: 300000 },
      subcontracting_out_work_insulation: false,
      has_dealer_discount_insulation: false,
      has_manufacturer_rebate_insulation: false,
      has_grant_insulation: false,
    },
  },
  // Spec sect. 5: 100% of the HEEHRA rebate (the amount ops shared) as a line item, nothing left to pay of it.
  'ca-heehra': {
    upload_final_invoice: (a) => ({
      heehra_line_item_cents: a.determine_and_share_rebate_amount?.program_final_amount,
      remaining_balance_cents: 0,
    }),
  },
};

/** Signing tasks whose owner chooses e-signing before anything is generated: the answers that choose it (the signer's
 * address is the job's). */
const ESIGN: Record<string, Record<string, unknown>> = {
  program_documents: { manually_sign_program_forms: false, manually_sign_project_forms: false },
};

let s: TestServer;
let worker: Worker;
let sim: Awaited<ReturnType<typeof startUtilitySimulator>>;
let ap: Awaited<ReturnType<typeof startApSimulator>>;
let clock = new Date('2026-06-01T15:00:00.000Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));

beforeAll(async () => {
  sim = await startUtilitySimulator({ now: () => clock, validation_ms: 0 });
  ap = await startApSimulator({ now: () => clock, approve_after_ms: 60_000, pay_after_ms: 30_000 });
  s = await startServer({
    config: { utility_data_url: sim.url, ap_url: ap.url, public_url: 'https://portal.example.test' },
    now: () => clock,
  });
  worker = createWorker(s.deps.db, {
    handlers: { ...documentHandlers(s.deps), ...usageHandlers(s.deps), ...paymentHandlers(s.deps) },
    now: () => clock,
  });
});
afterAll(async () => {
  await s?.close();
  await sim?.close();
  await ap?.close();
});

interface Task {
  id: string;
  form: string;
  status: string;
  owner: string;
  stage: number;
  version: number;
  data: Record<string, unknown> | null;
}
interface Detail {
  id: number;
  code: string;
  email: string;
  stage: { number: number; label: string };
  evaluation: { stage: { progress: unknown[] }; incentive: { shared_above_rules?: { rules_cents: number } } };
  eligibility: string;
  tasks: Task[];
  rebate: { min_cents: number | null; max_cents: number | null; final_cents: number | null };
  payment_pending?: boolean;
}

interface Mail {
  to_address: string;
  subject: string;
  body: string;
}
const outbox = async () => (await s.api('GET', '/api/auth/outbox', { as: 'ops' })).body as Mail[];
/** Every token of a link to `path` in the mail so far, newest first. */
const tokensIn = async (path: string) =>
  (await outbox()).flatMap((m) => [...m.body.matchAll(new RegExp(`/${path}/([A-Za-z0-9_-]+)`, 'g'))].map((x) => x[1]));

/** Signs in at the simulated utility's page as a homeowner would. */
async function signInAtUtility(url: string) {
  const r = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ utility: 'We Energies', username: 'homeowner', password: 'secret password' }),
    redirect: 'manual',
  });
  expect([302, 303]).toContain(r.status);
}

describe.each(PROGRAMS)('%s', (programId) => {
  it(
    'a job goes from creation to its last stage (paid), every task answered by its owner',
    { timeout: 120_000 },
    async () => {
      const program = s.deps.defs.programs[programId];
      const cases = parse(readFileSync(join(ROOT, 'program-defs', programId, 'cases.yaml'), 'utf8')) as {
        base: { site: Record<string, unknown>; tasks?: Record<string, { data?: Record<string, unknown> }> };
      };
      const base = cases.base;
      const answered: Record<string, Record<string, unknown>> = {};
      const answers = (task: string, form: string) => {
        const extra = ANSWERS[programId]?.[task];
        return filled(form, {
          ...base.tasks?.[task]?.data,
          ...(typeof extra === 'function' ? extra(answered) : extra),
        });
      };
      // The terms and conditions a final submission accepts (the current version).
      if (!(await s.api('GET', '/api/terms_and_conditions/current', { as: 'ops' })).body?.id) {
        const terms = await s.api('POST', '/api/terms_and_conditions', {
          as: 'ops',
          body: {
            title: 'Program terms',
            sections: [
              { title: 'Terms', items: ['The rebate is paid once the program approves the final documents.'] },
            ],
          },
        });
        expect(terms.status, JSON.stringify(terms.body)).toBeLessThan(300);
      }
      const email = `owner.${programId}@home.test`;
      const created = await s.api('POST', '/api/jobs', {
        as: 'contractor_a',
        body: {
          first_name: 'Casey',
          last_name: `Complete-${programId}`,
          email,
          phone_number: '555-555-0100',
          ...base.site,
          program_id: programId,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const jobId = created.body.id as number;
      const detail = async () => (await s.api('GET', `/api/jobs/${jobId}`, { as: 'ops' })).body as Detail;

      // The homeowner joins through the invitation, with every task the contractor may hand over.
      const access = await s.api('GET', `/api/jobs/${jobId}/homeowner-access`, { as: 'contractor_a' });
      const sendable = (access.body.sendable_tasks as { id: string }[]).map((t) => t.id);
      let homeownerToken: string | undefined;
      if (sendable.length) {
        const inv = await s.api('POST', `/api/jobs/${jobId}/homeowner-invites`, {
          as: 'contractor_a',
          body: { invite_email: email, tasks_to_send_homeowner: sendable },
        });
        expect(inv.status, JSON.stringify(inv.body)).toBe(201);
        const [token] = await tokensIn('welcome');
        const opened = await s.api('POST', '/api/auth/invite', { body: { token } });
        expect(opened.status).toBe(200);
        homeownerToken = opened.body.session.token as string;
      }
      const as = (owner: string): { as?: Person; token?: string } =>
        owner === 'contractor'
          ? { as: 'contractor_a' }
          : owner === 'homeowner'
            ? homeownerToken
              ? { token: homeownerToken }
              : { as: 'ops' }
            : { as: 'ops' };

      const seenStages: number[] = [];
      let historyCount = 0;
      const done = new Set<string>();
      for (let round = 0; round < 200; round++) {
        const job = await detail();
        if (!seenStages.includes(job.stage.number)) {
          seenStages.push(job.stage.number);
          const count = (
            (await s.api('GET', `/api/jobs/${jobId}/history?per_page=200`, { as: 'ops' })).body.items as unknown[]
          ).length;
          // Past the submission (a later stage than the first): eligible, a rebate estimated, and more in history at
          // every stage.
          if (seenStages.length > 1) {
            expect(job.eligibility, `${programId} at stage ${job.stage.number}`).toBe('eligible');
            expect(job.rebate.max_cents, `${programId} rebate at stage ${job.stage.number}`).not.toBeNull();
            expect(count).toBeGreaterThan(historyCount);
          }
          historyCount = count;
        }
        const open = job.tasks.filter((t) => t.status === 'READY' || t.status === 'IN_PROGRESS');
        if (!open.length) {
          if (!job.tasks.some((t) => t.status === 'LOCKED') && !job.payment_pending) break;
          // Waiting on the background: the worker runs what is due, the clock moves on.
          tick(60_000);
          await worker.drain();
          continue;
        }
        const t = open[0];
        // The final costs brought the rules' amount below the one ops shared: before payment is approved, ops share
        // the rules' amount again (payment waits until they do, or confirm theirs with a reason).
        const below = job.evaluation.incentive.shared_above_rules;
        const sharedAt = program.incentives.shared_amount;
        if (below && sharedAt && t.id === 'approve_payment') {
          const cur = await s.api('GET', `/api/jobs/${jobId}/tasks/${sharedAt.task}`, { as: 'ops' });
          const again = await s.api('POST', `/api/jobs/${jobId}/tasks/${sharedAt.task}/submit`, {
            as: 'ops',
            body: { data: { ...cur.body.data, [sharedAt.amount_field]: below.rules_cents }, version: cur.body.version },
          });
          expect(again.status, `${programId} shares again: ${JSON.stringify(again.body)}`).toBe(200);
          continue;
        }
        const form = s.deps.defs.forms[t.form];
        if (program.usage_collection?.task === t.id) {
          await worker.drain();
          const [token] = await tokensIn('connect');
          expect(token, 'the usage invite').toBeTruthy();
          const start = await s.api('POST', `/api/usage-connect/${token}/connect`, { body: { consent: true } });
          expect(start.status, JSON.stringify(start.body)).toBe(200);
          await signInAtUtility(start.body.url as string);
          await s.api('GET', `/api/usage-connect/${token}?returned=true`);
          await worker.drain();
        } else if (form.signatures) {
          // Generated when the task opened (or once its owner chose e-signing); each signer signs from the mailed link,
          // in turn.
          const choice = ESIGN[t.form];
          if (choice) {
            const cur = await s.api('GET', `/api/jobs/${jobId}/tasks/${t.id}`, as(t.owner));
            const saved = await s.api('PUT', `/api/jobs/${jobId}/tasks/${t.id}/draft`, {
              ...as(t.owner),
              body: { data: { ...choice, signer_email: email }, version: cur.body.version ?? 0 },
            });
            expect(saved.status, JSON.stringify(saved.body)).toBe(200);
          }
          await worker.drain();
          for (const token of (await tokensIn('sign')).reverse()) {
            const view = await s.api('GET', `/api/signing/${token}`);
            if (view.status !== 200) continue;
            await s.api('POST', `/api/signing/${token}/sign`, {
              body: { consent: true, accept_terms: true, signature: { kind: 'typed', text: 'Casey Complete' } },
            });
            await worker.drain();
          }
          tick(1_000);
          await worker.drain();
        } else if (program.incentives.payment?.payable && program.incentives.payment.task === t.id) {
          tick(60_000);
          await worker.drain();
        } else {
          const who = as(t.owner);
          const cur = await s.api('GET', `/api/jobs/${jobId}/tasks/${t.id}`, who);
          expect(cur.status, `${programId} ${t.id} as ${t.owner}: ${JSON.stringify(cur.body)}`).toBe(200);
          // Every upload field answered with a real file, uploaded through the API by the task's owner.
          const data = await withUploads(s, who, jobId, t.id, t.form, answers(t.id, t.form));
          // What the form opens with (the payable prefilled with the rebate) is kept, as a person would.
          Object.assign(data, cur.body.data ?? {});
          // Ops share the final amount the rules estimate (the top of the range): no confirmation needed.
          const shared = program.incentives.shared_amount;
          if (shared?.task === t.id && job.rebate.max_cents !== null) data[shared.amount_field] = job.rebate.max_cents;
          const r = await s.api('POST', `/api/jobs/${jobId}/tasks/${t.id}/submit`, {
            ...who,
            body: { data, version: cur.body.version ?? 0 },
          });
          expect(r.status, `${programId} ${t.id} (${t.form}) as ${t.owner}: ${JSON.stringify(r.body)}`).toBe(200);
          answered[t.id] = data;
        }
        done.add(t.id);
      }

      const end = await detail();
      const last = end.evaluation.stage.progress.length;
      expect(end.stage.number, `${programId} ends at its last stage`).toBe(last);
      expect(end.tasks.filter((t) => t.status !== 'COMPLETE').map((t) => t.id)).toEqual([]);
      expect(seenStages.length).toBeGreaterThanOrEqual(3);
      expect(Math.max(end.rebate.final_cents ?? 0, end.rebate.max_cents ?? 0), `${programId} rebate`).toBeGreaterThan(
        0,
      );
      const pay = program.incentives.payment;
      if (pay) {
        const paid = end.tasks.find((t) => t.id === pay.task)!;
        expect(paid.data?.[pay.date_field], `${programId} paid on`).toBeTruthy();
      }
      const history = (await s.api('GET', `/api/jobs/${jobId}/history?per_page=200`, { as: 'ops' })).body.items as {
        type: string;
        detail?: { task_id?: string };
      }[];
      const types = new Set(history.map((h) => h.type));
      for (const t of ['job_created', 'homeowner_invited', 'homeowner_linked', 'job_submitted', 'task_submitted'])
        expect(types, `${programId} history`).toContain(t);
      // The workflows ran as built: usage collected from the utility, documents signed from the links, the payable
      // paid.
      if (program.usage_collection) expect(types).toContain('task_completed_by_usage');
      const signedBySystem = history
        .filter((h) => h.type === 'task_completed_by_signatures')
        .map((h) => h.detail?.task_id);
      for (const t of end.tasks.filter((x) => s.deps.defs.forms[x.form]?.signatures))
        expect(signedBySystem, `${programId} ${t.id} completed by its signatures`).toContain(t.id);
      // Every program pays through accounts payment (3C-REN and UDVE too): recording it by hand is the override.
      expect(pay?.payable, `${programId} pays through accounts payment`).toBeTruthy();
      if (pay?.payable) {
        for (const t of ['payable_created', 'payable_approved', 'payment_sent']) expect(types).toContain(t);
        if (pay.reference_field)
          expect(end.tasks.find((t) => t.id === pay.task)!.data?.[pay.reference_field]).toBeTruthy();
        expect(end.rebate.final_cents).toBeGreaterThan(0);
        // Paid what the rules say: the approval opened with the rebate, and accounts payment paid exactly that.
        expect(end.tasks.find((t) => t.id === pay.task)!.data?.[pay.amount_field], `${programId} paid`).toBe(
          end.rebate.final_cents,
        );
      }
      // Every answer came from an account of its task's owner role: the homeowner's from the homeowner, the
      // contractor's from the contractor, the rest from ops.
      const submitted = await s.deps.db
        .selectFrom('history')
        .innerJoin('users', 'users.id', 'history.user_id')
        .select(['history.detail', 'users.role'])
        .where('history.job_id', '=', jobId)
        .where('history.type', '=', 'task_submitted')
        .execute();
      expect(submitted.length).toBeGreaterThan(10);
      for (const h of submitted) {
        const taskId = (JSON.parse(String(h.detail)) as { task_id: string }).task_id;
        const owner = end.tasks.find((t) => t.id === taskId)!.owner;
        const expected =
          owner === 'contractor' || owner === 'homeowner'
            ? owner === 'homeowner' && !homeownerToken
              ? 'ops'
              : owner
            : 'ops';
        expect(`${taskId} by ${h.role}`).toBe(`${taskId} by ${expected}`);
      }
    },
  );
});
