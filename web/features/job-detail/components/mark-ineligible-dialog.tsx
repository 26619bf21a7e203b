/** Mark a job ineligible (an ops override): the reason is required, kept on the job and in its history. */

import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/components/field-errors.ts';
import { markIneligible, useJobAction } from '../api/job-actions.ts';
import { MESSAGES } from '../../../../engine/forms/messages.ts';

export function MarkIneligibleDialog({
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
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const action = useJobAction(jobId, (r: string) => markIneligible(jobId, r));
  const error = (tried && !reason.trim() ? MESSAGES.required : undefined) ?? fieldErrorsOf(action.error).reason;
  const submit = () => {
    setTried(true);
    if (reason.trim()) action.mutate(reason.trim(), { onSuccess: onDone });
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Mark this job ineligible" icon="ban-circle" className="job-dialog">
      <DialogBody>
        <p>
          The job reads ineligible everywhere and cannot be submitted until you undo this. The contractor sees “ops
          override” as the reason; your words are for the operations team.
        </p>
        <FormGroup
          label="Why is this job ineligible?"
          labelFor="ineligible-reason"
          intent={error ? 'danger' : 'none'}
          helperText={error}
        >
          <TextArea
            id="ineligible-reason"
            fill
            autoResize
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            intent={error ? 'danger' : 'none'}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent="danger" text="Mark ineligible" loading={action.isPending} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}
