/**
 * The simulated utility-data provider: a small HTTP service in the shape of Green Button Connect My Data
 * / UtilityAPI-style authorizations, for the demo and the tests (the portal reaches it through
 * server/adapters/utility-data.ts). The portal creates an authorization and sends the homeowner to its
 * sign-in page; the username decides the outcome (scenarios.ts); the portal then lists meters and
 * downloads Green Button ESPI XML. In-memory state; the clock is injectable so tests never sleep.
 *
 * Routes (JSON unless said; 400 {error} for bad input, 404 unknown id, 409 not authorized, 410 revoked):
 *   GET  /api/health                                      {ok: true}
 *   POST /api/authorizations {reference, return_url, email?, utility?}   201 {id, url}
 *   GET  /api/authorizations/:id                          UtilityAuthorization
 *   GET  /api/authorizations/:id/meters                   {meters}
 *   GET  /api/authorizations/:id/meters/:meter/usage?from=YYYY-MM-DD&to=YYYY-MM-DD   ESPI Atom XML
 *   POST /api/authorizations/:id/subscriptions {meter_ids}     204
 *   POST /api/authorizations/:id/revoke                   204 (again after a revocation too)
 *   GET  /authorize/:id, POST /authorize/:id (form), POST /authorize/:id/code (form)   HTML, 303 back
 */

import type { IncomingMessage } from 'node:http';
import type { UtilityFailure } from '../../server/adapters/utility-data.ts';
import { HttpError, isDate, readBody, readJsonObject, serve, type Handler, type Reply, type Route } from '../http.ts';
import { AuthorizationStore, knownUtility, UTILITIES, type AuthorizationRecord } from './authorizations.ts';
import { espiFeed, monthlyChannel, PACIFIC_TIME } from './espi.ts';
import { codePage, messagePage, signInPage } from './pages.ts';
import { scenarioFor } from './scenarios.ts';
import { feedChannels, monthlyUsage } from './usage-data.ts';

/** What the sign-in page tells the homeowner after a failed attempt. */
const FAILURE_TEXT: Record<UtilityFailure, string> = {
  wrong_password: 'Your utility did not accept that username and password. Check them and try again.',
  two_factor_failed: 'The verification code was not accepted. Sign in again to get a new code.',
  two_factor_expired: 'The verification code expired. Sign in again to get a new code.',
  account_locked: "Your utility account is locked. Unlock it on your utility's website, then try again.",
  site_down: "Your utility's website is not responding right now. Please try again later.",
  timeout: 'Your utility took too long to answer. Please try again.',
};

function html(status: number, text: string): Reply {
  return { status, text, type: 'text/html; charset=utf-8' };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

/** A date parameter YYYY-MM-DD as 00:00 UTC. */
function dateParam(query: URLSearchParams, name: string): Date {
  const value = query.get(name) ?? '';
  if (!isDate(value)) throw new HttpError(400, `${name} must be a date YYYY-MM-DD`);
  return new Date(`${value}T00:00:00Z`);
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Where the homeowner goes back to: the portal's return_url with authorization=<id>. */
function returnTo(record: AuthorizationRecord): string {
  const url = new URL(record.return_url);
  url.searchParams.set('authorization', record.id);
  return url.toString();
}

export async function startUtilitySimulator(
  o: { port?: number; host?: string; now?: () => Date; validation_ms?: number; public_url?: string } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const now = o.now ?? (() => new Date());
  const store = new AuthorizationStore(now, o.validation_ms ?? 1500);
  let ownUrl = '';
  const publicUrl = () => (o.public_url ?? ownUrl).replace(/\/+$/, '');

  function found(id: string): AuthorizationRecord {
    const record = store.get(id);
    if (!record) throw new HttpError(404, 'unknown authorization');
    return record;
  }

  /** A record whose data may be read: authorized, not revoked. */
  function authorized(id: string): AuthorizationRecord {
    const record = found(id);
    const status = store.status(record);
    if (status === 'revoked') throw new HttpError(410, 'authorization revoked');
    if (status !== 'authorized') throw new HttpError(409, `authorization is ${status}, not authorized`);
    return record;
  }

  /** The record behind a sign-in page, or the page saying why there is none. */
  function pageRecord(id: string): AuthorizationRecord | Reply {
    const record = store.get(id);
    if (!record) return html(404, messagePage('Link not found', 'This sign-in link is not valid. Ask for a new link.'));
    if (store.status(record) === 'revoked')
      return html(
        410,
        messagePage('Link no longer valid', 'Data sharing through this link was withdrawn. Ask for a new link.'),
      );
    return record;
  }

  const createAuthorization: Handler = async (req) => {
    const body = await readJsonObject(req);
    const { reference, email, utility } = body;
    if (typeof reference !== 'string' || !reference.trim() || reference.length > 200)
      throw new HttpError(400, 'reference must be a non-empty string of at most 200 characters');
    const returnUrl = httpUrl(body.return_url);
    if (!returnUrl) throw new HttpError(400, 'return_url must be an http(s) URL of at most 2048 characters');
    if (email !== undefined && (typeof email !== 'string' || email.length > 320 || !/^[^@\s]+@[^@\s]+$/.test(email)))
      throw new HttpError(400, 'email must be an email address');
    if (utility !== undefined && (typeof utility !== 'string' || utility.length > 200))
      throw new HttpError(400, 'utility must be a string of at most 200 characters');
    // The home's utility, when it is one this service serves: the sign-in page starts from it (never from another's).
    const record = store.create(reference.trim(), returnUrl, knownUtility(utility));
    return { status: 201, json: { id: record.id, url: `${publicUrl()}/authorize/${record.id}` } };
  };

  const usage: Handler = (_req, [id, meterId], query) => {
    const record = authorized(id);
    const meter = store.meters(record).find((m) => m.id === meterId);
    if (!meter) throw new HttpError(404, 'unknown meter');
    const from = dateParam(query, 'from');
    const to = dateParam(query, 'to');
    if (from > to) throw new HttpError(400, 'from must not be after to');
    const outcome = record.attempt?.scenario.outcome;
    const authorizedOutcome = outcome?.status === 'authorized' ? outcome : undefined;
    const history = { authorization_id: record.id, meter_id: meter.id, service: meter.service, now: now() };
    const months = authorizedOutcome?.months ?? 0;
    const shape = authorizedOutcome?.feed;
    const channels = shape
      ? feedChannels({ ...history, months, shape })
      : [monthlyChannel(meter, monthlyUsage({ ...history, months }))];
    const inRange = channels.map((c) => ({
      ...c,
      readings: c.readings.filter((r) => r.start >= from && r.start < to),
    }));
    const feed = espiFeed(meter, inRange, now(), shape?.pacific ? PACIFIC_TIME : undefined);
    store.usageServed(record);
    return { status: 200, text: feed, type: 'application/atom+xml; charset=utf-8' };
  };

  const subscribe: Handler = async (req, [id]) => {
    const record = authorized(id);
    const { meter_ids } = await readJsonObject(req);
    if (!Array.isArray(meter_ids) || meter_ids.length === 0 || meter_ids.length > 100)
      throw new HttpError(400, 'meter_ids must be a non-empty array of meter ids');
    const known = new Set(store.meters(record).map((m) => m.id));
    const unknown = meter_ids.find((m) => typeof m !== 'string' || !known.has(m));
    if (unknown !== undefined) throw new HttpError(400, `unknown meter id ${JSON.stringify(unknown).slice(0, 80)}`);
    // The simulated history is generated on demand, so a subscription has nothing more to arrange.
    return { status: 204 };
  };

  const showSignIn: Handler = (_req, [id]) => {
    const record = pageRecord(id);
    if (!('id' in record)) return record;
    store.visit(record);
    const status = store.status(record);
    const back = { href: returnTo(record), label: 'Return to the rebate portal' };
    if (status === 'authorized')
      return html(
        200,
        messagePage(
          'Your utility account is connected',
          `Your usage history from ${record.utility} is being shared.`,
          back,
        ),
      );
    if (store.awaitingCode(record)) return html(200, codePage({ id: record.id, utility: record.utility }));
    if (status === 'verifying')
      return html(
        200,
        messagePage(
          'Checking your sign-in',
          `We are confirming your account with ${record.utility}. This can take a minute.`,
          back,
        ),
      );
    const failure = record.decision?.failure;
    return html(
      200,
      signInPage({
        id: record.id,
        reference: record.reference,
        utility: record.utility ?? record.suggested,
        error: failure ? FAILURE_TEXT[failure] : undefined,
      }),
    );
  };

  const submitSignIn: Handler = async (req, [id]) => {
    const record = pageRecord(id);
    if (!('id' in record)) return record;
    if (store.status(record) === 'authorized')
      return html(
        409,
        messagePage('Already connected', 'This utility account is already connected.', {
          href: returnTo(record),
          label: 'Return to the rebate portal',
        }),
      );
    const form = await readForm(req);
    const utility = form.get('utility') ?? '';
    const username = (form.get('username') ?? '').trim();
    const password = form.get('password') ?? '';
    const again = (error: string) =>
      html(
        400,
        signInPage({
          id: record.id,
          reference: record.reference,
          utility: UTILITIES.includes(utility) ? utility : null,
          error,
        }),
      );
    if (!UTILITIES.includes(utility)) return again('Choose your utility from the list.');
    if (!username || !password) return again('Enter both your username and your password.');
    if (username.length > 200 || password.length > 200) return again('That username or password is too long.');
    const scenario = scenarioFor(username);
    store.visit(record);
    store.submit(record, utility, scenario);
    if (scenario.two_factor) return html(200, codePage({ id: record.id, utility }));
    return { status: 303, location: returnTo(record) };
  };

  const submitCode: Handler = async (req, [id]) => {
    const record = pageRecord(id);
    if (!('id' in record)) return record;
    const signIn = { href: `/authorize/${encodeURIComponent(record.id)}`, label: 'Sign in again' };
    if (!store.awaitingCode(record)) {
      return record.decision?.failure === 'two_factor_expired'
        ? html(409, messagePage('Code expired', 'Your verification code expired before it was entered.', signIn))
        : html(409, messagePage('No code expected', 'There is no verification code waiting for this sign-in.', signIn));
    }
    const code = (await readForm(req)).get('code')?.trim() ?? '';
    if (!code || code.length > 12)
      return html(
        400,
        codePage({ id: record.id, utility: record.utility, error: 'Enter the code from your text message.' }),
      );
    store.enterCode(record, code);
    return { status: 303, location: returnTo(record) };
  };

  const routes: Route[] = [
    ['GET', /^\/api\/health$/, () => ({ status: 200, json: { ok: true } })],
    ['POST', /^\/api\/authorizations$/, createAuthorization],
    ['GET', /^\/api\/authorizations\/([^/]+)$/, (_req, [id]) => ({ status: 200, json: store.view(found(id)) })],
    [
      'GET',
      /^\/api\/authorizations\/([^/]+)\/meters$/,
      (_req, [id]) => {
        store.collectionStarting(found(id));
        return { status: 200, json: { meters: store.meters(authorized(id)) } };
      },
    ],
    ['GET', /^\/api\/authorizations\/([^/]+)\/meters\/([^/]+)\/usage$/, usage],
    ['POST', /^\/api\/authorizations\/([^/]+)\/subscriptions$/, subscribe],
    ['POST', /^\/api\/authorizations\/([^/]+)\/revoke$/, (_req, [id]) => (store.revoke(found(id)), { status: 204 })],
    ['GET', /^\/authorize\/([^/]+)$/, showSignIn],
    ['POST', /^\/authorize\/([^/]+)$/, submitSignIn],
    ['POST', /^\/authorize\/([^/]+)\/code$/, submitCode],
  ];

  const served = await serve(routes, {
    port: o.port,
    host: o.host,
    headers: { 'referrer-policy': 'no-referrer' },
    errorPage: (req, status, message) =>
      req.url?.startsWith('/authorize/') ? html(status, messagePage('Something went wrong', message)) : undefined,
  });
  ownUrl = served.url;
  return served;
}
