/** The page title of every layout: the deepest route's title followed by the product suffix. */

import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { TITLE_SUFFIX } from '../../config/paths.ts';

/** Sets document.title from the matched routes' handles; answers the matches. */
export function usePageTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().map((m) => (m.handle as { title?: string } | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = `${title ?? 'Rebate Portal'}${TITLE_SUFFIX}`;
  }, [title]);
  return matches;
}
