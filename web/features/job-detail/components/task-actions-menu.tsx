/**
 * Task actions: flag or clear a contractor exception (contractors and ops) or an ops exception (ops),
 * with a note; transfer the task to another action owner with a reason and comments, or reset it to
 * its default owner (ops).
 */

import {
  Alert,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Menu,
  MenuDivider,
  MenuItem,
  PopoverNext,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import type { ActionOwnerRole, ExceptionKind } from '../../../../engine/constants.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/components/field-errors.ts';
import { successToast } from '../../../lib/toaster.ts';
import type { JobTask } from '../api/get-job.ts';
import { clearException, flagException, resetTask, transferTask, useTaskAction } from '../api/task-actions.ts';
import { OWNER_LABELS, OWNER_OPTIONS } from './job-text.ts';
import { MESSAGES } from '../../../../engine/forms/messages.ts';

const REQUIRED = MESSAGES.required;

function ExceptionDialog({
  jobId,
  task,
  kind,
  onClose,
}: {
  jobId: number;
  task: JobTask;
  kind: ExceptionKind;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const flag = useTaskAction(jobId, task.id, (n: string) => flagException(jobId, task.id, kind, n));
  // An ops exception tells the contractor what is wrong: its note is required (the server says so too).
  const noteError = (tried && kind === 'ops' && !note.trim() ? REQUIRED : undefined) ?? fieldErrorsOf(flag.error).note;
  // A refusal that is not about the note (the task cannot take the flag now).
  const refused = flag.error instanceof ApiError && flag.error.status === 422 && !noteError ? flag.error.message : null;
  const submit = () => {
    setTried(true);
    if (kind === 'ops' && !note.trim()) return;
    flag.mutate(note.trim(), { onSuccess: () => (successToast('Exception flagged.'), onClose()) });
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`Flag ${kind === 'ops' ? 'an ops' : 'a contractor'} exception`}
      icon="flag"
      className="job-dialog"
    >
      <DialogBody>
        <p>
          <strong>{task.title}</strong> will show an exception until it is cleared or the task is submitted.
        </p>
        <FormGroup
          label="Note"
          labelFor="exception-note"
          labelInfo={kind === 'ops' ? undefined : '(optional)'}
          subLabel="What is wrong, and what should happen next."
          intent={noteError ? 'danger' : 'none'}
          helperText={noteError}
        >
          <TextArea
            id="exception-note"
            fill
            autoResize
            value={note}
            onChange={(e) => setNote(e.target.value)}
            intent={noteError ? 'danger' : 'none'}
            autoFocus
          />
        </FormGroup>
        {refused && (
          <Callout intent="danger" icon="error">
            {refused}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent="danger" icon="flag" text="Flag exception" loading={flag.isPending} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}

function TransferDialog({ jobId, task, onClose }: { jobId: number; task: JobTask; onClose: () => void }) {
  const [role, setRole] = useState<ActionOwnerRole | ''>('');
  const [reason, setReason] = useState('');
  const [comments, setComments] = useState('');
  const [tried, setTried] = useState(false);
  const transfer = useTaskAction(jobId, task.id, (b: { role: ActionOwnerRole; reason: string; comments?: string }) =>
    transferTask(jobId, task.id, b),
  );
  const server = fieldErrorsOf(transfer.error);
  const roleError = (tried && !role ? REQUIRED : undefined) ?? server.role;
  const reasonError = (tried && !reason.trim() ? REQUIRED : undefined) ?? server.reason;
  const submit = () => {
    setTried(true);
    if (!role || !reason.trim()) return;
    transfer.mutate(
      { role, reason: reason.trim(), comments: comments.trim() || undefined },
      { onSuccess: () => (successToast(`Task transferred to ${OWNER_LABELS[role].toLowerCase()}.`), onClose()) },
    );
  };
  return (
    <Dialog isOpen onClose={onClose} title="Transfer ownership" icon="swap-horizontal" className="job-dialog">
      <DialogBody>
        <p>
          <strong>{task.title}</strong> is owned by {OWNER_LABELS[task.owner].toLowerCase()}
          {task.owner !== task.default_owner ? ` (by default ${OWNER_LABELS[task.default_owner].toLowerCase()})` : ''}.
        </p>
        <FormGroup
          label="New owner"
          labelFor="transfer-role"
          intent={roleError ? 'danger' : 'none'}
          helperText={roleError}
        >
          <HTMLSelect
            id="transfer-role"
            fill
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as ActionOwnerRole)}
          >
            <option value="">Select an owner…</option>
            {OWNER_OPTIONS.filter((o) => o.value !== task.owner).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label="Reason"
          labelFor="transfer-reason"
          intent={reasonError ? 'danger' : 'none'}
          helperText={reasonError}
        >
          <TextArea
            id="transfer-reason"
            fill
            autoResize
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            intent={reasonError ? 'danger' : 'none'}
          />
        </FormGroup>
        <FormGroup label="Comments" labelInfo="(optional)" labelFor="transfer-comments">
          <TextArea
            id="transfer-comments"
            fill
            autoResize
            value={comments}
            onChange={(e) => setComments(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent="primary" text="Transfer" loading={transfer.isPending} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}

type Open = null | { kind: 'flag'; exception: ExceptionKind } | { kind: 'transfer' } | { kind: 'reset' };

/** The task's actions, as the server says the signed-in user may take them (`task.abilities`). */
export function TaskActionsMenu({ jobId, task }: { jobId: number; task: JobTask }) {
  const [open, setOpen] = useState<Open>(null);
  const clear = useTaskAction(jobId, task.id, (k: ExceptionKind) => clearException(jobId, task.id, k));
  const reset = useTaskAction(jobId, task.id, () => resetTask(jobId, task.id));
  const close = () => setOpen(null);
  const can = task.abilities;
  const kinds = (['contractor', 'ops'] as const).filter((k) =>
    k === 'ops' ? can.flag_ops_exception : can.flag_contractor_exception,
  );
  if (!kinds.length && !can.transfer && !can.reset) return null;
  const menu = (
    <Menu>
      {kinds.map((k) =>
        task.exceptions[k] ? (
          <MenuItem
            key={k}
            icon="tick"
            text={`Clear ${k} exception`}
            onClick={() => clear.mutate(k, { onSuccess: () => successToast('Exception cleared.') })}
          />
        ) : (
          <MenuItem
            key={k}
            icon="flag"
            intent="danger"
            text={`Flag ${k} exception…`}
            onClick={() => setOpen({ kind: 'flag', exception: k })}
          />
        ),
      )}
      {kinds.length > 0 && (can.transfer || can.reset) && <MenuDivider />}
      {can.transfer && (
        <MenuItem icon="swap-horizontal" text="Transfer ownership…" onClick={() => setOpen({ kind: 'transfer' })} />
      )}
      {can.reset && (
        <MenuItem
          icon="reset"
          text={`Reset to default owner (${OWNER_LABELS[task.default_owner].toLowerCase()})`}
          onClick={() => setOpen({ kind: 'reset' })}
        />
      )}
    </Menu>
  );
  return (
    <>
      <PopoverNext content={menu} placement="bottom-end">
        <Button icon="more" text="Task actions" variant="minimal" endIcon="caret-down" />
      </PopoverNext>
      {open?.kind === 'flag' && <ExceptionDialog jobId={jobId} task={task} kind={open.exception} onClose={close} />}
      {open?.kind === 'transfer' && <TransferDialog jobId={jobId} task={task} onClose={close} />}
      <Alert
        isOpen={open?.kind === 'reset'}
        icon="reset"
        intent="warning"
        confirmButtonText="Reset owner"
        cancelButtonText="Cancel"
        loading={reset.isPending}
        onCancel={close}
        onConfirm={() =>
          reset.mutate(undefined, { onSuccess: () => (successToast('Task reset to its default owner.'), close()) })
        }
      >
        Give <strong>{task.title}</strong> back to {OWNER_LABELS[task.default_owner].toLowerCase()}? The task returns to
        ready.
      </Alert>
    </>
  );
}
