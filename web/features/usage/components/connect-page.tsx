/**
 * The homeowner's energy usage page (/connect/:token): no sign-in, no shell; the invite mail's link is
 * the credential. By where the collection stands: connect (what is shared, that the password is typed on
 * the utility's own page, consent, connect or upload bills instead), verifying and collecting (progress,
 * read again every 2 s), retry (what to do next, and connect again), complete, declined. A dead link is a
 * calm page with the server's words. Back from the utility's page the address carries
 * ?authorization=<id>; the server already knows it, so the page simply reads where things stand.
 */

import { Callout, ProgressBar, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useConnectView, type ConnectView } from '../api/get-connect-view.ts';
import { ConnectForm } from './connect-form.tsx';
import { ConnectGone, ConnectHeading, ConnectProgress } from './connect-states.tsx';
import { CONNECT_TEXT, goneOf, messageOf } from './usage-text.ts';
import '../usage.css';
import { PublicBrand } from '../../../lib/components/public-brand.tsx';

function Explain() {
  return (
    <div className="connect-explain">
      <h2>{CONNECT_TEXT.what_shared_title}</h2>
      <p>{CONNECT_TEXT.what_shared}</p>
      <h2>{CONNECT_TEXT.password_title}</h2>
      <p>{CONNECT_TEXT.password}</p>
    </div>
  );
}

/** The page of one state of the collection. */
function StateCard({ view, token }: { view: ConnectView; token: string }) {
  switch (view.state) {
    case 'connect':
      return (
        <section className="connect-card" aria-label="Connect your utility account">
          <p className="connect-lead">{view.message}</p>
          <Explain />
          {view.can_connect && <ConnectForm token={token} canDecline />}
        </section>
      );
    case 'retry':
      return (
        <section className="connect-card" aria-label="Connect your utility account">
          <Callout intent="warning" icon="warning-sign" title={CONNECT_TEXT.retry_title} className="connect-callout">
            {view.message}
          </Callout>
          <p className="muted connect-small">{CONNECT_TEXT.password}</p>
          {view.can_connect && <ConnectForm token={token} canDecline />}
        </section>
      );
    case 'verifying':
      return (
        <section className="connect-card" aria-live="polite">
          <h2>{CONNECT_TEXT.verifying_title}</h2>
          <ConnectProgress state={view.state} />
          <p role="status" className="connect-lead">
            {view.message}
          </p>
        </section>
      );
    case 'collecting':
      return (
        <section className="connect-card" aria-live="polite">
          <h2>{CONNECT_TEXT.collecting_title}</h2>
          <ConnectProgress state={view.state} />
          <ProgressBar intent="primary" className="connect-bar" aria-label="Collecting" />
          <p role="status" className="connect-lead">
            {view.message}
          </p>
        </section>
      );
    case 'complete':
      return (
        <section className="connect-card" aria-live="polite">
          <ConnectProgress state={view.state} />
          <Callout intent="success" icon="tick-circle" title={CONNECT_TEXT.complete_title} className="connect-callout">
            {view.message}
          </Callout>
        </section>
      );
    case 'declined':
      return (
        <section className="connect-card" aria-live="polite">
          <Callout intent="none" icon="upload" title={CONNECT_TEXT.declined_title} className="connect-callout">
            {view.message}
          </Callout>
          {view.can_connect && (
            <>
              <p className="connect-lead">{CONNECT_TEXT.changed_mind}</p>
              <ConnectForm token={token} canDecline={false} />
            </>
          )}
        </section>
      );
  }
}

function Body({ token }: { token: string }) {
  // The utility's page sends the homeowner back with ?authorization=<id>: the first read asks the server to
  // look at the sign-in now; then the address is cleaned, so later reads (and a reload) do not ask again.
  const [search, setSearch] = useSearchParams();
  const returned = search.has('authorization');
  const view = useConnectView(token, returned);
  useEffect(() => {
    if (returned && view.data) setSearch({}, { replace: true });
  }, [returned, view.data, setSearch]);
  const dead = goneOf(view.error);
  if (dead) return <ConnectGone title={dead.title} detail={dead.detail} expired={dead.expired} />;
  if (!view.data) {
    if (view.error)
      return (
        <ConnectGone
          title={CONNECT_TEXT.load_failed}
          detail={CONNECT_TEXT.load_failed_advice}
          onRetry={() => void view.refetch()}
        />
      );
    return <Spinner className="page-state" aria-label="Loading" />;
  }
  return (
    <div className="connect-column">
      <ConnectHeading view={view.data} />
      {view.error && (
        <Callout intent="warning" icon="time" compact title={CONNECT_TEXT.refresh_failed}>
          {messageOf(view.error)}
        </Callout>
      )}
      {/* A new state starts with a fresh form (consent unticked, no old refusal). */}
      <StateCard key={view.data.state} view={view.data} token={token} />
    </div>
  );
}

export function Component() {
  const { token = '' } = useParams();
  return (
    <div className="connect-page">
      <PublicBrand className="connect-brand" />
      <Body key={token} token={token} />
    </div>
  );
}
