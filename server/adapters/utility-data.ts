/**
 * Utility data: the portal's view of a utility-data provider (the shape of Green Button Connect My Data /
 * UtilityAPI-style authorizations). The provider hosts the page where the homeowner signs in to the
 * utility; the portal never sees a username or password. The adapter talks HTTP to a base URL from
 * configuration (UTILITY_DATA_URL): the simulated utility of sim/utility in the demo and the tests, a real
 * provider in production.
 *
 * CONTRACT (shared by the workflow in server/services/usage-*.ts and the implementation below):
 * - createAuthorization: "send homeowner invite": a new authorization for one job; `url` is the
 *   provider's sign-in page, `return_url` where that page sends the homeowner back (with
 *   `?authorization=<id>` appended).
 * - getAuthorization: its state: `visited_at` ("visit collection page" on the provider's side),
 *   `submitted_at` (the last "attempt authentication"), `decided_at` + `status` + `failure` ("validate
 *   credentials"), `attempts` (credential submissions so far).
 * - listMeters ("identify meters"), fetchUsage ("extract usage from utility": the provider's Green Button
 *   ESPI XML, parsed here), subscribe (ongoing data), revoke.
 * - Errors: UtilityDataError with `code`: `unavailable` (network error, time-out, 5xx: worth retrying),
 *   `not_found` (404), `revoked` (410: the homeowner or utility withdrew the authorization), `rejected`
 *   (any other 4xx: a bug or a bad request, not worth retrying), `unreadable` (a usage feed that cannot be
 *   read: malformed XML, no usable reading type, impossible values; asking again gives the same feed).
 */

import {
  httpClient,
  Malformed,
  nullableText,
  nullableTime,
  oneOf,
  parseJson,
  record,
  text,
  type HttpClientOptions,
} from './http-client.ts';
import { readGreenButton, type UsageReading } from '../workflows/usage/green-button.ts';

export type { UsageChannel, UsageReading } from '../workflows/usage/green-button.ts';

/** Why the provider could not validate a homeowner's sign-in (or later lost access). */
export type UtilityFailure =
  'wrong_password' | 'two_factor_failed' | 'two_factor_expired' | 'account_locked' | 'site_down' | 'timeout';

export type AuthorizationStatus = 'pending' | 'visited' | 'verifying' | 'authorized' | 'failed' | 'revoked';

export interface UtilityAuthorization {
  id: string;
  status: AuthorizationStatus;
  /** ISO times, null until it happened. */
  visited_at: string | null;
  submitted_at: string | null;
  decided_at: string | null;
  revoked_at: string | null;
  /** Set when status is 'failed' (the last attempt's reason). */
  failure: UtilityFailure | null;
  /** The provider's own words about the failure (internal users only). */
  failure_detail: string | null;
  /** Credential submissions so far. */
  attempts: number;
  /** The utility the homeowner chose on the provider's page, and the account holder it reports (null before). */
  utility: string | null;
  account_holder: string | null;
}

export type UtilityService = 'electric' | 'gas';

export interface UtilityMeter {
  id: string;
  service: UtilityService;
  service_point: string;
  meter_number: string;
  /** Service agreement id. */
  said: string;
  address: string;
}

export interface UtilityDataAdapter {
  createAuthorization(input: {
    /** What the homeowner reads the sharing is for: their home's address and the rebate job's code. */
    reference: string;
    return_url: string;
    email?: string;
    /** The utility the job names for the home: the sign-in page starts from it when the service serves it. */
    utility?: string;
  }): Promise<{ id: string; url: string }>;
  getAuthorization(id: string): Promise<UtilityAuthorization>;
  listMeters(authorizationId: string): Promise<UtilityMeter[]>;
  /**
   * Readings of one meter between two ISO dates (from inclusive, to exclusive), oldest first: every channel the
   * feed carries (delivered is the usage), each with its local time's offset (green-button.ts).
   */
  fetchUsage(authorizationId: string, meterId: string, range: { from: string; to: string }): Promise<UsageReading[]>;
  subscribe(authorizationId: string, meterIds: string[]): Promise<void>;
  revoke(authorizationId: string): Promise<void>;
}

export type UtilityDataErrorCode = 'unavailable' | 'not_found' | 'revoked' | 'rejected' | 'unreadable';

export class UtilityDataError extends Error {
  constructor(
    readonly code: UtilityDataErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'UtilityDataError';
  }
}

/*
 * IMPLEMENTATION: the adapter over HTTP. Every answer is checked before it is believed (a provider is an
 * outside party): a body of the wrong shape is `unavailable` with a message saying what was wrong, a usage
 * feed that cannot be read `unreadable`, never a TypeError further on.
 */

/** Largest answer read from the provider (a year of hourly readings is well under this). */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

const STATUSES: readonly AuthorizationStatus[] = ['pending', 'visited', 'verifying', 'authorized', 'failed', 'revoked'];
const FAILURES: readonly UtilityFailure[] = [
  'wrong_password',
  'two_factor_failed',
  'two_factor_expired',
  'account_locked',
  'site_down',
  'timeout',
];
const SERVICES: readonly UtilityService[] = ['electric', 'gas'];

function authorization(value: unknown): UtilityAuthorization {
  const o = record(value, 'authorization');
  const attempts = o.attempts;
  if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 0)
    throw new Malformed('authorization.attempts is not a count');
  return {
    id: text(o, 'id', 'authorization', true),
    status: oneOf(o, 'status', STATUSES, 'authorization'),
    visited_at: nullableTime(o, 'visited_at', 'authorization'),
    submitted_at: nullableTime(o, 'submitted_at', 'authorization'),
    decided_at: nullableTime(o, 'decided_at', 'authorization'),
    revoked_at: nullableTime(o, 'revoked_at', 'authorization'),
    failure: o.failure === null ? null : oneOf(o, 'failure', FAILURES, 'authorization'),
    failure_detail: nullableText(o, 'failure_detail', 'authorization'),
    attempts,
    utility: nullableText(o, 'utility', 'authorization'),
    account_holder: nullableText(o, 'account_holder', 'authorization'),
  };
}

function meter(value: unknown, where: string): UtilityMeter {
  const o = record(value, where);
  return {
    id: text(o, 'id', where, true),
    service: oneOf(o, 'service', SERVICES, where),
    service_point: text(o, 'service_point', where),
    meter_number: text(o, 'meter_number', where),
    said: text(o, 'said', where),
    address: text(o, 'address', where),
  };
}

/** A date as YYYY-MM-DD (UTC), rounded down or up to a whole day. */
function day(time: number, up: boolean): string {
  const whole = up ? Math.ceil(time / 86_400_000) : Math.floor(time / 86_400_000);
  return new Date(whole * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The adapter talking to a provider at `baseUrl` (the simulator's routes: /api/authorizations...).
 * `timeout_ms` bounds each request, body included (default 10 s); `fetch` replaces the global one.
 */
export function httpUtilityData(baseUrl: string, o: HttpClientOptions = {}): UtilityDataAdapter {
  const { call, answer } = httpClient(baseUrl, o, {
    name: 'utility data provider',
    max_answer_bytes: MAX_ANSWER_BYTES,
    error: UtilityDataError,
    statuses: { 410: 'revoked' },
  });
  const path = (id: string, ...rest: string[]) =>
    ['/api/authorizations', id, ...rest].map((p, i) => (i === 0 ? p : encodeURIComponent(p))).join('/');

  return {
    createAuthorization: (input) =>
      answer(
        'POST',
        '/api/authorizations',
        (body) => {
          const o = record(parseJson(body), 'the answer');
          const url = text(o, 'url', 'the answer', true);
          if (!/^https?:\/\//i.test(url) || !URL.canParse(url))
            throw new Malformed('the answer.url is not an http(s) URL');
          return { id: text(o, 'id', 'the answer', true), url };
        },
        input,
      ),
    getAuthorization: (id) =>
      answer('GET', path(id), (body) => {
        const found = authorization(parseJson(body));
        if (found.id !== id) throw new Malformed(`the answer is authorization ${found.id}, not ${id}`);
        return found;
      }),
    listMeters: (id) =>
      answer('GET', path(id, 'meters'), (body) => {
        const meters = record(parseJson(body), 'the answer').meters;
        if (!Array.isArray(meters)) throw new Malformed('the answer.meters is not a list');
        return meters.map((m, i) => meter(m, `meters[${i}]`));
      }),
    fetchUsage: async (id, meterId, range) => {
      const from = Date.parse(range.from);
      const to = Date.parse(range.to);
      if (Number.isNaN(from) || Number.isNaN(to))
        throw new UtilityDataError('rejected', `usage range ${range.from} to ${range.to} is not two dates`);
      const query = new URLSearchParams({ from: day(from, false), to: day(to, true) });
      const target = `${path(id, 'meters', meterId, 'usage')}?${query}`;
      const body = await call('GET', target, undefined, 'application/atom+xml');
      let readings: UsageReading[];
      try {
        readings = readGreenButton(body);
      } catch (e) {
        if (!(e instanceof Malformed)) throw e;
        const what = `utility data provider: GET ${target.split('?')[0]}`;
        throw new UtilityDataError('unreadable', `${what} answered a feed that cannot be read: ${e.message}`);
      }
      return readings.filter((r) => Date.parse(r.start) >= from && Date.parse(r.start) < to);
    },
    subscribe: async (id, meterIds) => {
      await call('POST', path(id, 'subscriptions'), { meter_ids: meterIds });
    },
    revoke: async (id) => {
      await call('POST', path(id, 'revoke'));
    },
  };
}
