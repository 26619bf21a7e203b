/**
 * The signed-in session, kept in localStorage so a reload stays signed in. Another tab that signs out,
 * signs in as someone else or has its storage cleared changes it here too (the `storage` event), so
 * this tab goes to sign-in instead of sending requests without a token.
 */

import type { SessionUser } from '../../engine/api/auth.ts';

/** The signed-in user: the answer contract's type (engine/api/auth.ts). */
export type { SessionUser } from '../../engine/api/auth.ts';

const KEY = 'rebate.session';
type Listener = () => void;
const listeners = new Set<Listener>();

/** The stored session, if any. */
export function getSession(): { token: string; user: SessionUser } | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** Stores or clears the session and tells subscribers. */
export function setSession(s: { token: string; user: SessionUser } | null): void {
  if (s) localStorage.setItem(KEY, JSON.stringify(s));
  else localStorage.removeItem(KEY);
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    // key null: the other tab cleared the whole storage.
    if (e.key === KEY || e.key === null) for (const l of listeners) l();
  });
}

/** Subscribes to session changes (for useSyncExternalStore). */
export function subscribeSession(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
