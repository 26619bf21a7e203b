/**
 * Remembered client preferences (spec sect. 3) in localStorage, with typed keys and the spec's
 * defaults: jobs per page 10, contractors per page 25. The ones the Preferences screen edits are kept
 * on the server too (SERVER_KEPT): a change here is sent there, and a sign-in takes the server's copies,
 * so the tab order and SLA days a user saved follow them to another browser.
 */

import { useCallback, useSyncExternalStore } from 'react';
import { PREFERENCE_DEFAULTS } from '../../engine/constants.ts';
import type { Preferences } from '../../engine/api/admin-requests.ts';
import { api } from './api-client.ts';
import { getSession } from './session.ts';

/** Every remembered preference and its default (written once, in engine/constants.ts). */
export { PREFERENCE_DEFAULTS };
/** A preference key. */
export type PreferenceKey = keyof typeof PREFERENCE_DEFAULTS;

const PREFIX = 'rebate.pref.';
const listeners = new Set<() => void>();
/** The preferences the Preferences screen edits (task-schemas/user_preferences): kept on the server too. */
export const SERVER_KEPT = [
  'bucket_order',
  'sla_days_in_stage',
  'jobs_per_page',
  'contractors_per_page',
  'sidebar_open',
] as const satisfies readonly PreferenceKey[];
const isServerKept = (key: string) => (SERVER_KEPT as readonly string[]).includes(key);
/** When each preference was last changed here (a sign-in's copies never overwrite a newer change). */
const changedAt = new Map<string, number>();
/** Which sign-in this browser last took the server's copies for (the end of its token). */
const SYNCED_KEY = 'rebate.pref_synced';

function store(key: string, value: unknown): void {
  localStorage.setItem(PREFIX + key, JSON.stringify(value));
}
function notify(): void {
  for (const l of listeners) l();
}

/** Reads a preference (the default when absent or unreadable). */
export function readPreference<K extends PreferenceKey>(key: K): (typeof PREFERENCE_DEFAULTS)[K] {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? PREFERENCE_DEFAULTS[key] : (JSON.parse(raw) as (typeof PREFERENCE_DEFAULTS)[K]);
  } catch {
    return PREFERENCE_DEFAULTS[key];
  }
}

/** Writes a preference and tells subscribers; one the server keeps is sent there too (signed in). */
export function writePreference<K extends PreferenceKey>(key: K, value: (typeof PREFERENCE_DEFAULTS)[K]): void {
  store(key, value);
  changedAt.set(key, Date.now());
  notify();
  if (isServerKept(key) && getSession())
    void api<Preferences>('PUT', '/api/preferences', { body: { [key]: value }, ignoreErrors: [422] }).catch(
      () => undefined,
    );
}

/** Remembers preferences the server answered (after a save, or at sign-in), without sending them back. */
export function rememberPreferences(values: Partial<Record<PreferenceKey, unknown>>): void {
  for (const [key, value] of Object.entries(values)) if (value !== undefined) store(key, value);
  notify();
}

/**
 * Once per sign-in: this browser takes the server's copies of the preferences it keeps (a preference
 * changed here since the call started keeps its new value).
 */
export async function syncPreferencesAtSignIn(token: string): Promise<void> {
  const mark = token.slice(-16);
  if (localStorage.getItem(SYNCED_KEY) === mark) return;
  const started = Date.now();
  const prefs = await api<Preferences>('GET', '/api/preferences');
  rememberPreferences(
    Object.fromEntries(SERVER_KEPT.filter((k) => (changedAt.get(k) ?? 0) < started).map((k) => [k, prefs[k]])),
  );
  localStorage.setItem(SYNCED_KEY, mark);
}

const cache = new Map<string, { raw: string | null; value: unknown }>();

/** A remembered preference as React state. */
export function usePreference<K extends PreferenceKey>(
  key: K,
): [(typeof PREFERENCE_DEFAULTS)[K], (v: (typeof PREFERENCE_DEFAULTS)[K]) => void] {
  const value = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => {
      // Return a stable object while the stored text is unchanged (useSyncExternalStore compares by identity).
      const raw = localStorage.getItem(PREFIX + key);
      const hit = cache.get(key);
      if (hit && hit.raw === raw) return hit.value as (typeof PREFERENCE_DEFAULTS)[K];
      const v = readPreference(key);
      cache.set(key, { raw, value: v });
      return v;
    },
  );
  const set = useCallback((v: (typeof PREFERENCE_DEFAULTS)[K]) => writePreference(key, v), [key]);
  return [value, set];
}
