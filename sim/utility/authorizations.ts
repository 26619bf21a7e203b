/**
 * The simulated provider's authorizations: in-memory records, their lifecycle (pending -> visited ->
 * verifying -> authorized | failed, revoked at any time) and the credential check. The check is decided
 * lazily, when a record is read: an attempt stays 'verifying' until submitted_at + validation_ms <= now()
 * (for a one-time code: until the code's entry + validation_ms), then the username's scenario applies. So
 * no timers run, and tests move an injected clock instead of sleeping. The password is never stored.
 */

import { createHash, randomBytes } from 'node:crypto';
import type {
  AuthorizationStatus,
  UtilityAuthorization,
  UtilityFailure,
  UtilityMeter,
} from '../../server/adapters/utility-data.ts';
import {
  CODE_NOT_ENTERED_DETAIL,
  TIMEOUT_DETAIL,
  TWO_FACTOR_CODE,
  WRONG_CODE_DETAIL,
  type Scenario,
} from './scenarios.ts';

/** The utilities the sign-in page offers (the demo's homes are served by these). */
export const UTILITIES = [
  'Pacific Gas and Electric',
  'Southern California Edison',
  'SoCalGas',
  'San Diego Gas & Electric',
  'Georgia Power',
  'Atlanta Gas Light',
  'We Energies',
  'Madison Gas and Electric',
  'Wisconsin Public Service',
  'Xcel Energy',
  'Rockland Electric Company',
  'Public Service Electric and Gas',
];

/** The utility of the list a name given by the portal means (its case aside), if any. */
export const knownUtility = (name: unknown): string | null =>
  typeof name === 'string' ? (UTILITIES.find((u) => u.toLowerCase() === name.trim().toLowerCase()) ?? null) : null;

/** A one-time code not entered within this long after the password expires the attempt. */
export const CODE_TTL_MS = 10 * 60_000;

/** Records kept at most; the oldest go first (a bound against floods of creations). */
const MAX_RECORDS = 10_000;

const HOLDERS = ['Jordan Rivera', 'Avery Chen', 'Morgan Patel', 'Casey Johnson', 'Riley Okafor', 'Taylor Nguyen'];
const ADDRESSES = [
  '1452 Alder St, Oakland, CA 94606',
  '88 Maple Ave, Pasadena, CA 91101',
  '310 Peachtree Ln, Decatur, GA 30030',
  '2719 N Cramer St, Milwaukee, WI 53211',
  '47 Juniper Ct, Riverside, CA 92501',
];

interface Attempt {
  scenario: Scenario;
  submitted_at: Date;
  /** When the one-time code was entered and whether it matched (two-factor scenarios only). */
  code: { at: Date; accepted: boolean } | null;
}

interface Decision {
  status: 'authorized' | 'failed';
  at: Date;
  failure: UtilityFailure | null;
  detail: string | null;
}

export interface AuthorizationRecord {
  id: string;
  reference: string;
  return_url: string;
  visited_at: Date | null;
  attempts: number;
  utility: string | null;
  /** The utility the portal says serves the home (one of UTILITIES): the sign-in page starts from it. */
  suggested: string | null;
  attempt: Attempt | null;
  decision: Decision | null;
  revoked_at: Date | null;
  /** Usage was downloaded at least once (revoke-later withdraws consent before the next collection). */
  usage_served?: boolean;
}

/** Hex digest of a key: stable per authorization, different between them. */
function digest(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function pick<T>(list: readonly T[], key: string): T {
  return list[parseInt(digest(key).slice(0, 8), 16) % list.length];
}

function failed(at: number, failure: UtilityFailure, detail: string): Decision {
  return { status: 'failed', at: new Date(at), failure, detail };
}

/** The decision on an attempt at `now`, or null while it is still being verified. */
function decide(attempt: Attempt, validation_ms: number, now: number): Decision | null {
  const { scenario, code } = attempt;
  if (scenario.two_factor && !code) {
    const expires = attempt.submitted_at.getTime() + CODE_TTL_MS;
    return expires <= now ? failed(expires, 'two_factor_expired', CODE_NOT_ENTERED_DETAIL) : null;
  }
  const from = (code?.at ?? attempt.submitted_at).getTime();
  const { outcome } = scenario;
  if (outcome.status === 'timeout') {
    const at = from + validation_ms * 10;
    return at <= now ? failed(at, 'timeout', TIMEOUT_DETAIL) : null;
  }
  const at = from + validation_ms;
  if (at > now) return null;
  if (code && !code.accepted) return failed(at, 'two_factor_failed', WRONG_CODE_DETAIL);
  return outcome.status === 'authorized'
    ? { status: 'authorized', at: new Date(at), failure: null, detail: null }
    : failed(at, outcome.failure, outcome.detail);
}

export class AuthorizationStore {
  private readonly records = new Map<string, AuthorizationRecord>();

  constructor(
    private readonly now: () => Date,
    private readonly validation_ms: number,
  ) {}

  create(reference: string, return_url: string, suggested: string | null = null): AuthorizationRecord {
    const record: AuthorizationRecord = {
      id: `ua_${randomBytes(12).toString('base64url')}`,
      reference,
      return_url,
      visited_at: null,
      attempts: 0,
      utility: null,
      suggested,
      attempt: null,
      decision: null,
      revoked_at: null,
    };
    this.records.set(record.id, record);
    if (this.records.size > MAX_RECORDS) this.records.delete(this.records.keys().next().value as string);
    return record;
  }

  /** The record, its credential check decided if it is due. */
  get(id: string): AuthorizationRecord | undefined {
    const record = this.records.get(id);
    if (record?.attempt && !record.decision && !record.revoked_at)
      record.decision = decide(record.attempt, this.validation_ms, this.now().getTime());
    return record;
  }

  status(record: AuthorizationRecord): AuthorizationStatus {
    if (record.revoked_at) return 'revoked';
    if (record.decision) return record.decision.status;
    if (record.attempt) return 'verifying';
    return record.visited_at ? 'visited' : 'pending';
  }

  /** Whether the sign-in waits for its one-time code. */
  awaitingCode(record: AuthorizationRecord): boolean {
    return this.status(record) === 'verifying' && !!record.attempt?.scenario.two_factor && !record.attempt.code;
  }

  visit(record: AuthorizationRecord): void {
    record.visited_at ??= this.now();
  }

  /** A credential submission: a new attempt, whatever came before. */
  submit(record: AuthorizationRecord, utility: string, scenario: Scenario): void {
    record.attempts += 1;
    record.utility = utility;
    record.attempt = { scenario, submitted_at: this.now(), code: null };
    record.decision = null;
  }

  enterCode(record: AuthorizationRecord, code: string): void {
    if (!record.attempt) return;
    record.attempt.code = {
      at: this.now(),
      accepted: record.attempt.scenario.two_factor !== 'exact' || code === TWO_FACTOR_CODE,
    };
  }

  revoke(record: AuthorizationRecord): void {
    record.revoked_at ??= this.now();
  }

  /** After a usage download: remembered, so the scenario that withdraws consent can do so later. */
  usageServed(record: AuthorizationRecord): void {
    record.usage_served = true;
  }

  /**
   * Before meters are listed (a collection starting): the scenario that withdraws consent after the first
   * collection does so now, so the first collection completes and the next one finds access revoked.
   */
  collectionStarting(record: AuthorizationRecord): void {
    const outcome = record.attempt?.scenario.outcome;
    if (record.usage_served && outcome?.status === 'authorized' && outcome.revoke_after_first_usage)
      this.revoke(record);
  }

  /** The meters of an authorized record (none otherwise). */
  meters(record: AuthorizationRecord): UtilityMeter[] {
    const outcome = record.attempt?.scenario.outcome;
    if (record.decision?.status !== 'authorized' || outcome?.status !== 'authorized') return [];
    const address = pick(ADDRESSES, `${record.id}:address`);
    return outcome.meters.map((service, i) => {
      const h = digest(`${record.id}:meter:${i}`);
      const digits = (from: number, n: number) =>
        String(parseInt(h.slice(from, from + 12), 16))
          .padStart(n, '0')
          .slice(-n);
      return {
        id: `mtr_${h.slice(0, 16)}`,
        service,
        service_point: `SP${digits(16, 9)}`,
        meter_number: digits(28, 10),
        said: digits(40, 10),
        address,
      };
    });
  }

  /** The record as the contract's UtilityAuthorization. */
  view(record: AuthorizationRecord): UtilityAuthorization {
    const status = this.status(record);
    const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
    return {
      id: record.id,
      status,
      visited_at: iso(record.visited_at),
      submitted_at: iso(record.attempt?.submitted_at),
      decided_at: iso(record.decision?.at),
      revoked_at: iso(record.revoked_at),
      failure: record.decision?.failure ?? null,
      failure_detail: record.decision?.detail ?? null,
      attempts: record.attempts,
      utility: record.utility,
      account_holder: record.decision?.status === 'authorized' ? pick(HOLDERS, `${record.id}:holder`) : null,
    };
  }
}
