/** Clone a job to another program: the target is required; answers of tasks both programs share carry over as drafts.
 * */

import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/components/field-errors.ts';
import { cloneJob, useJobAction } from '../api/job-actions.ts';
import type { JobDetail } from '../api/get-job.ts';
import { useProgramOptions } from '../api/get-programs.ts';
import { MESSAGES } from '../../../../engine/forms/messages.ts';

export function CloneDialog({
  job,
  isOpen,
  onClose,
  onDone,
}: {
  job: JobDetail;
  isOpen: boolean;
  onClose: () => void;
  onDone: (clone: JobDetail) => void;
}) {
  const [program, setProgram] = useState('');
  const [tried, setTried] = useState(false);
  const programs = useProgramOptions(isOpen);
  const action = useJobAction(job.id, (p: string) => cloneJob(job.id, p));
  const error = (tried && !program ? MESSAGES.required : undefined) ?? fieldErrorsOf(action.error).program_id;
  const options = (programs.data ?? []).filter((p) => p.id !== job.program.id);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Clone to another program" icon="duplicate" className="job-dialog">
      <DialogBody>
        <p>
          A new job is created for {job.full_name} under the program you choose. Answers to tasks both programs share
          are copied as drafts, to be submitted again under the new program's rules.
        </p>
        <FormGroup label="Program" labelFor="clone-program" intent={error ? 'danger' : 'none'} helperText={error}>
          <HTMLSelect
            id="clone-program"
            fill
            value={program}
            onChange={(e) => setProgram(e.currentTarget.value)}
            disabled={programs.isLoading}
          >
            <option value="">{programs.isLoading ? 'Loading programs…' : 'Select a program…'}</option>
            {options.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              intent="primary"
              text="Clone job"
              loading={action.isPending}
              onClick={() => {
                setTried(true);
                if (program) action.mutate(program, { onSuccess: onDone });
              }}
            />
          </>
        }
      />
    </Dialog>
  );
}
