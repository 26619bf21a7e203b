/**
 * The demo agrees with every workflow (issue 40, part 5): each seeded job is walked and what its workflows would have
 * left behind is asked of the database. A task completed by a person names an answerer who may answer it (the
 * homeowner's own answers by the linked homeowner, or recorded as given on their behalf); its uploads are attachments
 * stored for it; its server-owned fields are what the workflows' own fillers compute; a signing task completed by
 * e-signature has its documents signed by every signer; a payment approved has its payable; a usage task answered
 * with consent has a connected collection; the terms a form records are the job's.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import type { Deps } from '../../server/context.ts';
import { depsOf } from '../../server/deps.ts';
import type { JobRow } from '../../server/db/jobs.db.ts';
import { tasksOfJob, type TaskRow } from '../../server/db/tasks.db.ts';
import { jobState } from '../../server/services/evaluation.ts';
import { checkEvidence } from '../../server/services/evidence.ts';
import { formOf } from '../../server/services/pinned-program.ts';
import { fillServerFields, prefetchFields } from '../../server/services/task-extensions.ts';
import { currentDocuments, signaturesOf } from '../../server/workflows/signing/documents.db.ts';
import { finalizeKey } from '../../server/workflows/signing/work-kinds.ts';
import { latestPayment } from '../../server/workflows/payments/payments.db.ts';
import { payableOf } from '../../server/workflows/payments/queue.ts';
import { collectionOfJob } from '../../server/workflows/usage/usage.db.ts';
import { parseSteps } from '../../server/workflows/usage/usage-steps.ts';
import { usageFactsOf } from '../../server/workflows/usage/task-fields.ts';
import type { Fresh } from '../db/backends.ts';
import { seededDatabase } from '../support/demo-templates.ts';
import { SEEDED_NOW } from '../support/global-setup.ts';
import { dbAll, dbValue } from '../support/db.ts';
import { API_BACKEND } from './harness.ts';

const NOW = new Date(SEEDED_NOW);
/** The run's seed works 300 jobs through the services: a minute on PostgreSQL, several when the machine is busy. */
const SEEDING_MS = 600_000;
let database: Fresh | undefined;
afterAll(async () => {
  await database?.drop();
});

/** The system's own completions of a task (no person answered it). */
const BY_SYSTEM = ['task_completed_by_signatures', 'task_completed_by_usage', 'payment_sent'];

interface History {
  job_id: number;
  type: string;
  user_id: number | null;
  detail: Record<string, unknown> | null;
}

/** One disagreement: the job's code, the task and what disagrees. */
type Finding = string;

describe('the demo agrees with every workflow', () => {
  let deps: Deps;
  let jobs: JobRow[];
  const found = new Map<string, Finding[]>();
  const add = (kind: string, f: Finding) => found.set(kind, [...(found.get(kind) ?? []), f]);

  beforeAll(async () => {
    // The demo as the seed left it (this run's template, copied before its worker stamped the signed copies).
    const seeded = await seededDatabase({ backend: API_BACKEND, now: SEEDED_NOW }, { asSeeded: true });
    database = seeded;
    deps = depsOf(
      database.store,
      {
        ...loadConfig({}),
        database_url: database.url,
        database_schema: database.schema,
        upload_dir: seeded.upload_dir,
      },
      { now: () => NOW, log: () => undefined },
    );
    jobs = await dbAll<JobRow>(deps, 'SELECT * FROM jobs ORDER BY id');
    const users = new Map(
      (await dbAll<{ id: number; role: string; contractor_id: number | null }>(deps, 'SELECT * FROM users')).map(
        (u) => [u.id, u],
      ),
    );
    const history = await dbAll<History & { detail: string | Record<string, unknown> | null }>(
      deps,
      'SELECT job_id, type, user_id, detail FROM history ORDER BY id',
    );
    const historyOf = new Map<number, History[]>();
    for (const h of history) {
      const detail = typeof h.detail === 'string' ? (JSON.parse(h.detail) as Record<string, unknown>) : h.detail;
      historyOf.set(h.job_id, [...(historyOf.get(h.job_id) ?? []), { ...h, detail }]);
    }
    const terms = (await dbAll<{ id: number }>(deps, 'SELECT id FROM terms_versions ORDER BY id')).map((t) => t.id);
    for (const job of jobs) {
      const tasks = await tasksOfJob(deps.db, job.id);
      const { program, facts, evaluation } = await jobState(deps, job, tasks);
      const prefetched = await prefetchFields(deps, job);
      const rows = new Map(tasks.map((t) => [t.task_id, t]));
      const own = historyOf.get(job.id) ?? [];
      for (const t of tasks) {
        if (t.status !== 'COMPLETE') continue;
        const def = program.tasks.find((d) => d.id === t.task_id);
        const form = def && formOf(deps, program, def.form);
        const at = `${job.code} ${t.task_id}`;
        if (!def || !form) continue;
        const data = t.data ?? {};
        checkAnswerer(job, def, t, own, users, at, add);
        // Uploads: every reference is an attachment stored for this job, task and field.
        const { problems } = await checkEvidence(deps, job, program, t.task_id, form, data);
        for (const p of problems) add('evidence', `${at}: ${p.path}: ${p.message}`);
        // Server-owned fields: what the workflows' fillers compute on a read.
        const read = (await fillServerFields(deps, 'read', form, job, t.task_id, data, prefetched)) ?? {};
        const owned = [...Object.keys(form.signatures ?? {}), ...Object.keys(form.usage_fields ?? {})];
        for (const f of owned)
          if (JSON.stringify(read[f]) !== JSON.stringify(data[f]))
            add(
              'server fields',
              `${at}: ${f} stored ${JSON.stringify(data[f])}, the workflow says ${JSON.stringify(read[f])}`,
            );
        for (const [f, kind] of Object.entries(form.terms_fields ?? {})) {
          const jobTerms = kind === 'install' ? job.install_terms_id : job.submit_terms_id;
          if (data[f] === undefined || String(jobTerms) !== data[f] || !terms.includes(Number(data[f])))
            add('terms', `${at}: ${f} is ${JSON.stringify(data[f])}, the job's ${kind} terms ${jobTerms}`);
        }
        // E-signed: every current document of the task signed by every signer.
        const statuses = Object.keys(form.signatures ?? {}).map((f) => data[f]);
        if (statuses.includes('success')) {
          const docs = await currentDocuments(deps.db, job.id, t.task_id);
          const sigs = await signaturesOf(
            deps.db,
            docs.map((d) => d.id),
          );
          if (!docs.length) add('signing', `${at}: signed, but it has no documents`);
          const unsigned = sigs.filter((s) => s.status !== 'success' || !s.signed_at);
          if (unsigned.length && !Object.values(form.esigned_answers ?? {}).length)
            add('signing', `${at}: ${unsigned.length} signatures not in`);
        }
      }
      // Payments: approved means a payable in the accounts-payment system; paid by it or recorded by hand.
      const pay = program.incentives.payment;
      const payTask = pay && evaluation.tasks.find((x) => x.id === pay.task);
      // (The payable is made once the payment task opens with payment approved: not while it waits on the approval.)
      const payOpen = payTask && payTask.status !== 'LOCKED';
      if (pay?.payable && payOpen && !job.is_canceled && payableOf(program, facts)) {
        const p = await latestPayment(deps.db, job.id);
        const byHand = own.some((h) => h.type === 'payment_recorded_by_hand');
        if (!p && !byHand) add('payments', `${job.code}: payment approved, no payable`);
        if (payTask.status === 'COMPLETE' && p?.status !== 'paid' && !byHand)
          add('payments', `${job.code}: ${pay.task} complete, payable ${p?.status ?? 'none'}, not recorded by hand`);
      }
      // Usage: consent given means the utility account connected through a collection, as the job's facts say.
      const uc = program.usage_collection;
      const usageTask = uc && rows.get(uc.task);
      if (usageFactsOf(job).consent === false && usageTask?.data?.utility_data_consent !== false)
        add('usage', `${job.code}: declined at the collection page, the task says otherwise`);
      if (usageTask?.status === 'COMPLETE' && usageTask.data?.utility_data_consent === true) {
        const c = await collectionOfJob(deps.db, job.id);
        const usage = usageFactsOf(job);
        if (!c || c.consent !== 1 || parseSteps(c).validate_credentials.status !== 'success')
          add('usage', `${job.code}: consent given, no connected collection`);
        if (usage.connected !== true || usage.authorization_reference !== usageTask.data.authorization_reference)
          add('usage', `${job.code}: consent given, usage facts ${JSON.stringify(usage)}`);
      }
    }
  }, SEEDING_MS);

  it('has homeowner answers given by the linked homeowner or recorded as on their behalf', () => {
    expect(found.get('answerer') ?? []).toEqual([]);
  });
  it('has every upload of a completed task stored for that task and field', () => {
    expect(found.get('evidence') ?? []).toEqual([]);
  });
  it("has every server-owned field as the workflows' fillers compute it", () => {
    expect(found.get('server fields') ?? []).toEqual([]);
  });
  it('has the terms a form records equal to the job’s', () => {
    expect(found.get('terms') ?? []).toEqual([]);
  });
  it('has documents signed by every signer behind every e-signed task', () => {
    expect(found.get('signing') ?? []).toEqual([]);
  });
  it('has a payable for every approved payment, and a payment sent only when paid or recorded by hand', () => {
    expect(found.get('payments') ?? []).toEqual([]);
  });
  it('has a connected usage collection behind every consent given', () => {
    expect(found.get('usage') ?? []).toEqual([]);
  });
  it('shows every workflow at work: e-signed tasks, connected utilities, payments paid, answers on the homeowner’s behalf', async () => {
    const n = async (type: string) => Number(await dbValue(deps, 'SELECT COUNT(*) FROM history WHERE type = ?', type));
    expect(await n('task_completed_by_signatures')).toBeGreaterThan(40);
    expect(await n('document_signed')).toBeGreaterThan(100);
    expect(await n('task_completed_by_usage')).toBeGreaterThan(5);
    expect(await n('usage_collected')).toBeGreaterThan(5);
    expect(await n('payment_sent')).toBeGreaterThan(5);
    expect(await n('rebate_amount_shared')).toBeGreaterThan(20);
    const onBehalf = await dbAll<{ detail: string | { on_behalf_of?: string } }>(
      deps,
      "SELECT detail FROM history WHERE type = 'task_submitted'",
    );
    const behalf = onBehalf.filter(
      (h) => (typeof h.detail === 'string' ? JSON.parse(h.detail) : h.detail)?.on_behalf_of,
    );
    expect(behalf.length).toBeGreaterThan(100);
  });
  it('leaves only work the portal’s worker finishes: signed copies to stamp, work of open tasks, nothing dead', async () => {
    const items = await dbAll<{ kind: string; state: string; idempotency_key: string; payload: string }>(
      deps,
      "SELECT kind, state, idempotency_key, payload FROM work_items WHERE state <> 'done'",
    );
    expect(items.filter((i) => i.state === 'dead')).toEqual([]);
    // Nothing asks the utility or the accounts-payment system about the demo's past (their answers are stored).
    const asking = items.filter((i) =>
      ['usage.check', 'usage.collect', 'usage.revoke', 'payments.check'].includes(i.kind),
    );
    expect(asking.map((i) => i.idempotency_key)).toEqual([]);
    const payables = await dbAll<{ id: number; payable_id: string | null }>(
      deps,
      'SELECT id, payable_id FROM payments',
    );
    const created = new Set(payables.filter((p) => p.payable_id).map((p) => `payments:create:${p.id}`));
    expect(items.filter((i) => created.has(i.idempotency_key))).toEqual([]);
    // Every document signed by everyone has its signed copy to stamp queued (the worker stamps it once it starts).
    const signed = await dbAll<{ id: number }>(
      deps,
      `SELECT d.id FROM documents d WHERE d.signed_file_name IS NULL AND d.superseded_at IS NULL AND NOT EXISTS
         (SELECT 1 FROM document_signatures s WHERE s.document_id = d.id AND s.status <> 'success')`,
    );
    const stamping = new Set(items.filter((i) => i.kind === 'documents.finalize').map((i) => i.idempotency_key));
    expect(signed.length).toBeGreaterThan(50);
    expect(signed.filter((d) => !stamping.has(finalizeKey(d.id)))).toEqual([]);
  });
});

/** A task a person completed names one who may answer it: the homeowner's by the linked homeowner, or on their
 * behalf. */
function checkAnswerer(
  job: JobRow,
  def: { owner: string },
  t: TaskRow,
  own: History[],
  users: Map<number, { role: string; contractor_id: number | null }>,
  at: string,
  add: (kind: string, f: Finding) => void,
) {
  const rows = own.filter((h) => h.detail?.task_id === t.task_id);
  const last = rows.filter((h) => h.type === 'task_submitted' || BY_SYSTEM.includes(h.type)).at(-1);
  if (!last) return add('answerer', `${at}: complete with no submission in history`);
  if (BY_SYSTEM.includes(last.type)) return;
  const user = last.user_id === null ? undefined : users.get(last.user_id);
  if (!user) return add('answerer', `${at}: submitted by no one`);
  if (def.owner === 'homeowner' && user.role !== 'homeowner' && last.detail?.on_behalf_of !== 'homeowner')
    add('answerer', `${at}: a homeowner task answered by ${user.role}, not recorded as on the homeowner's behalf`);
  if (user.role === 'homeowner' && job.homeowner_user_id !== last.user_id)
    add('answerer', `${at}: answered by a homeowner not linked to the job`);
  if (user.role === 'contractor' && user.contractor_id !== job.contractor_id)
    add('answerer', `${at}: answered by another company's contractor`);
}
