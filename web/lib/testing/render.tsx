/**
 * The web app's component-test harness: a fetch that answers by method and path (and records what was
 * asked), a fresh query client, and a memory router at a given address; settle and click.
 */

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Answer =
  { status?: number; body?: unknown } | ((init: RequestInit | undefined) => { status?: number; body?: unknown });
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** Answers `METHOD /path` from the table (a list is served in order, its last entry repeated). */
export function mockApi(table: Record<string, Answer | Answer[]>) {
  const calls: Call[] = [];
  const served: Record<string, number> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(String(input), 'http://localhost').pathname;
      const key = `${method} ${path}`;
      calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const entry = table[key];
      if (!entry)
        return new Response(JSON.stringify({ code: 'not_found', detail: `No answer for ${key}` }), { status: 404 });
      const list = Array.isArray(entry) ? entry : [entry];
      const i = Math.min(served[key] ?? 0, list.length - 1);
      served[key] = (served[key] ?? 0) + 1;
      const a = list[i];
      const { status = 200, body } = typeof a === 'function' ? a(init) : a;
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls, count: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).length };
}

export interface Mounted {
  host: HTMLElement;
  /** The page's query client (a test plays the change feed: web/lib/live.ts refreshJobs). */
  client: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
  text: () => string;
  unmount: () => Promise<void>;
}

/** Renders `element` (or a route `Component` at `path`, or whole `routes`) at `at`, inside a fresh query client. */
export async function mount(opts: {
  at: string;
  path?: string;
  Component?: ComponentType;
  element?: ReactNode;
  routes?: RouteObject[];
}): Promise<Mounted> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routes = opts.routes ?? [{ path: opts.path, Component: opts.Component, element: opts.element }];
  const router = createMemoryRouter(routes, { initialEntries: [opts.at] });
  const host = document.createElement('div');
  document.body.appendChild(host);
  let root: Root;
  await act(async () => {
    root = createRoot(host);
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  await settle();
  return {
    host,
    client,
    router,
    text: () => host.textContent ?? '',
    unmount: async () => {
      await act(async () => root.unmount());
      host.remove();
      client.clear();
      // A task React's scheduler still holds runs now, while the DOM is here, not after the environment is gone.
      await act(async () => {
        if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
        else await new Promise((r) => setTimeout(r, 0));
      });
    },
  };
}

/**
 * Lets fetches answer and React render. With fake timers: moves the clock by `ms`, then a few
 * milliseconds more at a time for the answers to be read and rendered.
 */
export async function settle(ms = 0) {
  const fake = vi.isFakeTimers();
  for (let i = 0; i < 10; i++) {
    await act(async () => {
      if (fake) await vi.advanceTimersByTimeAsync(i === 0 ? ms : 10);
      else await new Promise((r) => setTimeout(r, 0));
    });
  }
}

/** A button by its text. */
export function button(root: ParentNode, text: string): HTMLButtonElement {
  const b = Array.from(root.querySelectorAll('button')).find((x) => x.textContent?.trim() === text);
  if (!b) throw new Error(`No button "${text}"`);
  return b as HTMLButtonElement;
}

export const hasButton = (root: ParentNode, text: string) =>
  Array.from(root.querySelectorAll('button')).some((x) => x.textContent?.trim() === text);

export async function click(el: Element) {
  await act(async () => void (el as HTMLElement).click());
  await settle();
}
