/**
 * Signing: the terms (when the document carries them) with their checkbox, consent to sign
 * electronically, the signature, then Sign or Decline to sign. Sign is never disabled: pressed with
 * something missing, it says what, next to it, and moves there. The server's refusals read the same way
 * (422 at the field, 409 not your turn above the buttons, 404/410 as the page of a dead link).
 */

import { Button, Callout, Checkbox } from '@blueprintjs/core';
import { useState } from 'react';
import { SIGNING_MESSAGES, type SigningDone, type SigningView } from '../../../../engine/api/signing.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSignDocument, type SignRequest } from '../api/sign-document.ts';
import { DeclineDialog } from './decline-dialog.tsx';
import { SignatureField, type SignatureKind } from './signature-field.tsx';

export type Outcome = { kind: 'signed' | 'declined'; done: SigningDone };

/** The server's message of a field (422 `errors`), whichever way its path is written. */
function serverMessage(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  return error.fieldErrors.find((e) => e.path.replace(/^[/.]/, '').split(/[/.]/)[0] === field)?.message;
}

/** The server's refusal that belongs to no field (not your turn, or a 422 elsewhere). */
function formMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 409) return error.message || SIGNING_MESSAGES.not_your_turn;
  if (error.status !== 422) return undefined;
  const other = error.fieldErrors.filter(
    (e) => !['consent', 'accept_terms', 'signature'].includes(e.path.replace(/^[/.]/, '').split(/[/.]/)[0]),
  );
  return other.length || !error.fieldErrors.length ? other.map((e) => e.message).join(' ') || error.message : undefined;
}

const focusFirst = (ids: string[]) => {
  const el = ids.map((id) => document.getElementById(id)).find(Boolean);
  el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  el?.focus({ preventScroll: true });
};

export interface SignFormProps {
  view: SigningView;
  token: string;
  onDone: (o: Outcome) => void;
  onGone: (e: ApiError) => void;
}

export function SignForm({ view, token, onDone, onGone }: SignFormProps) {
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [consent, setConsent] = useState(false);
  const [kind, setKind] = useState<SignatureKind>('typed');
  const [typed, setTyped] = useState('');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [declining, setDeclining] = useState(false);
  const sign = useSignDocument(token);

  const signature: SignRequest['signature'] | null =
    kind === 'typed'
      ? typed.trim()
        ? { kind: 'typed', text: typed.trim() }
        : null
      : drawn
        ? { kind: 'drawn', image: drawn }
        : null;
  const missing = {
    terms: view.terms && !acceptTerms ? SIGNING_MESSAGES.terms_required : undefined,
    consent: consent ? undefined : SIGNING_MESSAGES.consent_required,
    signature: signature ? undefined : SIGNING_MESSAGES.signature_required,
  };
  const errors = {
    terms: (tried ? missing.terms : undefined) ?? serverMessage(sign.error, 'accept_terms'),
    consent: (tried ? missing.consent : undefined) ?? serverMessage(sign.error, 'consent'),
    signature: (tried ? missing.signature : undefined) ?? serverMessage(sign.error, 'signature'),
  };
  const refusal = formMessage(sign.error);

  const submit = () => {
    setTried(true);
    if (missing.terms || missing.consent || !signature) {
      focusFirst(
        [
          missing.terms && 'signing-terms-accept',
          missing.consent && 'signing-consent',
          missing.signature && (kind === 'typed' ? 'signature-typed' : 'signature-field'),
        ].filter((x): x is string => !!x),
      );
      return;
    }
    sign.mutate(
      { consent: true, ...(view.terms ? { accept_terms: true as const } : {}), signature },
      {
        onSuccess: (done) => onDone({ kind: 'signed', done }),
        onError: (e) => {
          if (e instanceof ApiError && (e.status === 404 || e.status === 410)) onGone(e);
        },
      },
    );
  };

  return (
    <section className="signing-card signing-form" aria-labelledby="signing-form-title">
      <h2 id="signing-form-title">Your signature</h2>
      {view.terms && (
        <div className="signing-terms">
          <h3>{view.terms.title}</h3>
          <div className="signing-terms-text" tabIndex={0} role="region" aria-label={view.terms.title}>
            {view.terms.text}
          </div>
          <Checkbox
            id="signing-terms-accept"
            className="signing-check"
            checked={acceptTerms}
            onChange={(e) => setAcceptTerms(e.currentTarget.checked)}
            label="I accept the terms and conditions"
          />
          {errors.terms && (
            <div className="signing-error" role="alert">
              {errors.terms}
            </div>
          )}
        </div>
      )}
      <Checkbox
        id="signing-consent"
        className="signing-check"
        checked={consent}
        onChange={(e) => setConsent(e.currentTarget.checked)}
        label="I agree to sign this document electronically"
      />
      {errors.consent && (
        <div className="signing-error" role="alert">
          {errors.consent}
        </div>
      )}
      <SignatureField
        kind={kind}
        onKind={setKind}
        typed={typed}
        onTyped={setTyped}
        onDrawn={setDrawn}
        name={view.signer.name}
        error={errors.signature}
      />
      {refusal && (
        <Callout intent="warning" icon="time" compact className="signing-refusal">
          {refusal}
        </Callout>
      )}
      <div className="signing-actions">
        <Button intent="primary" size="large" icon="tick" text="Sign" loading={sign.isPending} onClick={submit} />
        <Button
          variant="outlined"
          intent="danger"
          size="large"
          text="Decline to sign"
          disabled={sign.isPending}
          onClick={() => setDeclining(true)}
        />
      </div>
      {declining && (
        <DeclineDialog
          token={token}
          isOpen
          onClose={() => setDeclining(false)}
          onDeclined={(done) => onDone({ kind: 'declined', done })}
          onGone={onGone}
        />
      )}
    </section>
  );
}
