/** Reassign a job's ops owner: another member of the operations team, or none. */

import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/components/field-errors.ts';
import type { JobDetail } from '../api/get-job.ts';
import { useOpsUsers } from '../api/get-ops-users.ts';
import { setOpsOwner, useJobAction } from '../api/job-actions.ts';

const NONE = '';

export function OpsOwnerDialog({
  job,
  isOpen,
  onClose,
  onDone,
}: {
  job: JobDetail;
  isOpen: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [owner, setOwner] = useState(
    job.ops_owner === null || job.ops_owner === undefined ? NONE : String(job.ops_owner),
  );
  const users = useOpsUsers(isOpen);
  const action = useJobAction(job.id, (id: number | null) => setOpsOwner(job.id, id));
  const error = fieldErrorsOf(action.error).user_id;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Ops owner" icon="person" className="job-dialog">
      <DialogBody>
        <FormGroup
          label="Who in operations owns this job?"
          labelFor="ops-owner"
          intent={error ? 'danger' : 'none'}
          helperText={error}
        >
          <HTMLSelect
            id="ops-owner"
            fill
            value={owner}
            onChange={(e) => setOwner(e.currentTarget.value)}
            disabled={users.isLoading}
          >
            <option value={NONE}>{users.isLoading ? 'Loading the operations team…' : 'No ops owner'}</option>
            {(users.data ?? []).map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.name}
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
              text="Save"
              loading={action.isPending}
              onClick={() => action.mutate(owner === NONE ? null : Number(owner), { onSuccess: onDone })}
            />
          </>
        }
      />
    </Dialog>
  );
}
