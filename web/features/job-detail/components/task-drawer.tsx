/**
 * A task's form in a drawer: the form rendered from its document, Save draft (partial work, kept on
 * the server; unsaved keystrokes are also kept on this device), Submit (validated by the engine here,
 * then by the server, which advances the job), the task's actions, and the stale-save comparison. A task
 * that produces documents shows them, with their signers' status, above its form.
 * Closing with unsaved changes asks first. Loaded on demand: it carries RJSF and the engine.
 */

import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  Drawer,
  Icon,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { successToast } from '../../../lib/toaster.ts';
import { clientForm, type ClientForm } from '../../../forms/client-form.ts';
import { TaskFormView } from '../../../forms/task-form.tsx';
import type { TaskFormContext } from '../../../forms/form-context.ts';
import { jobKeys, type JobTask } from '../api/get-job.ts';
import { useFormDocument } from '../api/get-form.ts';
import { useTask } from '../api/get-task.ts';
import { jobFiles } from '../api/get-attachments.ts';
import type { SubmitResult } from '../api/save-task.ts';
import { useTaskEditor } from '../hooks/use-task-editor.ts';
import { ConflictDialog } from './conflict-dialog.tsx';
import { DocumentsPanel } from './documents-panel.tsx';
import type { DrawerJob } from './drawer-job.ts';
import { OWNER_LABELS, taskStatus, type Viewer } from './job-text.ts';
import { TaskActionsMenu } from './task-actions-menu.tsx';

export interface TaskDrawerProps {
  job: DrawerJob;
  taskId: string;
  viewer: Viewer;
  /** The user sees the job as themselves, not as a preview of another role: their task actions show. */
  ownView: boolean;
  onClose: () => void;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

function Notices({
  job,
  task,
  viewer,
  readonlyReason,
}: {
  job: DrawerJob;
  task: JobTask;
  viewer: Viewer;
  readonlyReason: string | null;
}) {
  const title = (id: string) => job.tasks.find((t) => t.id === id)?.title ?? id.replace(/_/g, ' ');
  const notes = task.exception_notes ?? {};
  return (
    <>
      {readonlyReason && (
        <Callout icon={task.status === 'LOCKED' ? 'lock' : 'eye-open'} compact className="task-notice">
          {readonlyReason}
          {task.status === 'LOCKED' && task.blocked_by.length > 0 && (
            <> Waiting on: {task.blocked_by.map(title).join(', ')}.</>
          )}
        </Callout>
      )}
      {(['contractor', 'ops'] as const)
        .filter((k) => task.exceptions[k] && (k === 'contractor' || viewer === 'ops'))
        .map((k) => (
          <Callout
            key={k}
            intent="danger"
            icon="flag"
            compact
            className="task-notice"
            title={`${k === 'ops' ? 'Ops' : 'Contractor'} exception`}
          >
            {notes[k]?.note || 'No note.'}
            {notes[k]?.by && (
              <span className="muted">
                {' '}
                — {notes[k]?.by}
                {notes[k]?.at ? `, ${new Date(notes[k]!.at!).toLocaleString()}` : ''}
              </span>
            )}
          </Callout>
        ))}
      {task.owner_override && viewer === 'ops' && (
        <Callout icon="swap-horizontal" compact className="task-notice">
          Transferred to {OWNER_LABELS[task.owner_override.role].toLowerCase()}: {task.owner_override.reason}
          {task.owner_override.comments ? ` (${task.owner_override.comments})` : ''}
        </Callout>
      )}
    </>
  );
}

function Editor({
  job,
  task,
  form,
  viewer,
  ownView,
  closing,
  setClosing,
  onClose,
  dirtyRef,
}: TaskDrawerProps & {
  task: JobTask;
  form: ClientForm;
  closing: boolean;
  setClosing: (v: boolean) => void;
  dirtyRef: { current: boolean };
}) {
  const qc = useQueryClient();
  const onSubmitted = (r: SubmitResult) => {
    void qc.invalidateQueries({ queryKey: jobKeys.detail(job.id) });
    if (task.produces_documents) void qc.invalidateQueries({ queryKey: jobKeys.documents(job.id) });
    const moved = r.job.stage.number !== job.stage_number;
    successToast(
      `${task.title} submitted.${moved ? ` The job moved to ${r.job.stage.label}.` : ''}${r.warnings.length ? ` Note: ${r.warnings.map((w) => w.message).join(' ')}` : ''}`,
    );
    onClose();
  };
  const editor = useTaskEditor({ jobId: job.id, task, form, job: job.facts, onSubmitted });
  dirtyRef.current = editor.dirty;
  const body = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  // After a refused submit, bring the first message into view.
  useEffect(() => {
    if (!attempt) return;
    const t = setTimeout(() => {
      const el = body.current?.querySelector('.rjsf-bp-has-error, .rjsf-bp-form-messages');
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      (el?.querySelector('input, textarea, select, button') as HTMLElement | null)?.focus({ preventScroll: true });
    }, 50);
    return () => clearTimeout(t);
  }, [attempt]);

  const readonlyReason = job.is_canceled
    ? 'This job is canceled. Restore it to work on its tasks.'
    : task.status === 'LOCKED'
      ? 'A preview: this task opens once the tasks before it are complete.'
      : !task.can_edit
        ? task.owner === 'homeowner' && viewer === 'contractor'
          ? 'Only the homeowner can answer this task. Send it to them with Invite homeowner on Basic details; you can view it here.'
          : `This task is with ${OWNER_LABELS[task.owner].toLowerCase()}; you can view it.`
        : null;
  const readonly = readonlyReason !== null;
  // The job as it is now when a field asks for its files (the form's context stays the same object meanwhile).
  const latestJob = useRef(job);
  latestJob.current = job;
  const context = useMemo<Partial<TaskFormContext>>(
    () => ({
      job_id: job.id,
      task_id: task.id,
      program_id: job.program_id,
      show_internal: viewer === 'ops',
      job_files: () => jobFiles(latestJob.current),
    }),
    [job.id, job.program_id, task.id, viewer],
  );
  const status = taskStatus(task, viewer);
  const submit = async () => {
    const ok = await editor.submit();
    if (!ok) setAttempt((n) => n + 1);
  };
  const saveState =
    editor.busy === 'draft'
      ? 'Saving…'
      : editor.busy === 'submit'
        ? 'Submitting…'
        : editor.dirty
          ? 'Unsaved changes (kept on this device)'
          : editor.savedAt
            ? `Draft saved at ${time(editor.savedAt)}`
            : task.status === 'COMPLETE'
              ? 'Submitted'
              : task.has_unsubmitted_changes
                ? 'Draft saved'
                : '';

  return (
    <>
      <div className={`${Classes.DRAWER_BODY} task-drawer-body`} ref={body}>
        <div className="task-drawer-meta">
          <Tag minimal intent={status.intent} icon={status.icon}>
            {status.text}
          </Tag>
          {/* Who owns a task and its stage are the workflow's words: a homeowner reads only their own task. */}
          {viewer !== 'homeowner' && (
            <>
              <span className="muted">Owner: {OWNER_LABELS[task.owner]}</span>
              <span className="muted">Stage {task.stage}</span>
            </>
          )}
          <span className="task-drawer-spacer" />
          {!job.is_canceled && ownView && <TaskActionsMenu jobId={job.id} task={task} />}
        </div>
        {form.document.description && <p className="muted task-drawer-description">{form.document.description}</p>}
        <Notices job={job} task={task} viewer={viewer} readonlyReason={readonlyReason} />
        {editor.restored && !editor.conflict && (
          <Callout intent="primary" icon="floppy-disk" compact className="task-notice">
            Your unsaved changes from {new Date(editor.restored).toLocaleString()} were restored from this device.{' '}
            <Button variant="minimal" size="small" text="Discard them" onClick={editor.discardLocal} />
          </Callout>
        )}
        {task.produces_documents && (
          <section className="task-documents" aria-label="Documents and signature status">
            <h3 className="job-section-title">Documents and signature status</h3>
            <DocumentsPanel jobId={job.id} taskId={task.id} />
          </section>
        )}
        <TaskFormView
          form={form}
          formData={editor.data}
          onChange={editor.onChange}
          onBlurField={editor.onBlurField}
          errors={editor.errors}
          warnings={editor.warnings}
          context={context}
          readonly={readonly}
          job={job.facts}
        />
      </div>
      {!readonly && (
        <div className={`${Classes.DRAWER_FOOTER} task-drawer-footer`}>
          <div className="task-drawer-state" aria-live="polite">
            {editor.formError ? (
              <span className="rjsf-bp-error">
                <Icon icon="error" size={12} /> {editor.formError}
              </span>
            ) : (
              <span className={editor.dirty ? 'rjsf-bp-warning' : 'muted'}>{saveState}</span>
            )}
          </div>
          <div className="task-drawer-buttons">
            <Button
              text="Save draft"
              icon="floppy-disk"
              onClick={() => void editor.saveAsDraft()}
              loading={editor.busy === 'draft'}
              disabled={!!editor.busy || (!editor.dirty && !editor.restored)}
            />
            <Button
              text={task.status === 'COMPLETE' ? 'Resubmit' : 'Submit'}
              intent="primary"
              icon="send-message"
              onClick={() => void submit()}
              loading={editor.busy === 'submit'}
              disabled={!!editor.busy}
            />
          </div>
        </div>
      )}
      {editor.conflict && (
        <ConflictDialog
          conflict={editor.conflict}
          form={form.document}
          onMerge={editor.loadMineOnTop}
          onTakeTheirs={editor.takeTheirs}
          onClose={editor.dismissConflict}
        />
      )}
      <Dialog
        isOpen={closing}
        onClose={() => setClosing(false)}
        title="Unsaved changes"
        icon="floppy-disk"
        className="job-dialog"
      >
        <DialogBody>
          <p>
            You have changes that are not saved yet. They are kept on this device, but nobody else can see them until
            you save a draft.
          </p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Close, keep on this device" onClick={onClose} />
              <Button
                text="Save draft and close"
                intent="primary"
                loading={editor.busy === 'draft'}
                onClick={() =>
                  void editor.saveAsDraft().then((ok) => {
                    if (ok) onClose();
                    else setClosing(false);
                  })
                }
              />
            </>
          }
        >
          <Button variant="minimal" text="Keep editing" onClick={() => setClosing(false)} />
        </DialogFooter>
      </Dialog>
    </>
  );
}

export function TaskDrawer(props: TaskDrawerProps) {
  const { job, taskId, onClose } = props;
  const listed = job.tasks.find((t) => t.id === taskId);
  const task = useTask(job.id, taskId);
  const shown = task.data ?? listed;
  const doc = useFormDocument(
    shown && { form: shown.form, form_version: shown.form_version, job_id: job.id, task_id: taskId },
  );
  const form = useMemo(() => (doc.data ? clientForm(doc.data) : null), [doc.data]);
  const [closing, setClosing] = useState(false);
  const dirty = useRef(false);
  const requestClose = () => (dirty.current ? setClosing(true) : onClose());
  const error = task.error ?? doc.error;
  const title = task.data?.title ?? listed?.title ?? 'Task';
  return (
    <Drawer
      isOpen
      onClose={requestClose}
      title={title}
      icon="form"
      className="task-drawer"
      size="min(760px, 100vw)"
      canOutsideClickClose={false}
    >
      {error ? (
        <div className={Classes.DRAWER_BODY}>
          <NonIdealState
            icon="error"
            title={
              error instanceof ApiError && error.status === 404
                ? 'This task was not found on this job.'
                : error instanceof ApiError
                  ? error.message
                  : 'Unexpected error occurred.'
            }
          />
        </div>
      ) : task.data && form ? (
        <Editor
          key={task.data.id}
          {...props}
          task={task.data}
          form={form}
          closing={closing}
          setClosing={setClosing}
          onClose={onClose}
          dirtyRef={dirty}
        />
      ) : (
        <div className={Classes.DRAWER_BODY}>
          <Spinner className="page-state" aria-label="Loading the form" />
        </div>
      )}
    </Drawer>
  );
}
