/**
 * Invite a contractor user: name and email; the server creates the account and mails a one-time
 * sign-in link. 'A user with this email already exists.' shows under the email field.
 */

import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { ERROR_CODES } from '../../../../engine/api/error-codes.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { requestErrors } from '../../../lib/request-validation.ts';
import { fieldErrorsOf, fieldProps, type FieldErrors } from '../../../lib/components/field-errors.ts';
import type { Contractor } from '../api/get-contractor.ts';
import { useInviteContractorUser } from '../api/invite-contractor-user.ts';

/** The invite checked with its call's schema (the server's checks and words); an empty email is not sent. */
function check(name: string, email: string): FieldErrors {
  return requestErrors('user_invite', { name: name.trim(), ...(email.trim() ? { email: email.trim() } : {}) });
}

export function InviteUserDialog({
  isOpen,
  onClose,
  contractor,
}: {
  isOpen: boolean;
  onClose: () => void;
  contractor: Contractor;
}) {
  const invite = useInviteContractorUser();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sentTo, setSentTo] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = check(name, email);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const user = await invite.mutateAsync({ name: name.trim(), email: email.trim(), contractor_id: contractor.id });
      setSentTo(user.email);
      setName('');
      setEmail('');
    } catch (err) {
      if (err instanceof ApiError && err.code === ERROR_CODES.email_taken) setErrors({ email: err.message });
      else setErrors(fieldErrorsOf(err));
    }
  }

  const close = () => {
    setErrors({});
    setSentTo(undefined);
    onClose();
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title={`Invite a user to ${contractor.name}`} icon="envelope">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {sentTo && (
            <Callout intent="success" icon="tick" className="invite-result-top">
              Invitation sent to {sentTo}. The sign-in link in it works once, for 72 hours.
            </Callout>
          )}
          <p className="muted">They get an email with a link to sign in as a user of this company.</p>
          <FormGroup label="Name" labelFor="invite-name" {...fieldProps(errors, 'name')}>
            <InputGroup
              id="invite-name"
              autoComplete="off"
              value={name}
              intent={errors.name ? 'danger' : undefined}
              onValueChange={(v) => {
                setName(v);
                setErrors(({ name: _, ...r }) => r);
              }}
              autoFocus
            />
          </FormGroup>
          <FormGroup label="Email" labelFor="invite-email" {...fieldProps(errors, 'email')}>
            <InputGroup
              id="invite-email"
              type="email"
              autoComplete="off"
              value={email}
              intent={errors.email ? 'danger' : undefined}
              onValueChange={(v) => {
                setEmail(v);
                setErrors(({ email: _, ...r }) => r);
              }}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={sentTo ? 'Done' : 'Cancel'} onClick={close} />
              <Button
                type="submit"
                intent="primary"
                icon="send-message"
                text={sentTo ? 'Send another' : 'Send invite'}
                loading={invite.isPending}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
