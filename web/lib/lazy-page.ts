/**
 * Lazy pages: a failed chunk fetch (a new deploy removed the old file) reloads the app once
 * (spec sect. 2); a second failure in a row is shown as the unexpected-error page.
 */

const FLAG = 'rebate.chunk-reload';

/** Wraps a page import for react-router's `lazy`. */
export function lazyPage<T extends { Component: React.ComponentType }>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      const mod = await load();
      sessionStorage.removeItem(FLAG);
      return mod;
    } catch (e) {
      if (!sessionStorage.getItem(FLAG)) {
        sessionStorage.setItem(FLAG, '1');
        window.location.reload();
        return new Promise<T>(() => undefined);
      }
      throw e;
    }
  };
}
