/**
 * Consent, then "Connect my utility account" (the window goes to the utility data service's sign-in
 * page), or "I'd rather upload my bills". Connect is never disabled: pressed without consent, it says so
 * next to the box and moves there. While a request is out its button spins and the other waits; the
 * server's refusal shows above the buttons in its own words.
 */

import { Button, Callout, Checkbox } from '@blueprintjs/core';
import { useState } from 'react';
import { useDeclineConnect, useStartConnect } from '../api/connect-account.ts';
import { CONNECT_TEXT, messageOf } from './usage-text.ts';

/** The sign-in page's address, if it is a web page (never a script: the address comes over the wire). */
export function webAddress(url: string): string | null {
  try {
    const u = new URL(url, window.location.href);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

export interface ConnectFormProps {
  token: string;
  /** Offer "I'd rather upload my bills" (not once declined). */
  canDecline: boolean;
}

export function ConnectForm({ token, canDecline }: ConnectFormProps) {
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = useStartConnect(token);
  const decline = useDeclineConnect(token);
  const missing = tried && !consent;

  const connect = () => {
    setTried(true);
    setRefusal(null);
    if (!consent) {
      const box = document.getElementById('usage-consent');
      box?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      box?.focus({ preventScroll: true });
      return;
    }
    start.mutate(undefined, {
      onSuccess: ({ url }) => {
        const to = webAddress(url);
        if (!to) return setRefusal(CONNECT_TEXT.bad_url);
        // The button keeps spinning until the utility's page replaces this one.
        setLeaving(true);
        window.location.assign(to);
      },
      onError: (e) => setRefusal(messageOf(e)),
    });
  };
  const refuse = () => {
    setRefusal(null);
    decline.mutate(undefined, { onError: (e) => setRefusal(messageOf(e)) });
  };

  return (
    <div className="connect-form">
      <Checkbox
        id="usage-consent"
        className="connect-check"
        checked={consent}
        onChange={(e) => setConsent(e.currentTarget.checked)}
        label={CONNECT_TEXT.consent}
      />
      {missing && (
        <div className="connect-error" role="alert">
          {CONNECT_TEXT.consent_required}
        </div>
      )}
      {refusal && (
        <Callout intent="danger" icon="error" compact className="connect-refusal" role="alert">
          {refusal}
        </Callout>
      )}
      <div className="connect-actions">
        <Button
          intent="primary"
          size="large"
          icon="lock"
          text={CONNECT_TEXT.connect}
          loading={start.isPending || leaving}
          disabled={decline.isPending}
          onClick={connect}
        />
        {canDecline && (
          <Button
            variant="minimal"
            size="large"
            icon="upload"
            text={CONNECT_TEXT.decline}
            loading={decline.isPending}
            disabled={start.isPending || leaving}
            onClick={refuse}
          />
        )}
      </div>
    </div>
  );
}
