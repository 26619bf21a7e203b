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
 *   (any other 4xx: a bug or a bad request, not worth retrying).
 */

import { XMLParser, XMLValidator } from 'fast-xml-parser';
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

/** One reading: usage over [start, start + seconds), in kWh (electric) or therms (gas). */
export interface UsageReading {
  start: string;
  seconds: number;
  value: number;
  unit: 'kWh' | 'therm';
}

export interface UtilityDataAdapter {
  createAuthorization(input: {
    reference: string;
    return_url: string;
    email?: string;
  }): Promise<{ id: string; url: string }>;
  getAuthorization(id: string): Promise<UtilityAuthorization>;
  listMeters(authorizationId: string): Promise<UtilityMeter[]>;
  /** Readings of one meter between two ISO dates (from inclusive, to exclusive), oldest first. */
  fetchUsage(authorizationId: string, meterId: string, range: { from: string; to: string }): Promise<UsageReading[]>;
  subscribe(authorizationId: string, meterIds: string[]): Promise<void>;
  revoke(authorizationId: string): Promise<void>;
}

export type UtilityDataErrorCode = 'unavailable' | 'not_found' | 'revoked' | 'rejected';

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
 * outside party): a body of the wrong shape, bad XML or an unknown unit is `unavailable` with a message
 * saying what was wrong, never a TypeError further on.
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

/** ESPI codes: ServiceCategory kind and the unit of measure each service must use. */
const ESPI_SERVICE = new Map<
  string,
  { service: UtilityService; uom: number; unit: UsageReading['unit']; exponent: number }
>([
  // Wh: the kWh figure is the value x 10^(multiplier - 3).
  ['0', { service: 'electric', uom: 72, unit: 'kWh', exponent: -3 }],
  // therm: the value x 10^multiplier.
  ['1', { service: 'gas', uom: 169, unit: 'therm', exponent: 0 }],
]);

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

/** A value that may be one element or a list of them (XML parsed to objects). */
function list(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** An integer XML element text. */
function integer(value: unknown, where: string): number {
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value.trim()))
    throw new Malformed(`${where} is not an integer`);
  return Number(value);
}

const xml = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  processEntities: false,
});

/** The readings of a Green Button ESPI Atom feed of one usage point, in kWh or therms, oldest first. */
function espiReadings(body: string): UsageReading[] {
  if (/<!DOCTYPE/i.test(body)) throw new Malformed('the feed declares a DOCTYPE');
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new Malformed(`the feed is not well-formed XML (${valid.err.msg}, line ${valid.err.line})`);
  const feed = record(record(xml.parse(body), 'the document').feed, 'the Atom feed');
  const contents = list(feed.entry).map((e) =>
    typeof e === 'object' && e !== null ? (e as Record<string, unknown>).content : undefined,
  );
  const pick = (name: string) =>
    contents.flatMap((c) => (typeof c === 'object' && c !== null ? list((c as Record<string, unknown>)[name]) : []));
  const usagePoints = pick('UsagePoint');
  const readingTypes = pick('ReadingType');
  if (usagePoints.length !== 1) throw new Malformed(`the feed has ${usagePoints.length} UsagePoints, not 1`);
  if (readingTypes.length !== 1) throw new Malformed(`the feed has ${readingTypes.length} ReadingTypes, not 1`);
  const kind = record(record(usagePoints[0], 'UsagePoint').ServiceCategory, 'UsagePoint.ServiceCategory').kind;
  const service = typeof kind === 'string' ? ESPI_SERVICE.get(kind.trim()) : undefined;
  if (!service) throw new Malformed(`ServiceCategory kind ${String(kind)} is neither electricity (0) nor gas (1)`);
  const readingType = record(readingTypes[0], 'ReadingType');
  const uom = integer(readingType.uom, 'ReadingType.uom');
  if (uom !== service.uom)
    throw new Malformed(`ReadingType uom ${uom} is not the ${service.service} unit ${service.uom}`);
  const multiplier =
    readingType.powerOfTenMultiplier === undefined
      ? 0
      : integer(readingType.powerOfTenMultiplier, 'ReadingType.powerOfTenMultiplier');
  if (Math.abs(multiplier) > 12) throw new Malformed(`ReadingType powerOfTenMultiplier ${multiplier} is out of range`);
  const exponent = multiplier + service.exponent;
  // Dividing by a power of ten rounds once, where multiplying by 10^-n would round twice.
  const scale = (v: number) => (exponent < 0 ? v / 10 ** -exponent : v * 10 ** exponent);
  return pick('IntervalBlock')
    .flatMap((block) => list(record(block, 'IntervalBlock').IntervalReading))
    .map((r, i) => {
      const reading = record(r, `IntervalReading ${i}`);
      const period = record(reading.timePeriod, `IntervalReading ${i}.timePeriod`);
      const seconds = integer(period.duration, `IntervalReading ${i}.timePeriod.duration`);
      const start = integer(period.start, `IntervalReading ${i}.timePeriod.start`);
      if (seconds <= 0) throw new Malformed(`IntervalReading ${i} has a duration of ${seconds} s`);
      const at = new Date(start * 1000);
      if (Number.isNaN(at.getTime())) throw new Malformed(`IntervalReading ${i} starts at an impossible time`);
      return {
        start: at.toISOString(),
        seconds,
        value: scale(integer(reading.value, `IntervalReading ${i}.value`)),
        unit: service.unit,
      };
    })
    .sort((a, b) => a.start.localeCompare(b.start));
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
      const readings = await answer(
        'GET',
        `${path(id, 'meters', meterId, 'usage')}?${query}`,
        espiReadings,
        undefined,
        'application/atom+xml',
      );
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
