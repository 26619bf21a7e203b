/**
 * External services behind adapters, each with a local implementation that works with no network:
 * mail (an outbox table ops can read), geocoding (a seeded places table), utility data, accounts payment
 * and file storage. E-signature is the portal's own (server/workflows/signing/documents.service.ts): documents,
 * invites by mail, the signing page and the signed PDFs need no outside party. Single sign-on (OpenID Connect) is off
 * unless configured.
 */

import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Q } from '../db/portable.ts';
import { queueMail } from '../db/settings.db.ts';
import { getPlace } from '../db/places.db.ts';
import { enqueueWork } from '../db/work.db.ts';
import { MAIL_WORK } from './mail.ts';
import type { JobSite } from '../../engine/index.ts';
import { httpUtilityData, type UtilityDataAdapter } from './utility-data.ts';
import { httpTracking, type TrackingAdapter } from './tracking.ts';
import { httpPayments, PaymentsError, type PaymentsAdapter } from './payments.ts';
import { openIdConnect, type OidcAdapter, type OidcSettings } from './oidc.ts';

export type { OidcAdapter, PaymentsAdapter };

/** Sends mail; `db` puts the message in the caller's transaction (sent only if it commits). */
export interface MailAdapter {
  send(message: { to: string; subject: string; body: string }, db?: Q): Promise<void>;
}

/** Resolves a place id (from an address autocomplete) to a site. */
export interface GeocodingAdapter {
  resolve(placeId: string): Promise<(JobSite & { place_id: string }) | undefined>;
}

/** Stores uploaded files under generated names, outside any served folder. */
export interface FileStorageAdapter {
  put(bytes: Buffer): Promise<string>;
  get(name: string): Promise<Buffer | undefined>;
  remove(name: string): Promise<void>;
}

/** Every adapter the app uses. */
export interface Adapters {
  mail: MailAdapter;
  geocoding: GeocodingAdapter;
  files: FileStorageAdapter;
  payments: PaymentsAdapter;
  /** DOE's tracking tool (REPORTING_URL); absent, federal report records wait unsent. */
  tracking?: TrackingAdapter;
  /** Single sign-on at the OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID); absent, it is off. */
  oidc?: OidcAdapter;
  /** The utility data service (UTILITY_DATA_URL); absent, usage collection records that none is configured. */
  usage?: UtilityDataAdapter;
}

/**
 * Mail: always a row in the outbox table (written by the store's own connection, after the write that
 * sends it); with `deliver`, also a work item for the background worker, which sends it over SMTP
 * (server/adapters/mail.ts): never inside the request.
 */
export function outboxMail(db: Q, now: () => Date, deliver = false): MailAdapter {
  return {
    send: async (m, q = db) => {
      const at = now();
      const id = await queueMail(q, { ...m, at: at.toISOString() });
      if (deliver)
        await enqueueWork(q, { kind: MAIL_WORK, key: `mail:outbox:${id}`, payload: { outbox_id: id }, now: at });
    },
  };
}

/** Local geocoding: the seeded places table. */
export function tableGeocoding(db: Q): GeocodingAdapter {
  return {
    resolve: async (placeId) => {
      const row = await getPlace(db, placeId);
      if (!row) return undefined;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) if (v !== null) out[k] = v;
      return out as unknown as JobSite & { place_id: string };
    },
  };
}

/** Local file storage: a folder, random names (never the client's). */
export function diskFiles(dir: string): FileStorageAdapter {
  mkdirSync(dir, { recursive: true });
  const path = (name: string) => {
    if (!/^[a-f0-9]{32}$/.test(name)) throw new Error('bad stored name');
    return join(dir, name);
  };
  return {
    put: async (bytes) => {
      const name = storedName();
      writeFileSync(path(name), bytes);
      return name;
    },
    get: async (name) => (existsSync(path(name)) ? readFileSync(path(name)) : undefined),
    remove: async (name) => rmSync(path(name), { force: true }),
  };
}

/** A new stored name: random, never the client's. */
const storedName = () => randomBytes(16).toString('hex');

/**
 * File storage in the database (UPLOAD_STORAGE=database): rows of stored_files, so every instance
 * sharing the database sees every upload. Written by the store's own connection, before the attachment
 * row that refers to it (a failed attachment write removes it again), as the disk storage does.
 */
export function databaseFiles(db: Q, now: () => Date): FileStorageAdapter {
  return {
    put: async (bytes) => {
      const name = storedName();
      await db.insertInto('stored_files').values({ name, bytes, created_at: now().toISOString() }).execute();
      return name;
    },
    get: async (name) => {
      const row = await db.selectFrom('stored_files').select('bytes').where('name', '=', name).executeTakeFirst();
      return row ? Buffer.from(row.bytes) : undefined;
    },
    remove: async (name) => {
      await db.deleteFrom('stored_files').where('name', '=', name).execute();
    },
  };
}

/** No accounts-payment system configured: every call says so (the worker retries; finance records payments by hand). */
export function unconfiguredPayments(): PaymentsAdapter {
  const none = () =>
    Promise.reject(new PaymentsError('unavailable', 'no accounts-payment system is configured (AP_URL is not set)'));
  return { createPayable: none, getPayable: none };
}

/** The local adapters (mail also over SMTP, through the worker, when `smtp` is set; files on disk or in the database;
 * single sign-on when `oidc` is given). */
export function localAdapters(
  db: Q,
  uploadDir: string,
  now: () => Date,
  o: {
    smtp?: boolean;
    files?: 'disk' | 'database';
    utility_data_url?: string;
    ap_url?: string;
    reporting_url?: string;
    oidc?: OidcSettings;
  } = {},
): Adapters {
  const files = o.files === 'database' ? databaseFiles(db, now) : diskFiles(uploadDir);
  const usage = o.utility_data_url ? httpUtilityData(o.utility_data_url) : undefined;
  return {
    mail: outboxMail(db, now, o.smtp),
    geocoding: tableGeocoding(db),
    files,
    payments: o.ap_url ? httpPayments(o.ap_url) : unconfiguredPayments(),
    ...(o.reporting_url ? { tracking: httpTracking(o.reporting_url) } : {}),
    ...(usage ? { usage } : {}),
    ...(o.oidc ? { oidc: openIdConnect(o.oidc) } : {}),
  };
}
