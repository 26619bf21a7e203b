/**
 * Remembered client preferences (spec sect. 3) in localStorage, with typed keys and the spec's
 * defaults: jobs per page 10, contractors per page 25.
 */

import { useCallback, useSyncExternalStore } from 'react';
import { PREFERENCE_DEFAULTS } from '../../engine/constants.ts';

/** Every remembered preference and its default (written once, in engine/constants.ts). */
export { PREFERENCE_DEFAULTS };
/** A preference key. */
export type PreferenceKey = keyof typeof PREFERENCE_DEFAULTS;

const PREFIX = 'rebate.pref.';
const listeners = new Set<() => void>();

/** Reads a preference (the default when absent or unreadable). */
export function readPreference<K extends PreferenceKey>(key: K): (typeof PREFERENCE_DEFAULTS)[K] {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? PREFERENCE_DEFAULTS[key] : (JSON.parse(raw) as (typeof PREFERENCE_DEFAULTS)[K]);
  } catch {
    return PREFERENCE_DEFAULTS[key];
  }
}

/** Writes a preference and tells subscribers. */
export function writePreference<K extends PreferenceKey>(key: K, value: (typeof PREFERENCE_DEFAULTS)[K]): void {
  localStorage.setItem(PREFIX + key, JSON.stringify(value));
  for (const l of listeners) l();
}

const cache = new Map<string, { raw: string | null; value: unknown }>();

/** A remembered preference as React state. */
export function usePreference<K extends PreferenceKey>(key: K): [(typeof PREFERENCE_DEFAULTS)[K], (v: (typeof PREFERENCE_DEFAULTS)[K]) => void] {
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
