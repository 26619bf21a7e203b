/** A homeowner's jobs: one card per job (address, program, stage) that opens it. */

import { Classes, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useJobs } from '../api/list-jobs.ts';

export function HomeownerJobs() {
  const jobs = useJobs(false, { per_page: 100, sort_by: 'created_at', sort_direction: 'desc' });
  const items = jobs.data?.items;
  return (
    <div className="homeowner-jobs">
      <div className="page-header">
        <h1>Your jobs</h1>
      </div>
      {!items ? (
        jobs.isError ? (
          <NonIdealState
            className="page-state"
            icon="error"
            title="Your jobs could not be loaded."
            description="Please try refreshing the page."
          />
        ) : (
          <Spinner className="page-state" aria-label="Loading" />
        )
      ) : items.length === 0 ? (
        <NonIdealState
          className="page-state"
          icon="inbox"
          title="You have no jobs yet."
          description="Your contractor creates the job for your home; it shows here once they have."
        />
      ) : (
        items.map((j) => (
          // A card's look without the Card component: the list's first load stays light.
          <Link key={j.id} to={`/${j.id}`} className={`homeowner-job ${Classes.CARD} ${Classes.INTERACTIVE}`}>
            <strong>{[j.address, j.city].filter(Boolean).join(', ')}</strong>
            <div className="homeowner-job-tags">
              <Tag minimal>{j.program.name}</Tag>
              {j.is_canceled ? (
                <Tag minimal intent="danger">
                  Canceled
                </Tag>
              ) : (
                <Tag minimal intent="primary">
                  {j.stage.label}
                </Tag>
              )}
              {j.contractor && <span className="muted">{j.contractor}</span>}
            </div>
          </Link>
        ))
      )}
    </div>
  );
}
