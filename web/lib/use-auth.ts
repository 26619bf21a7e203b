/** The signed-in user as React state; sign-in and sign-out. */

import { useSyncExternalStore } from 'react';
import { api } from './api-client.ts';
import type { Session } from '../../engine/api/auth.ts';
import { getSession, setSession, subscribeSession, type SessionUser } from './session.ts';

let snapshot = getSession();
subscribeSession(() => {
  snapshot = getSession();
});

/** The current session (null when signed out). */
export function useSession() {
  return useSyncExternalStore(subscribeSession, () => snapshot);
}

/** Signs in with email and password; a 401 is shown by the form, not as a toast. */
export async function signIn(email: string, password: string): Promise<SessionUser> {
  const r = await api<Session>('POST', '/api/auth/login', { body: { email, password }, ignoreErrors: [401, 429] });
  setSession({ token: r.token, user: r.user });
  return r.user;
}

/** Signs in with a one-time token (a link minted by ops). */
export async function signInWithToken(token: string): Promise<SessionUser> {
  const r = await api<Session>('POST', '/api/auth/token', { body: { token }, ignoreErrors: [401] });
  setSession({ token: r.token, user: r.user });
  return r.user;
}

/** The automated-testing sign-in. */
export async function signInForTesting(token: string, email: string): Promise<SessionUser> {
  const r = await api<Session>('POST', '/api/auth/playwright', { body: { token, email }, ignoreErrors: [401] });
  setSession({ token: r.token, user: r.user });
  return r.user;
}

/** Signs out (the server revokes the token). */
export async function signOut(): Promise<void> {
  if (getSession()) await api<void>('POST', '/api/auth/logout', { ignoreErrors: [401] }).catch(() => undefined);
  setSession(null);
}
