/** What a detail page shows before it has its record: a spinner, 'not found' with a way back, or the error. */

import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { ApiError, CLIENT_MESSAGES } from '../api-client.ts';

export interface LoadStateProps {
  error: unknown;
  /** e.g. 'Contractor not found' */
  notFoundTitle: string;
  back: { to: string; label: string };
}

/** Shows the loading state (error null) or the failure of a record's query. */
export function LoadState({ error, notFoundTitle, back }: LoadStateProps) {
  if (!error) return <Spinner className="page-state" aria-label="Loading" />;
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <NonIdealState
      className="page-state"
      icon={notFound ? 'search' : 'error'}
      title={notFound ? notFoundTitle : error instanceof ApiError ? error.message : CLIENT_MESSAGES.unexpected}
      action={
        <Link to={back.to} className="bp6-button">
          {back.label}
        </Link>
      }
    />
  );
}
