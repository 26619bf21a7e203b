/**
 * The homeowner's page, state by state: the heading (program and job), the progress of the three things
 * that happen, and the pages of a dead link or a page that did not load.
 */

import { Button, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { MOVING_STATES, type ConnectState, type ConnectView } from '../api/get-connect-view.ts';
import { CONNECT_PROGRESS, CONNECT_TEXT } from './usage-text.ts';

export function ConnectHeading({ view }: { view: ConnectView }) {
  return (
    <header className="connect-heading">
      <h1>{CONNECT_TEXT.title}</h1>
      <div className="connect-meta">
        <span>{view.program_name}</span>
        <span className="connect-meta-code">Job {view.job_code}</span>
        {view.homeowner_name && <span>{view.homeowner_name}</span>}
      </div>
    </header>
  );
}

/** How far along the three steps are: the index of the one under way (3: all done). */
const CURRENT: Record<ConnectState, number> = {
  connect: 0,
  retry: 0,
  verifying: 1,
  collecting: 2,
  complete: 3,
  declined: 0,
};

export function ConnectProgress({ state }: { state: ConnectState }) {
  const current = CURRENT[state];
  const moving = MOVING_STATES.includes(state);
  return (
    <ol className="connect-progress" aria-label="Progress">
      {CONNECT_PROGRESS.map((label, i) => {
        const done = i < current;
        const now = i === current;
        return (
          <li
            key={label}
            className={`connect-progress-step${done ? ' connect-progress-done' : ''}${now ? ' connect-progress-now' : ''}`}
            aria-current={now ? 'step' : undefined}
          >
            <span className="connect-progress-mark">
              {done ? (
                <Icon icon="tick-circle" intent="success" />
              ) : now && moving ? (
                <Spinner size={16} aria-label="Under way" />
              ) : now ? (
                <Icon icon="arrow-right" intent="primary" />
              ) : (
                <Icon icon="circle" className="muted" />
              )}
            </span>
            <span>{label}</span>
            <span className="muted connect-progress-state">{done ? 'Done' : now && moving ? 'Under way' : ''}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** A link that is unknown or replaced (404), expired (410), or a page that did not load (with Try again). */
export function ConnectGone({
  title,
  detail,
  expired,
  onRetry,
}: {
  title: string;
  detail: string;
  expired?: boolean;
  onRetry?: () => void;
}) {
  return (
    <NonIdealState
      className="page-state connect-gone"
      icon={onRetry ? 'error' : expired ? 'time' : 'lock'}
      title={title}
      description={detail}
      action={onRetry && <Button text="Try again" icon="refresh" onClick={onRetry} />}
    />
  );
}
