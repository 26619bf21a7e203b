/**
 * Answers of the sign-in calls, the public configuration and the feature flags, as JSON Schemas written
 * once (openapi.json, the API tests' answer check, and both sides' types). A session's user carries
 * exactly these fields: nothing of the stored account (hashes, tokens) can slip into it.
 */

import { itemsOf } from './schema-parts.ts';
import type { FromSchema } from 'json-schema-to-ts';
import { USER_ROLES } from '../constants.ts';

/** The signed-in user. */
export const SESSION_USER = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'email', 'name', 'role', 'contractor_id'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: USER_ROLES },
    contractor_id: { type: ['integer', 'null'] },
  },
} as const;
export type SessionUser = FromSchema<typeof SESSION_USER>;

/** A new session: its bearer token, its user, when it ends. */
export const SESSION = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'user', 'expires_at'],
  properties: { token: { type: 'string', minLength: 20 }, user: SESSION_USER, expires_at: { type: 'string' } },
} as const;
export type Session = FromSchema<typeof SESSION>;

/** GET /api/config: what the page needs before anyone signs in. */
export const APP_CONFIG = {
  type: 'object',
  additionalProperties: false,
  required: ['app_env', 'is_production', 'feature_flags', 'google_sign_in', 'sso_label', 'playwright_sign_in'],
  properties: {
    app_env: { type: 'string' },
    is_production: { type: 'boolean' },
    feature_flags: { type: 'array', items: { type: 'string' } },
    /** Single sign-on (OpenID Connect, OIDC_ISSUER) is configured: the login page shows its button. */
    google_sign_in: { type: 'boolean' },
    /** The single sign-on button's text (OIDC_LABEL). */
    sso_label: { type: 'string' },
    playwright_sign_in: { type: 'boolean' },
  },
} as const;
export type AppConfig = FromSchema<typeof APP_CONFIG>;

/**
 * Why a single sign-on ended on the login page (`/login?sso_error=<code>`; the page words it): the sign-in
 * expired or was already used, the user declined at the provider, the provider does not vouch for the
 * email, no portal account has it, or anything else went wrong (logged by the server).
 */
export const SSO_ERRORS = ['expired', 'denied', 'unverified_email', 'no_account', 'failed'] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
/** The single sign-on calls answer no JSON: a redirect (302), its Location says where the browser goes. */
export const SSO_REDIRECT = {
  type: 'string',
  description: 'A redirect (302): the Location header says where the browser goes.',
} as const;

/** A feature flag and whether it is on. */
export const FEATURE_FLAG = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'enabled'],
  properties: { name: { type: 'string' }, enabled: { type: 'boolean' } },
} as const;
export const FEATURE_FLAGS_ANSWER = itemsOf(FEATURE_FLAG);

/** POST /api/auth/login-links: a one-time sign-in link minted by ops (mailed too). */
export const LOGIN_LINK = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'url', 'expires_at'],
  properties: { token: { type: 'string', minLength: 20 }, url: { type: 'string' }, expires_at: { type: 'string' } },
} as const;
/** POST /api/auth/forgot-password: the same sentence whether the email has an account or not. */
export const NOTICE = {
  type: 'object',
  additionalProperties: false,
  required: ['detail'],
  properties: { detail: { type: 'string' } },
} as const;
export type Notice = FromSchema<typeof NOTICE>;
/** POST /api/contractor/invite(-internal): the new user. */
export const INVITED_USER = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'email', 'name', 'role', 'contractor_id'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: ['ops', 'contractor'] },
    contractor_id: { type: ['integer', 'null'] },
  },
} as const;
export type InvitedUser = FromSchema<typeof INVITED_USER>;

/**
 * The sign-in bodies. Credentials are checked by the calls themselves: any malformed body is a failed
 * sign-in (401 invalid_credentials / link_invalid), never a 422 that would say which part was wrong.
 */
export const LOGIN = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email: { type: 'string' }, password: { type: 'string' } },
} as const;
export const TOKEN_SIGN_IN = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string' } },
} as const;
export const PLAYWRIGHT_SIGN_IN = {
  type: 'object',
  required: ['token', 'email'],
  properties: { token: { type: 'string' }, email: { type: 'string' } },
} as const;
/** POST /api/auth/forgot-password: the same answer whatever the body (no account is revealed). */
export const FORGOT_PASSWORD = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string' } },
} as const;
/** POST /api/auth/reset-password: a reset token and the new password (checked by the call: 400 link_invalid, 422 short
 * password). */
export const RESET_PASSWORD = {
  type: 'object',
  required: ['token', 'password'],
  properties: { token: { type: 'string' }, password: { type: 'string', minLength: 8 } },
} as const;
/** POST /api/auth/login-links: whom to mint a link for (an id of no user answers 400). */
export const LOGIN_LINK_REQUEST = {
  type: 'object',
  required: ['user_id'],
  properties: { user_id: { type: 'integer' } },
} as const;
/** PUT /api/feature-flags/{name}. */
export const FEATURE_FLAG_SET = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled'],
  properties: { enabled: { type: 'boolean' } },
} as const;
