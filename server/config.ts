/** Configuration from the environment (documented in README and .env.example). */

import { join } from 'node:path';

/** The server's configuration. */
export interface Config {
  port: number;
  host: string;
  database_url: string;
  /** PostgreSQL: the schema the portal's tables live in (created if missing); unset: the server's default (public). */
  database_schema?: string;
  /** Anything but 'production' shows the staging banner. */
  app_env: string;
  /** Enables /api/auth/playwright when set. */
  playwright_auth_secret?: string;
  /** Single sign-on through an OpenID Connect provider (discovery at its /.well-known/openid-configuration): on when
   * issuer and client id are set. */
  oidc_issuer?: string;
  oidc_client_id?: string;
  oidc_client_secret?: string;
  /** The single sign-on button's text. */
  oidc_label: string;
  /** Where uploaded files are kept (outside any served folder). */
  upload_dir: string;
  /** Uploads on disk under upload_dir (default), or in the database (every instance sees them). */
  upload_storage: 'disk' | 'database';
  /** Largest upload, in bytes. */
  upload_max_bytes: number;
  /** Public base URL used in links sent by mail. */
  public_url: string;
  /** Feature flags on at first start (comma list), e.g. program-explorer. */
  feature_flags: string[];
  /** Seed demo data into an empty database. */
  seed_demo: boolean;
  /**
   * PostgreSQL: how long an instance trusts a session it has checked before looking at the tokens table again (a
   * sign-out on another instance reaches it at once by NOTIFY: server/services/auth.service.ts).
   */
  session_cache_ms: number;
  /** Mail is also sent over SMTP (nodemailer URL, e.g. smtp://user:pass@host:587) by the background worker when set. */
  smtp_url?: string;
  /** The From of mail sent over SMTP. */
  mail_from: string;
  /** The utility data service's base URL (energy usage collection); unset, `npm start` runs the simulated utility
   * beside the portal. */
  utility_data_url?: string;
  /** The accounts-payment system's base URL (payables); unset, `npm start` runs the simulated AP system beside the
   * portal. */
  ap_url?: string;
  /** DOE's tracking tool's base URL (federal reporting of the programs with `reporting:`); unset, `npm start` runs the
   * simulated tool beside the portal; in production, records wait unsent. */
  reporting_url?: string;
  /** The portal's certificate (PKCS#12) sealing signed PDFs, and its passphrase; unset: a self-signed one. */
  signing_certificate_path?: string;
  signing_certificate_passphrase?: string;
}

/** UPLOAD_STORAGE: disk (unset or empty) or database; anything else stops the start with a clear message. */
function uploadStorage(v: string | undefined): Config['upload_storage'] {
  if (!v || v === 'disk') return 'disk';
  if (v === 'database') return 'database';
  throw new Error(`UPLOAD_STORAGE must be 'disk' or 'database', not '${v}'`);
}

/** Reads the configuration from an environment. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = env.DATA_DIR ?? 'data';
  return {
    port: Number.isInteger(port) && port >= 0 ? port : 3000,
    host: env.HOST ?? '127.0.0.1',
    database_url: env.DATABASE_URL ?? `sqlite:${join(dataDir, 'rebate.db')}`,
    database_schema: env.DATABASE_SCHEMA || undefined,
    app_env: env.APP_ENV ?? 'development',
    playwright_auth_secret: env.PLAYWRIGHT_AUTH_SECRET || undefined,
    oidc_issuer: env.OIDC_ISSUER || undefined,
    oidc_client_id: env.OIDC_CLIENT_ID || undefined,
    oidc_client_secret: env.OIDC_CLIENT_SECRET || undefined,
    oidc_label: env.OIDC_LABEL || 'Sign in with Google',
    upload_dir: env.UPLOAD_DIR ?? join(dataDir, 'uploads'),
    upload_storage: uploadStorage(env.UPLOAD_STORAGE),
    upload_max_bytes: Number(env.UPLOAD_MAX_BYTES ?? 15 * 1024 * 1024),
    public_url: env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    feature_flags: (env.FEATURE_FLAGS ?? 'program-explorer')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    seed_demo: env.SEED_DEMO !== 'false',
    session_cache_ms: Math.max(0, Number(env.SESSION_CACHE_MS ?? 5000) || 0),
    smtp_url: env.SMTP_URL || undefined,
    mail_from: env.MAIL_FROM || 'Rebate portal <no-reply@rebate.invalid>',
    utility_data_url: env.UTILITY_DATA_URL || undefined,
    ap_url: env.AP_URL || undefined,
    reporting_url: env.REPORTING_URL || undefined,
    signing_certificate_path: env.SIGNING_CERTIFICATE_PATH || undefined,
    signing_certificate_passphrase: env.SIGNING_CERTIFICATE_PASSPHRASE || undefined,
  };
}
