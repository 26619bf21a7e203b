/** Cancel a job: a reason is required (spec sect. 5); 'other' asks for the reason in words. */

import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/components/field-errors.ts';
import { cancelJob, useJobAction, type CancelReason } from '../api/job-actions.ts';
import { CANCEL_OPTIONS } from './job-text.ts';
import { MESSAGES } from '../../../../engine/forms/messages.ts';

const REQUIRED = MESSAGES.required;
const OTHER_NEEDS_TEXT = 'Please tell us why (other)';

export function CancelDialog({
  jobId,
  isOpen,
  onClose,
  onDone,
}: {
  jobId: number;
  isOpen: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const action = useJobAction(jobId, (b: { reason: CancelReason; note?: string }) => cancelJob(jobId, b));
  const server = fieldErrorsOf(action.error);
  const reasonError = (tried && !reason ? REQUIRED : undefined) ?? server.reason;
  const noteError = (tried && reason === 'other' && !note.trim() ? OTHER_NEEDS_TEXT : undefined) ?? server.note;
  const submit = () => {
    setTried(true);
    if (!reason || (reason === 'other' && !note.trim())) return;
    action.mutate({ reason, note: note.trim() || undefined }, { onSuccess: onDone });
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Cancel this job" icon="disable" className="job-dialog">
      <DialogBody>
        <p>The job leaves the active lists. You can restore it later.</p>
        <FormGroup label="Why is this job canceled?" intent={reasonError ? 'danger' : 'none'} helperText={reasonError}>
          <RadioGroup selectedValue={reason} onChange={(e) => setReason(e.currentTarget.value as CancelReason)}>
            {CANCEL_OPTIONS.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </RadioGroup>
        </FormGroup>
        <FormGroup
          label={reason === 'other' ? 'Tell us why' : 'Note'}
          labelInfo={reason === 'other' ? undefined : '(optional)'}
          labelFor="cancel-note"
          intent={noteError ? 'danger' : 'none'}
          helperText={noteError}
        >
          <TextArea
            id="cancel-note"
            fill
            autoResize
            value={note}
            onChange={(e) => setNote(e.target.value)}
            intent={noteError ? 'danger' : 'none'}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Keep the job" onClick={onClose} />
            <Button intent="danger" text="Cancel job" loading={action.isPending} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}
