/**
 * The page title of every layout: what the page shows (its subject, when it names one), the deepest
 * route's title, then the product suffix: "Hana Homeowner (K7P2Q) · Basic details | Rebate Portal".
 */

import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { TITLE_SUFFIX } from '../../config/paths.ts';
import { useCurrentPageSubject } from '../../lib/page-subject.ts';

/** The document title of a route title and a page's subject (said once when they are the same). */
export function documentTitle(routeTitle: string | undefined, subject?: string): string {
  const parts = [subject, routeTitle].filter((p, i, all): p is string => !!p && all.indexOf(p) === i);
  return `${parts.join(' · ') || 'Rebate Portal'}${TITLE_SUFFIX}`;
}

/** Sets document.title from the matched routes' handles and the page's subject; answers the matches. */
export function usePageTitle() {
  const matches = useMatches();
  const subject = useCurrentPageSubject();
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as { title?: string } | undefined)?.title)
    .find(Boolean);
  useEffect(() => {
    document.title = documentTitle(title, subject);
  }, [title, subject]);
  return matches;
}
