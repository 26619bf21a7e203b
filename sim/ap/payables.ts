/**
 * The simulated AP system's payables: in-memory records, one per idempotency key, and their lifecycle
 * (pending -> approved -> paid, or pending -> rejected). The decision is made lazily, when a record is
 * read: a payable stays pending until created_at + approve_after_ms <= now() (10x that for `[late]`),
 * then its payee's outcome applies; an approved one is paid pay_after_ms after its approval. So no timers
 * run, and tests move an injected clock instead of sleeping. The control endpoint decides one now.
 */

import { createHash, randomBytes } from 'node:crypto';
import type { Payable, PayableStatus } from '../../server/adapters/payments.ts';

/** What the AP system does with a payable, unless told otherwise through the control endpoint. */
export interface Outcome {
  /** One line for people choosing a payee name in the demo. */
  summary: string;
  /** What is decided approve_after_ms x `wait` after creation; null: never decided on its own. */
  decision: { status: 'approved'; wait: number } | { status: 'rejected'; wait: number; reason: string } | null;
}

/** How much longer than approve_after_ms a `[late]` payable waits. */
export const LATE_FACTOR = 10;

/** The reason given for a rejection, unless the control endpoint names another. */
export const REJECTION_REASON = 'Vendor record incomplete: W-9 missing';

/** Records kept at most; past it creations are refused (forgetting one would break idempotency). */
const MAX_RECORDS = 20_000;

/** Any payee without a marker. */
export const ORDINARY: Outcome = {
  summary: 'approved after approve_after_ms, paid pay_after_ms later',
  decision: { status: 'approved', wait: 1 },
};

/** Markers a payee name may contain (case does not matter), in order of precedence; any other payee is ORDINARY. */
export const OUTCOMES: Readonly<Record<string, Outcome>> = {
  '[reject]': {
    summary: `rejected after approve_after_ms: "${REJECTION_REASON}"`,
    decision: { status: 'rejected', wait: 1, reason: REJECTION_REASON },
  },
  '[never]': { summary: 'stays pending until decided through the control endpoint', decision: null },
  '[late]': {
    summary: `approved after ${LATE_FACTOR}x approve_after_ms, paid pay_after_ms later`,
    decision: { status: 'approved', wait: LATE_FACTOR },
  },
};

/** The outcome of a payee: the first marker of OUTCOMES its name contains, else ORDINARY. */
export function outcomeFor(payee: string): Outcome {
  const name = payee.toLowerCase();
  return Object.entries(OUTCOMES).find(([marker]) => name.includes(marker))?.[1] ?? ORDINARY;
}

interface Decision {
  status: 'approved' | 'rejected';
  at: Date;
  reason: string | null;
  /** When an approved payable is paid. */
  pay_at: Date | null;
}

export interface PayableRecord {
  id: string;
  idempotency_key: string;
  job_code: string;
  payee: string;
  amount_cents: number;
  invoiced_at: string;
  created_at: Date;
  outcome: Outcome;
  decision: Decision | null;
}

export type PayableInput = Pick<
  PayableRecord,
  'idempotency_key' | 'job_code' | 'payee' | 'amount_cents' | 'invoiced_at'
>;

/** `ACH-` and 8 digits, the same for the same id. */
export function paymentReference(id: string): string {
  const n = parseInt(createHash('sha256').update(id).digest('hex').slice(0, 12), 16) % 100_000_000;
  return `ACH-${String(n).padStart(8, '0')}`;
}

export class PayableStore {
  private readonly records = new Map<string, PayableRecord>();
  private readonly byKey = new Map<string, PayableRecord>();

  constructor(
    private readonly now: () => Date,
    private readonly timing: { approve_after_ms: number; pay_after_ms: number },
    private readonly max_records = MAX_RECORDS,
  ) {}

  /** The payable of the key (and false) if there is one, whatever else differs; else a new one (and true); undefined
   * when full. */
  create(input: PayableInput): { record: PayableRecord; created: boolean } | undefined {
    const known = this.byKey.get(input.idempotency_key);
    if (known) return { record: this.decided(known), created: false };
    if (this.records.size >= this.max_records) return undefined;
    const record: PayableRecord = {
      ...input,
      id: `pay_${randomBytes(12).toString('base64url')}`,
      created_at: this.now(),
      outcome: outcomeFor(input.payee),
      decision: null,
    };
    this.records.set(record.id, record);
    this.byKey.set(record.idempotency_key, record);
    return { record, created: true };
  }

  /** The record, its decision made if it is due. */
  get(id: string): PayableRecord | undefined {
    const record = this.records.get(id);
    return record && this.decided(record);
  }

  byIdempotencyKey(key: string): PayableRecord | undefined {
    const record = this.byKey.get(key);
    return record && this.decided(record);
  }

  /** Decides a pending payable now (the control endpoint); false if it was already decided. */
  decide(
    record: PayableRecord,
    decision: { status: 'approved'; paid_after_ms?: number } | { status: 'rejected'; reason?: string },
  ): boolean {
    if (this.decided(record).decision) return false;
    const at = this.now();
    record.decision =
      decision.status === 'approved'
        ? {
            status: 'approved',
            at,
            reason: null,
            pay_at: new Date(at.getTime() + (decision.paid_after_ms ?? this.timing.pay_after_ms)),
          }
        : { status: 'rejected', at, reason: decision.reason ?? REJECTION_REASON, pay_at: null };
    return true;
  }

  status(record: PayableRecord): PayableStatus {
    const { decision } = record;
    if (!decision) return 'pending';
    if (decision.pay_at && decision.pay_at <= this.now()) return 'paid';
    return decision.status;
  }

  /** The record as the contract's Payable. */
  view(record: PayableRecord): Payable {
    const status = this.status(record);
    const paid = status === 'paid';
    return {
      id: record.id,
      idempotency_key: record.idempotency_key,
      job_code: record.job_code,
      payee: record.payee,
      amount_cents: record.amount_cents,
      invoiced_at: record.invoiced_at,
      status,
      decided_at: record.decision?.at.toISOString() ?? null,
      paid_at: paid ? (record.decision?.pay_at?.toISOString() ?? null) : null,
      payment_reference: paid ? paymentReference(record.id) : null,
      rejection_reason: record.decision?.reason ?? null,
    };
  }

  /** The record with its outcome's decision applied once it is due. */
  private decided(record: PayableRecord): PayableRecord {
    const planned = record.outcome.decision;
    if (record.decision || !planned) return record;
    const at = record.created_at.getTime() + this.timing.approve_after_ms * planned.wait;
    if (at > this.now().getTime()) return record;
    record.decision =
      planned.status === 'approved'
        ? { status: 'approved', at: new Date(at), reason: null, pay_at: new Date(at + this.timing.pay_after_ms) }
        : { status: 'rejected', at: new Date(at), reason: planned.reason, pay_at: null };
    return record;
  }
}
