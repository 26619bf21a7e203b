/**
 * Security headers on every response, set by koa-helmet (helmet's well-kept defaults) with a Content
 * Security Policy written for this app: scripts from our own origin only (no inline script, no eval),
 * no framing by anyone (the portal holds people's data: clickjacking), images from our origin and
 * https (announcement images), YouTube's privacy-enhanced player as the only frame (announcement videos).
 *
 * Our policy has no per-request part (no nonce), so helmet's answer is the same for every response: it
 * is taken once, by running koa-helmet's middleware against a stand-in response at start, and replayed
 * on each response. Run per request, koa-helmet's 13 middlewares rebuilt the same policy text each time
 * (~10 µs of the ~70 µs an answer of the jobs list costs in process). tests/api/security-headers.test.ts
 * holds the replayed headers to those koa-helmet sets itself.
 */

import type { Next } from 'koa';
import helmet from 'koa-helmet';
import type { AppContext } from '../context.ts';

/** The Content Security Policy directives (also read by the tests). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // No 'unsafe-eval': the browser runs form and meta-schema validators the server generated as modules
  // (GET /api/forms/{form}/validator.js, /api/definitions/meta-validators.js), rules interpreted, pickers
  // as closures. A new eval in the page is a CSP violation (tests/e2e/csp.e2e.test.ts).
  scriptSrc: ["'self'"],
  // Blueprint and RJSF position popovers with style attributes set from script; no inline <style> is ours.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ['https://www.youtube-nocookie.com'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
} as const;

/** helmet's options: our CSP, frames denied, no referrer across origins. */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: CSP_DIRECTIVES as unknown as Record<string, string[] | null>,
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // The API is same-origin only; the announcement image may come from another https site.
  crossOriginEmbedderPolicy: false,
  // Plain HTTP on 127.0.0.1 by default: HSTS is for the proxy in front of a real deployment.
  strictTransportSecurity: false,
} satisfies Parameters<typeof helmet>[0];

/** What helmet does to a response: the headers it sets and those it removes. */
export interface HelmetAnswer {
  set: [string, string][];
  removed: string[];
}

/** Runs koa-helmet once against a stand-in response and records what it does. */
export async function helmetAnswer(): Promise<HelmetAnswer> {
  const answer: HelmetAnswer = { set: [], removed: [] };
  const res = {
    setHeader: (name: string, value: unknown) => void answer.set.push([name, String(value)]),
    removeHeader: (name: string) => void answer.removed.push(name),
  };
  await helmet(HELMET_OPTIONS)({ req: {}, res } as never, async () => {});
  return answer;
}

/** The middleware: helmet's headers, taken once (see above), on every response. */
export async function securityHeadersMiddleware() {
  const { set, removed } = await helmetAnswer();
  return async (ctx: AppContext, next: Next) => {
    for (const name of removed) ctx.res.removeHeader(name);
    for (const [name, value] of set) ctx.res.setHeader(name, value);
    await next();
  };
}
