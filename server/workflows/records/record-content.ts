/**
 * What a paid job's completion record says (issue 44), gathered from the job as it stands when the record is issued:
 * the job and household, the eligibility and the amount in plain words (each rule the program checks, with the
 * answers it read), the payment, every completed task's answers (the measures, the equipment with its AHRI numbers,
 * the safety tests), each signed document with its certificate's facts, and every file with its SHA-256 (photos with
 * their time and place). Words only: record-pdf.ts lays it out.
 *
 * assumption: one record for everyone who may download it (ops, the job's contractor, its homeowner): it holds what
 * the job's contractor sees of the job (no internal-only field, no ops note), all of it about the homeowner's own
 * home and job.
 */

import { createHash } from 'node:crypto';
import { explainRule, formatCents, longDate, type Program } from '../../../engine/index.ts';
import { SIGNER_ROLE_LABELS, type SignerRole } from '../../../engine/api/signing.ts';
import type { RecordCovers } from '../../../engine/api/completion.ts';
import type { Deps } from '../../context.ts';
import type { JobRow } from '../../db/jobs.db.ts';
import * as tasksDb from '../../db/tasks.db.ts';
import { attachmentsOfJob, type AttachmentRow } from '../../db/attachments.db.ts';
import { getContractor } from '../../db/contractors.db.ts';
import { jobState } from '../../services/evaluation.ts';
import { internalFields, wordsOf } from '../../services/present.ts';
import { taskFormOf } from '../../services/pinned-program.ts';
import { currentDocuments, signaturesOf } from '../signing/documents.db.ts';
import { latestPayment } from '../payments/payments.db.ts';

/** A label and its value, as the record prints them. */
export interface Row {
  label: string;
  value: string;
}

/** A file the record lists: what it is, the words printed with it, and its SHA-256. */
export interface ListedFile {
  kind: RecordCovers['files'][number]['kind'];
  title: string;
  rows: Row[];
  sha256: string;
}

export interface RecordSection {
  title: string;
  rows: Row[];
  /** Lines of text under the rows (the eligibility rules, in words). */
  lines?: string[];
}

export interface RecordContent {
  title: string;
  subtitle: string;
  job_code: string;
  program: string;
  issued_at: string;
  paid_on: string | null;
  sections: RecordSection[];
  /** Under "Signed documents", "Photos" and "Other files": each with its SHA-256. */
  files: ListedFile[];
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const money = (cents: unknown) => (typeof cents === 'number' ? `$${formatCents(cents)}` : 'not given');
const isReference = (v: unknown): v is { id: string; name: string } =>
  !!v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' && 'name' in (v as object);

/** The job and household. */
async function jobRows(deps: Deps, job: JobRow, program: Program): Promise<Row[]> {
  const company = job.contractor_id ? await getContractor(deps.db, job.contractor_id) : undefined;
  const place = [job.city, [job.state, job.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    { label: 'Job', value: job.code },
    { label: 'Program', value: program.name },
    { label: 'Homeowner', value: job.full_name },
    { label: 'Address', value: [job.address, place].filter(Boolean).join(', ') },
    ...(job.county ? [{ label: 'County', value: job.county }] : []),
    { label: 'Contractor', value: company?.name ?? 'none' },
    { label: 'Job created', value: longDate(job.created_at) },
    ...(job.submitted_at ? [{ label: 'Submitted', value: longDate(job.submitted_at) }] : []),
  ];
}

/** The eligibility and the amount: each rule the program checks and each line of the rebate, with what they read. */
function ruleSection(deps: Deps, program: Program, state: Awaited<ReturnType<typeof jobState>>): RecordSection {
  const words = wordsOf(deps, program);
  const ev = state.evaluation;
  const held = new Set(ev.eligibility.reasons.map((r) => r.rule));
  const waiting = new Set(ev.eligibility.pending.map((r) => r.rule));
  const lines = program.eligibility.map((rule) => {
    const read = words.read(explainRule(rule, state.facts, '').read);
    const outcome = held.has(rule.id) ? 'failed' : waiting.has(rule.id) ? 'waiting for answers' : 'passed';
    return `Check “${rule.reason_text}”: ${outcome}${read ? ` (read: ${read})` : ''}`;
  });
  for (const l of ev.incentive.lines) {
    const read = l.reads ? words.read(l.reads) : '';
    const capped = l.capped_by ? `, capped from ${money(l.capped_by.uncapped_cents)}` : '';
    lines.push(`${l.label}: ${money(l.amount_cents)}${capped}${l.not_qualified ? ` (${l.not_qualified})` : ''}`);
    if (l.description) lines.push(`  How it is worked out: ${l.description}`);
    if (read) lines.push(`  Read: ${read}`);
  }
  const status = ev.eligibility.status;
  return {
    title: 'Eligibility and rebate amount',
    rows: [
      { label: 'Eligibility', value: status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ') },
      { label: 'Rebate', value: money(ev.incentive.final_cents ?? ev.incentive.range.max_cents) },
    ],
    lines,
  };
}

/** The payment: what the program's payment task recorded, and the accounts-payment system's payable. */
async function paymentRows(deps: Deps, job: JobRow, program: Program, tasks: tasksDb.TaskRow[]): Promise<Row[]> {
  const pay = program.incentives.payment;
  const data = (pay && tasks.find((t) => t.task_id === pay.task)?.data) || {};
  const payable = await latestPayment(deps.db, job.id);
  const at = (v: unknown) => (typeof v === 'string' && v ? longDate(v) : 'not given');
  const rows: Row[] = [
    { label: 'Amount paid', value: money(pay && data[pay.amount_field]) },
    { label: 'Paid on', value: at(pay && data[pay.date_field]) },
    { label: 'Payment reference', value: String((pay?.reference_field && data[pay.reference_field]) || 'not given') },
  ];
  if (payable?.payable_id && payable.status === 'paid')
    rows.push(
      { label: 'Payable', value: `${payable.payable_id} (accounts-payment system), ${money(payable.amount_cents)}` },
      { label: 'Invoice date', value: at(payable.invoiced_at) },
    );
  else rows.push({ label: 'Recorded', value: 'by hand by the program (no payable in the accounts-payment system)' });
  return rows;
}

/** Every completed task's answers the job's contractor sees, in the program's task order. */
function taskSections(deps: Deps, program: Program, tasks: tasksDb.TaskRow[], names: Map<string, string>) {
  const words = wordsOf(deps, program);
  const byId = new Map(tasks.map((t) => [t.task_id, t]));
  const sections: RecordSection[] = [];
  for (const t of program.tasks) {
    const row = byId.get(t.id);
    if (row?.status !== 'COMPLETE' || !row.data) continue;
    const hidden = new Set(internalFields(taskFormOf(deps, program, t.id)));
    const rows: Row[] = [];
    for (const [field, value] of Object.entries(row.data)) {
      if (hidden.has(field) || value === null || value === undefined || value === '') continue;
      const path = `${t.id}.${field}`;
      const refs = Array.isArray(value) ? value.filter(isReference) : isReference(value) ? [value] : [];
      const text = refs.length ? refs.map((r) => names.get(r.id) ?? r.name).join(', ') : words.value(value, path);
      rows.push({ label: words.fact(path).field, value: text });
    }
    if (rows.length) sections.push({ title: t.title, rows });
  }
  return sections;
}

/** The job's signed documents, each with its certificate's facts and the signed copy's SHA-256. */
async function signedDocuments(deps: Deps, job: JobRow): Promise<ListedFile[]> {
  const docs = (await currentDocuments(deps.db, job.id)).filter((d) => d.signed_file_name && d.signed_sha256);
  const signatures = await signaturesOf(
    deps.db,
    docs.map((d) => d.id),
  );
  const out: ListedFile[] = [];
  for (const d of docs) {
    const bytes = await deps.adapters.files.get(d.signed_file_name!);
    const rows: Row[] = [{ label: 'SHA-256 of the original', value: d.sha256 }];
    for (const s of signatures.filter((x) => x.document_id === d.id && x.signed_at))
      rows.push({
        label: SIGNER_ROLE_LABELS[s.role as SignerRole] ?? s.role,
        value: `${s.name}, signed ${longDate(s.signed_at!)} (${s.signature_kind ?? 'signed'} signature)`,
      });
    out.push({ kind: 'signed_document', title: d.title, rows, sha256: bytes ? sha256(bytes) : d.signed_sha256! });
  }
  return out;
}

/** The job's files the contractor sees (no internal-only field's), photos with their time and place. */
async function jobFiles(deps: Deps, program: Program, files: AttachmentRow[]): Promise<ListedFile[]> {
  const words = wordsOf(deps, program);
  const out: ListedFile[] = [];
  const ordered = [...files].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  for (const a of ordered) {
    if (internalFields(taskFormOf(deps, program, a.task_id)).includes(a.field)) continue;
    const bytes = await deps.adapters.files.get(a.stored_name);
    if (!bytes) continue;
    const photo = a.content_type.startsWith('image/');
    const where = a.lat !== null && a.lon !== null ? `${a.lat.toFixed(5)}, ${a.lon.toFixed(5)}` : 'not in the file';
    const fact = words.fact(`${a.task_id}.${a.field}`);
    const rows: Row[] = [{ label: 'For', value: `${fact.field} (${fact.group})` }];
    if (photo)
      rows.push(
        { label: 'Taken', value: a.taken_at ? `${a.taken_at.slice(0, 19).replace('T', ' ')}` : 'not in the file' },
        { label: 'Place', value: where },
      );
    rows.push({ label: 'Uploaded', value: longDate(a.created_at) });
    out.push({ kind: photo ? 'photo' : 'file', title: a.name, rows, sha256: sha256(bytes) });
  }
  return out;
}

/** The record's content for a job, as of `issuedAt`. */
export async function recordContent(deps: Deps, job: JobRow, issuedAt: string): Promise<RecordContent> {
  const state = await jobState(deps, job, undefined, true);
  const program = state.program;
  const tasks = await tasksDb.tasksOfJob(deps.db, job.id);
  const attachments = await attachmentsOfJob(deps.db, job.id);
  const names = new Map(attachments.map((a) => [a.id, a.name]));
  const pay = program.incentives.payment;
  const paidOn = pay && tasks.find((t) => t.task_id === pay.task)?.data?.[pay.date_field];
  return {
    title: 'Completion record',
    subtitle: `Job ${job.code} · ${program.name} · issued ${longDate(issuedAt)}`,
    job_code: job.code,
    program: program.name,
    issued_at: issuedAt,
    paid_on: typeof paidOn === 'string' ? paidOn : null,
    sections: [
      { title: 'Job and household', rows: await jobRows(deps, job, program) },
      ruleSection(deps, program, state),
      { title: 'Payment', rows: await paymentRows(deps, job, program, tasks) },
      ...taskSections(deps, program, tasks, names),
    ],
    files: [...(await signedDocuments(deps, job)), ...(await jobFiles(deps, program, attachments))],
  };
}
