/**
 * Regenerate a task's documents (a new signing envelope); 'recreate' starts the documents over. On success
 * the job's documents are read again (the server prepares them in the background: the list polls).
 */

import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/components/field-errors.ts';
import { successToast } from '../../../lib/toaster.ts';
import { jobKeys, type JobDetail } from '../api/get-job.ts';
import { regenerateDocuments } from '../api/job-actions.ts';
import { MESSAGES } from '../../../../engine/forms/messages.ts';

export function RegenerateDialog({ job, isOpen, onClose }: { job: JobDetail; isOpen: boolean; onClose: () => void }) {
  const documentTasks = job.tasks.filter((t) => t.produces_documents);
  const choices = documentTasks.length ? documentTasks : job.tasks;
  const [task, setTask] = useState(documentTasks[0]?.id ?? '');
  const [recreate, setRecreate] = useState(false);
  const [tried, setTried] = useState(false);
  const qc = useQueryClient();
  const action = useMutation({
    mutationFn: () => regenerateDocuments(job.id, task, recreate),
    onSuccess: () => void qc.invalidateQueries({ queryKey: jobKeys.documents(job.id) }),
  });
  const error = (tried && !task ? MESSAGES.required : undefined) ?? fieldErrorsOf(action.error).task_name;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Regenerate documents" icon="refresh" className="job-dialog">
      <DialogBody>
        <FormGroup label="Documents of" labelFor="regen-task" intent={error ? 'danger' : 'none'} helperText={error}>
          <HTMLSelect id="regen-task" fill value={task} onChange={(e) => setTask(e.currentTarget.value)}>
            <option value="">Select a task…</option>
            {choices.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Checkbox
          checked={recreate}
          onChange={(e) => setRecreate(e.currentTarget.checked)}
          label="Recreate the documents from scratch (signers get a new invite)"
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              intent="primary"
              text="Regenerate"
              loading={action.isPending}
              onClick={() => {
                setTried(true);
                if (task)
                  action.mutate(undefined, {
                    onSuccess: (r) => {
                      // Generation and invites run in the background: say what happens next, not a raw status.
                      successToast(
                        r.recreate
                          ? 'New documents are being generated; each signer will be emailed in turn.'
                          : 'Missing documents are being generated; signers are emailed in turn.',
                      );
                      onClose();
                    },
                  });
              }}
            />
          </>
        }
      />
    </Dialog>
  );
}
