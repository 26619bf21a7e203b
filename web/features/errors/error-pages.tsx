/** The 'not found' and 'unexpected' pages (spec sect. 8), each with contact-us and return-to-job-list links. */

import { NonIdealState } from '@blueprintjs/core';
import { Link, useRouteError } from 'react-router-dom';
import { SUPPORT_EMAIL } from '../../config/paths.ts';

/** The spec's page messages. */
export const PAGE_MESSAGES = {
  unexpected: 'Uh oh, something went wrong. Please try refreshing the page.',
  unexpected_advice: 'If the problem continues, contact support or try again later.',
  not_found: 'Cannot find page. Please return to job list.',
} as const;

function Links() {
  return (
    <div className="error-links">
      <a href={`mailto:${SUPPORT_EMAIL}`} className="bp6-button bp6-minimal">
        Contact us
      </a>
      <Link to="/" className="bp6-button bp6-intent-primary">
        Return to job list
      </Link>
    </div>
  );
}

export function NotFoundPage() {
  return <NonIdealState className="page-state" icon="search" title={PAGE_MESSAGES.not_found} action={<Links />} />;
}

export function UnexpectedPage() {
  return (
    <NonIdealState
      className="page-state"
      icon="error"
      title={PAGE_MESSAGES.unexpected}
      description={PAGE_MESSAGES.unexpected_advice}
      action={<Links />}
    />
  );
}

/** The router's error element: a thrown 404 reads as not found, anything else as unexpected. */
export function RouteErrorPage() {
  const err = useRouteError() as { status?: number } | undefined;
  return err?.status === 404 ? <NotFoundPage /> : <UnexpectedPage />;
}

export { NotFoundPage as Component };
