import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { getSession, subscribeSession } from '../lib/session.ts';

/** One query client: no retries on client errors (4xx), one retry otherwise. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 15_000,
    },
  },
});

// Another user (or nobody) now holds this browser's session, here or in another tab: nothing cached
// for the previous one may show.
let token = getSession()?.token ?? null;
subscribeSession(() => {
  const next = getSession()?.token ?? null;
  if (next === token) return;
  if (token !== null) queryClient.clear();
  token = next;
});

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
