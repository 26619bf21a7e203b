/**
 * What the page shows, for the browser tab's title: a page names its subject (a job's homeowner and
 * code, a contractor's name) and the shell's title reads "<subject> · <route title> | Rebate Portal".
 * One subject at a time: the page that shows sets it, and clears it when it goes.
 */

import { useEffect, useSyncExternalStore } from 'react';

let subject: string | undefined;
const listeners = new Set<() => void>();

function setSubject(next: string | undefined): void {
  if (next === subject) return;
  subject = next;
  for (const l of listeners) l();
}

/** Names what the page shows while it is mounted (undefined: names nothing, e.g. while it loads). */
export function usePageSubject(next: string | undefined): void {
  useEffect(() => {
    if (!next) return;
    setSubject(next);
    return () => setSubject(undefined);
  }, [next]);
}

/** The subject the showing page named. */
export function useCurrentPageSubject(): string | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => subject,
  );
}
