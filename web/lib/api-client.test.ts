/**
 * The client's answer to a 401 (spec sect. 8): while signed in, one toast however many calls fail, and
 * after 5 s the sign-out, which returns to this page once signed in again; with no token (another tab
 * removed it), the app hears that the session is gone; a wrong password is the form's business.
 */

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toasts: string[] = [];
vi.mock('./toaster.ts', () => ({ errorToast: (m: string) => void toasts.push(m), successToast: () => undefined }));

const { api, CLIENT_MESSAGES } = await import('./api-client.ts');
const { getSession, setSession, subscribeSession } = await import('./session.ts');

const user = { id: 1, email: 'a@b.test', name: 'A', role: 'contractor' as const, contractor_id: 1 };
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  toasts.length = 0;
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ detail: 'Unauthorized' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, pathname: '/42', search: '?tab=history', hash: '', assign });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setSession(null);
});

describe('a 401', () => {
  it('while signed in: one toast for many calls, then sign-out after 5 s that comes back to this page', async () => {
    setSession({ token: 't', user });
    const calls = await Promise.allSettled([
      api('GET', '/api/jobs'),
      api('GET', '/api/config'),
      api('GET', '/api/jobs/42'),
    ]);
    expect(calls.every((c) => c.status === 'rejected')).toBe(true);
    expect(toasts).toEqual([CLIENT_MESSAGES.permissions]);
    vi.advanceTimersByTime(4999);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(`/logout?redirect=${encodeURIComponent('/42?tab=history')}`);
  });

  it('with no token: the session is reported gone, no toast', async () => {
    let heard = 0;
    const off = subscribeSession(() => void (heard += 1));
    await expect(api('GET', '/api/jobs')).rejects.toMatchObject({ status: 401 });
    off();
    expect(heard).toBe(1);
    expect(getSession()).toBeNull();
    expect(toasts).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(assign).not.toHaveBeenCalled();
  });

  it.each(['/api/auth/login', '/api/auth/logout', '/api/auth/token'])(
    'from %s (wrong credentials, or signing out) signs nobody out',
    async (path) => {
      setSession({ token: 't', user });
      await expect(api('POST', path, { ignoreErrors: [401] })).rejects.toMatchObject({ status: 401 });
      vi.advanceTimersByTime(10_000);
      expect(assign).not.toHaveBeenCalled();
      expect(toasts).toEqual([]);
    },
  );
});

describe('another tab', () => {
  it('removing the session is heard here', () => {
    setSession({ token: 't', user });
    let heard = 0;
    const off = subscribeSession(() => void (heard += 1));
    localStorage.removeItem('rebate.session');
    window.dispatchEvent(new StorageEvent('storage', { key: 'rebate.session', oldValue: '{}', newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'rebate.other', newValue: 'x' }));
    off();
    expect(heard).toBe(1);
    expect(getSession()).toBeNull();
  });
});
