/**
 * The ops overrides that need a reason, kept on the job and in its history: mark a job ineligible, and let a job
 * the rules find ineligible go on past the submission gate (the eligibility override).
 */

import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/components/field-errors.ts';
import { markIneligible, overrideEligibility, useJobAction } from '../api/job-actions.ts';
import { MESSAGES } from '../../../../engine/forms/messages.ts';

const TEXTS = {
  mark: {
    title: 'Mark this job ineligible',
    icon: 'ban-circle',
    intro:
      'The job reads ineligible everywhere and cannot be submitted until you undo this. The contractor sees “ops override” as the reason; your words are for the operations team.',
    label: 'Why is this job ineligible?',
    button: 'Mark ineligible',
    intent: 'danger',
  },
  override: {
    title: 'Let this ineligible job go on',
    icon: 'flag',
    intro:
      'The program’s rules find this job ineligible. Letting it go on lifts the submission gate for everyone working the job; its eligibility still reads what the rules say. Your words are kept in the job’s history for the operations team.',
    label: 'Why may this job go on?',
    button: 'Let it go on',
    intent: 'warning',
  },
} as const;

export function MarkIneligibleDialog({
  jobId,
  isOpen,
  onClose,
  onDone,
  mode = 'mark',
}: {
  jobId: number;
  isOpen: boolean;
  onClose: () => void;
  onDone: () => void;
  mode?: keyof typeof TEXTS;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const text = TEXTS[mode];
  const action = useJobAction(jobId, (r: string) =>
    mode === 'mark' ? markIneligible(jobId, r) : overrideEligibility(jobId, r),
  );
  const error = (tried && !reason.trim() ? MESSAGES.required : undefined) ?? fieldErrorsOf(action.error).reason;
  const submit = () => {
    setTried(true);
    if (reason.trim()) action.mutate(reason.trim(), { onSuccess: onDone });
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={text.title} icon={text.icon} className="job-dialog">
      <DialogBody>
        <p>{text.intro}</p>
        <FormGroup
          label={text.label}
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
            <Button intent={text.intent} text={text.button} loading={action.isPending} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}
