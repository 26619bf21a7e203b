/**
 * Security headers on every response, set by koa-helmet (helmet's well-kept defaults) with a Content
 * Security Policy written for this app: scripts from our own origin only (no inline script, no eval),
 * no framing by anyone (the portal holds people's data: clickjacking), images from our origin and
 * https (announcement images), YouTube's privacy-enhanced player as the only frame (announcement videos).
 */

import helmet from 'koa-helmet';

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

/** The middleware: helmet with our CSP, frames denied, no referrer across origins. */
export function securityHeadersMiddleware() {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES as unknown as Record<string, string[] | null> },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The API is same-origin only; the announcement image may come from another https site.
    crossOriginEmbedderPolicy: false,
    // Plain HTTP on 127.0.0.1 by default: HSTS is for the proxy in front of a real deployment.
    strictTransportSecurity: false,
  });
}
