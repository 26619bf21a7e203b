/** Decline to sign: the reason is required (at most SIGNING_LIMITS.reason_max_chars), then the decline is posted. */

import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { SIGNING_LIMITS, SIGNING_MESSAGES, type SigningDone } from '../../../../engine/api/signing.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/components/field-errors.ts';
import { useDeclineDocument } from '../api/sign-document.ts';

export interface DeclineDialogProps {
  token: string;
  isOpen: boolean;
  onClose: () => void;
  onDeclined: (done: SigningDone) => void;
  /** The link stopped working meanwhile (404, 410). */
  onGone: (error: ApiError) => void;
}

export function DeclineDialog({ token, isOpen, onClose, onDeclined, onGone }: DeclineDialogProps) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const decline = useDeclineDocument(token);
  const server = fieldErrorsOf(decline.error);
  const refused = decline.error instanceof ApiError && decline.error.status === 409 ? decline.error.message : undefined;
  const error =
    (tried && !reason.trim() ? SIGNING_MESSAGES.reason_required : undefined) ??
    server.reason ??
    server['/reason'] ??
    refused;
  const submit = () => {
    setTried(true);
    if (!reason.trim()) return;
    decline.mutate(
      { reason: reason.trim() },
      {
        onSuccess: onDeclined,
        onError: (e) => {
          if (e instanceof ApiError && (e.status === 404 || e.status === 410)) onGone(e);
        },
      },
    );
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Decline to sign" icon="ban-circle" className="signing-dialog">
      <DialogBody>
        <FormGroup
          label="Why do you decline to sign?"
          labelFor="decline-reason"
          labelInfo="(required)"
          intent={error ? 'danger' : 'none'}
          helperText={error ?? `${reason.length} / ${SIGNING_LIMITS.reason_max_chars}`}
        >
          <TextArea
            id="decline-reason"
            fill
            autoResize
            autoFocus
            rows={4}
            maxLength={SIGNING_LIMITS.reason_max_chars}
            value={reason}
            intent={error ? 'danger' : 'none'}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </FormGroup>
        <p className="muted signing-small">The people who asked for your signature will see your reason.</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={decline.isPending} />
            <Button intent="danger" text="Decline to sign" loading={decline.isPending} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}
