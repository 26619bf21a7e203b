/** Ops move a budget's allocation up or down, with a reason (kept as the allocation's history). */

import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { MESSAGES } from '../../../../engine/forms/messages.ts';
import { dollars } from '../../../forms/values.ts';
import { fieldErrorsOf } from '../../../lib/components/field-errors.ts';
import { successToast } from '../../../lib/toaster.ts';
import { useAdjustBudget } from '../api/adjust-budget.ts';
import type { Budget } from '../api/get-budgets.ts';

/** Dollars typed ("-1,500.50", "+2000") as integer cents, or null when it is not an amount. */
export function signedCentsOf(text: string): number | null {
  const t = text.replace(/[$,\s]/g, '').replace('−', '-');
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

export function AdjustDialog({ budget, onClose }: { budget: Budget; onClose: () => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const adjust = useAdjustBudget(budget.program_id);
  const server = fieldErrorsOf(adjust.error);
  const cents = signedCentsOf(amount);
  const amountError =
    (tried && cents === null ? 'Enter an amount in dollars, such as 5,000.00 or -5,000.00' : undefined) ??
    server.amount_cents;
  const reasonError = (tried && !reason.trim() ? MESSAGES.required : undefined) ?? server.reason;
  const submit = () => {
    setTried(true);
    if (cents === null || !reason.trim()) return;
    adjust.mutate(
      { territory: budget.territory, amount_cents: cents, reason: reason.trim() },
      {
        onSuccess: (b) => {
          successToast(`Allocation now ${dollars(b.allocation_cents)}.`);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog isOpen onClose={onClose} title={`Adjust ${budget.program_name}'s allocation`} icon="bank-account">
      <DialogBody>
        <p>
          Allocation {dollars(budget.allocation_cents)}, available {dollars(budget.available_cents)}. A positive amount
          adds money (the first jobs in line take it); a negative one takes away at most what is available.
        </p>
        <FormGroup
          label="Change by"
          labelFor="budget-amount"
          intent={amountError ? 'danger' : 'none'}
          helperText={amountError}
        >
          <InputGroup
            id="budget-amount"
            leftElement={<span className="rjsf-bp-currency-sign">$</span>}
            value={amount}
            inputMode="decimal"
            onChange={(e) => setAmount(e.target.value)}
            intent={amountError ? 'danger' : 'none'}
          />
        </FormGroup>
        <FormGroup
          label="Why?"
          labelFor="budget-reason"
          intent={reasonError ? 'danger' : 'none'}
          helperText={reasonError}
        >
          <TextArea id="budget-reason" fill autoResize value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent="primary" text="Adjust allocation" loading={adjust.isPending} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}
