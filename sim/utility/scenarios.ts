/**
 * The simulated utility's scenarios: what happens to a homeowner's sign-in, decided by the username
 * typed on the provider's page (the password is never looked at). A fixed table, so the demo, the tests
 * and anyone clicking through can reach every outcome the portal must handle; any username not listed
 * is an ordinary account that connects.
 */

import type { UtilityFailure, UtilityService } from '../../server/adapters/utility-data.ts';

/** The one-time code the utility "texts" for scenarios that accept one. */
export const TWO_FACTOR_CODE = '123456';

/**
 * How the utility writes its Green Button feeds (usage-data.ts, espi.ts). Without one: a bill per calendar month in
 * UTC, electric in Wh, gas in thousandths of a therm, one reading type.
 */
export interface FeedShape {
  /** Seconds per reading, or 'bill': monthly bills read on the 14th. */
  interval: 900 | 3600 | 86_400 | 'bill';
  /** Readings in Pacific time (America/Los_Angeles: LocalTimeParameters with DST); otherwise UTC. */
  pacific?: true;
  /** A solar customer: a received channel (export to the grid) and a net one beside the delivered usage. */
  solar?: true;
  /** The history starts on the 17th of its first month and runs up to now (the month in progress). */
  partial?: true;
  /** Gas written as therms x 10^-5 (else thousandths). */
  gas_multiplier?: -5;
  /** Electric usage written only as demand (W, uom 38): a feed with no reading type the portal can use. */
  unreadable?: true;
}

/** What the provider decides once validation has run. */
export type ScenarioOutcome =
  | {
      status: 'authorized';
      /** One meter per entry. */
      meters: UtilityService[];
      /** Complete calendar months of bills the utility holds, ending last month. */
      months: number;
      /** The authorization is withdrawn after the first collection (when meters are listed again after a usage
       * download). */
      revoke_after_first_usage?: true;
      /** How its feeds are written (none: monthly UTC bills). */
      feed?: FeedShape;
    }
  | { status: 'failed'; failure: UtilityFailure; detail: string }
  /** Validation never finishes; the provider gives up once validation_ms * 10 has passed. */
  | { status: 'timeout' };

export interface Scenario {
  /** One line for people choosing a username in the demo. */
  summary: string;
  /**
   * Whether the utility asks for a one-time code after the password: `any` takes whatever is typed
   * (the outcome decides), `exact` accepts only TWO_FACTOR_CODE (any other code fails the attempt).
   */
  two_factor?: 'any' | 'exact';
  outcome: ScenarioOutcome;
}

const FULL_HISTORY = 25;
const ACCEPTED: Scenario = {
  summary: 'connects: an electric and a gas meter, 25 months of bills',
  outcome: { status: 'authorized', meters: ['electric', 'gas'], months: FULL_HISTORY },
};

/** Usernames with a special outcome; every other username is ACCEPTED. */
export const SCENARIOS: Readonly<Record<string, Scenario>> = {
  homeowner: ACCEPTED,
  'wrong-password': {
    summary: 'the utility rejects the password',
    outcome: {
      status: 'failed',
      failure: 'wrong_password',
      detail: 'Credential validation failed: the utility rejected the username or password',
    },
  },
  'fail-2fa': {
    summary: 'asks for a one-time code, then rejects it',
    two_factor: 'any',
    outcome: {
      status: 'failed',
      failure: 'two_factor_failed',
      detail: 'Credential validation failed at 2FA: the code was not accepted',
    },
  },
  'expired-2fa': {
    summary: 'asks for a one-time code, which has expired when it arrives',
    two_factor: 'any',
    outcome: {
      status: 'failed',
      failure: 'two_factor_expired',
      detail: 'Credential validation failed at 2FA: the code had expired before it was entered',
    },
  },
  'good-2fa': {
    summary: `asks for a one-time code: ${TWO_FACTOR_CODE} connects, any other code fails`,
    two_factor: 'exact',
    outcome: ACCEPTED.outcome,
  },
  locked: {
    summary: 'the utility account is locked',
    outcome: {
      status: 'failed',
      failure: 'account_locked',
      detail: 'Credential validation failed: the utility reports the account is locked after too many attempts',
    },
  },
  'site-down': {
    summary: "the utility's website is down",
    outcome: {
      status: 'failed',
      failure: 'site_down',
      detail: "Credential validation failed: the utility's website did not respond (HTTP 503 from its sign-in service)",
    },
  },
  timeout: {
    summary: 'validation never finishes and finally times out',
    outcome: { status: 'timeout' },
  },
  'no-meters': {
    summary: 'connects, but the account has no meters',
    outcome: { status: 'authorized', meters: [], months: FULL_HISTORY },
  },
  partial: {
    summary: 'connects: an electric and a gas meter, only the last 5 months of bills',
    outcome: { status: 'authorized', meters: ['electric', 'gas'], months: 5 },
  },
  'electric-only': {
    summary: 'connects: one electric meter',
    outcome: { status: 'authorized', meters: ['electric'], months: FULL_HISTORY },
  },
  'revoke-later': {
    summary: 'connects, then the homeowner withdraws consent after the first collection',
    outcome: {
      status: 'authorized',
      meters: ['electric', 'gas'],
      months: FULL_HISTORY,
      revoke_after_first_usage: true,
    },
  },
  pacific: {
    summary: 'connects: an electric and a gas meter read hourly in Pacific time (DST), 13 months',
    outcome: { status: 'authorized', meters: ['electric', 'gas'], months: 13, feed: { interval: 3600, pacific: true } },
  },
  solar: {
    summary: 'connects: a solar home’s electric meter, hourly in Pacific time, delivered, received and net, 13 months',
    outcome: {
      status: 'authorized',
      meters: ['electric'],
      months: 13,
      feed: { interval: 3600, pacific: true, solar: true },
    },
  },
  'partial-month': {
    summary: 'connects: an electric and a gas meter read daily from the 17th, 13 months ago, up to today',
    outcome: {
      status: 'authorized',
      meters: ['electric', 'gas'],
      months: 13,
      feed: { interval: 86_400, pacific: true, partial: true },
    },
  },
  'interval-15': {
    summary: 'connects: an electric meter read every 15 minutes in Pacific time, 13 months',
    outcome: { status: 'authorized', meters: ['electric'], months: 13, feed: { interval: 900, pacific: true } },
  },
  'gas-bill': {
    summary: 'connects: a gas meter billed monthly (read on the 14th), therms x 10^-5, 13 bills',
    outcome: {
      status: 'authorized',
      meters: ['gas'],
      months: 13,
      feed: { interval: 'bill', pacific: true, gas_multiplier: -5 },
    },
  },
  'unreadable-feed': {
    summary: 'connects, but the electric meter’s Green Button feed holds only demand (no usage the portal can read)',
    outcome: {
      status: 'authorized',
      meters: ['electric', 'gas'],
      months: 13,
      feed: { interval: 86_400, unreadable: true },
    },
  },
};

/** The provider's words when the timeout scenario gives up, and when a code is never entered. */
export const TIMEOUT_DETAIL = 'Credential validation timed out: the utility did not answer the sign-in in time';
export const CODE_NOT_ENTERED_DETAIL = 'Credential validation failed at 2FA: no code was entered before it expired';
export const WRONG_CODE_DETAIL = 'Credential validation failed at 2FA: the code was not accepted';

/** The scenario of a username (case and surrounding spaces do not matter). */
export function scenarioFor(username: string): Scenario {
  const key = username.trim().toLowerCase();
  return Object.hasOwn(SCENARIOS, key) ? SCENARIOS[key] : ACCEPTED;
}
