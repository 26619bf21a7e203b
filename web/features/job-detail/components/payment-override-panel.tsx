/**
 * Ops: what the job may be paid (its rebate) and paying more by four eyes. One ops user asks, with an amount and a
 * reason; a second one approves or declines (the one who asked sees it waiting); the asks stay listed with who did
 * what.
 */

import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import { MESSAGES } from '../../../../engine/forms/messages.ts';
import { dollars } from '../../../forms/values.ts';
import { fieldErrorsOf } from '../../../lib/components/field-errors.ts';
import { successToast } from '../../../lib/toaster.ts';
import { useDecideOverride, useJobPayment, useRequestOverride, type PaymentOverride } from '../api/payment.ts';

const STATUS = {
  requested: { label: 'Waiting for a second ops user', intent: 'warning' },
  approved: { label: 'Approved', intent: 'success' },
  declined: { label: 'Declined', intent: 'danger' },
} as const;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }) : '';

/** Dollars typed ("8,000.50") as integer cents, or null when it is not an amount. */
function centsOf(text: string): number | null {
  const t = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

function RequestDialog({ jobId, isOpen, onClose }: { jobId: number; isOpen: boolean; onClose: () => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const ask = useRequestOverride(jobId);
  const server = fieldErrorsOf(ask.error);
  const cents = centsOf(amount);
  const amountError =
    (tried && cents === null ? 'Enter an amount in dollars, such as 8,000.00' : undefined) ?? server.amount_cents;
  const reasonError = (tried && !reason.trim() ? MESSAGES.required : undefined) ?? server.reason;
  const submit = () => {
    setTried(true);
    if (cents === null || !reason.trim()) return;
    ask.mutate(
      { amount_cents: cents, reason: reason.trim() },
      {
        onSuccess: () => {
          successToast('Asked: a second ops user must approve paying more.');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Ask to pay more than the rebate"
      icon="bank-account"
      className="job-dialog"
    >
      <DialogBody>
        <p>
          A payable above the rebate is sent only once a second ops user approves it. Say how much and why; both names
          are kept in the job’s history.
        </p>
        <FormGroup
          label="Pay up to"
          labelFor="override-amount"
          intent={amountError ? 'danger' : 'none'}
          helperText={amountError}
        >
          <InputGroup
            id="override-amount"
            leftElement={<span className="rjsf-bp-currency-sign">$</span>}
            value={amount}
            inputMode="decimal"
            onChange={(e) => setAmount(e.target.value)}
            intent={amountError ? 'danger' : 'none'}
          />
        </FormGroup>
        <FormGroup
          label="Why?"
          labelFor="override-reason"
          intent={reasonError ? 'danger' : 'none'}
          helperText={reasonError}
        >
          <TextArea id="override-reason" fill autoResize value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent="warning" text="Ask for approval" loading={ask.isPending} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}

function OverrideRow({ o }: { o: PaymentOverride }) {
  const s = STATUS[o.status];
  return (
    <tr>
      <td className="num">{dollars(o.amount_cents)}</td>
      <td>
        {o.reason}
        {o.decision_note && <div className="muted">Note: {o.decision_note}</div>}
      </td>
      <td>
        <Tag minimal intent={s.intent}>
          {s.label}
        </Tag>
        <div className="muted">
          Asked by {o.requested_by} · {when(o.requested_at)}
          {o.decided_by &&
            ` · ${o.status === 'approved' ? 'approved' : 'declined'} by ${o.decided_by} · ${when(o.decided_at)}`}
        </div>
      </td>
    </tr>
  );
}

export function PaymentOverridePanel({ jobId }: { jobId: number }) {
  const view = useJobPayment(jobId, true);
  const decide = useDecideOverride(jobId);
  const [asking, setAsking] = useState(false);
  const p = view.data;
  if (!p?.pays_through_accounts_payment) return null;
  return (
    <section className="payment-override" aria-label="Payment">
      <h4>Payment</h4>
      <p className="muted">
        {p.limit_cents === null
          ? 'The rules give no rebate yet: nothing may be paid without an override.'
          : `Payable up to the rebate, ${dollars(p.limit_cents)}.`}
        {p.approved_up_to_cents !== null && ` An approved override allows up to ${dollars(p.approved_up_to_cents)}.`}
      </p>
      {p.abilities.decide && (
        <Callout intent="warning" icon="people" compact className="payment-override-decide">
          {p.overrides[0]?.requested_by} asks to pay up to {dollars(p.overrides[0]?.amount_cents ?? 0)}:{' '}
          {p.overrides[0]?.reason}
          <div className="payment-override-decide-actions">
            <Button
              intent="success"
              text="Approve"
              loading={decide.isPending}
              onClick={() => decide.mutate({ approve: true }, { onSuccess: () => successToast('Override approved.') })}
            />
            <Button
              text="Decline"
              loading={decide.isPending}
              onClick={() => decide.mutate({ approve: false }, { onSuccess: () => successToast('Override declined.') })}
            />
          </div>
        </Callout>
      )}
      {p.overrides.length > 0 && (
        <HTMLTable compact className="payment-overrides">
          <thead>
            <tr>
              <th className="num">Pay up to</th>
              <th>Reason</th>
              <th>Decision</th>
            </tr>
          </thead>
          <tbody>
            {p.overrides.map((o) => (
              <OverrideRow key={o.id} o={o} />
            ))}
          </tbody>
        </HTMLTable>
      )}
      {p.abilities.request && (
        <Button icon="bank-account" variant="outlined" text="Ask to pay more…" onClick={() => setAsking(true)} />
      )}
      <RequestDialog jobId={jobId} isOpen={asking} onClose={() => setAsking(false)} />
    </section>
  );
}
