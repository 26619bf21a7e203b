/**
 * The job's actions, as the server says the signed-in user may take them now (`job.abilities`): history,
 * claim, reassign the ops owner, set as deemed / undo, mark ineligible / undo, regenerate documents,
 * clone, cancel / restore. The frequent ones are buttons, the rest a menu.
 */

import { Alert, Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { successToast } from '../../../lib/toaster.ts';
import type { JobDetail } from '../api/get-job.ts';
import {
  claimJob,
  restoreJob,
  setJobAsDeemed,
  undoDeemed,
  undoEligibilityOverride,
  undoIneligible,
  useJobAction,
} from '../api/job-actions.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { CloneDialog } from './clone-dialog.tsx';
import { MarkIneligibleDialog } from './mark-ineligible-dialog.tsx';
import { OpsOwnerDialog } from './ops-owner-dialog.tsx';
import { RegenerateDialog } from './regenerate-dialog.tsx';

type Open = null | 'cancel' | 'clone' | 'regenerate' | 'deemed' | 'ineligible' | 'override' | 'owner';

export function JobActionsBar({ job, onHistory }: { job: JobDetail; onHistory: () => void }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const claim = useJobAction(job.id, () => claimJob(job.id));
  const deemed = useJobAction(job.id, () => setJobAsDeemed(job.id));
  const notDeemed = useJobAction(job.id, () => undoDeemed(job.id));
  const eligibleAgain = useJobAction(job.id, () => undoIneligible(job.id));
  const gateAgain = useJobAction(job.id, () => undoEligibilityOverride(job.id));
  const restore = useJobAction(job.id, () => restoreJob(job.id));
  const close = () => setOpen(null);
  const can = job.abilities;
  const admin = [
    can.assign_ops_owner && (
      <MenuItem key="owner" icon="person" text="Reassign ops owner…" onClick={() => setOpen('owner')} />
    ),
    can.set_deemed && <MenuItem key="deemed" icon="tick" text="Set as deemed" onClick={() => setOpen('deemed')} />,
    can.undo_deemed && (
      <MenuItem
        key="undo-deemed"
        icon="undo"
        text="Undo deemed"
        onClick={() => notDeemed.mutate(undefined, { onSuccess: () => successToast('The job is no longer deemed.') })}
      />
    ),
    can.mark_ineligible && (
      <MenuItem key="ineligible" icon="ban-circle" text="Mark ineligible…" onClick={() => setOpen('ineligible')} />
    ),
    can.undo_ineligible && (
      <MenuItem
        key="undo-ineligible"
        icon="undo"
        text="Undo ineligible"
        onClick={() =>
          eligibleAgain.mutate(undefined, {
            onSuccess: () => successToast('Eligibility is again the program’s rules’.'),
          })
        }
      />
    ),
    can.override_eligibility && (
      <MenuItem
        key="override"
        icon="flag"
        text="Let it go on although ineligible…"
        onClick={() => setOpen('override')}
      />
    ),
    can.undo_eligibility_override && (
      <MenuItem
        key="undo-override"
        icon="undo"
        text="Undo eligibility override"
        onClick={() =>
          gateAgain.mutate(undefined, {
            onSuccess: () => successToast('The ineligible job stops at submission again.'),
          })
        }
      />
    ),
    can.regenerate_documents && (
      <MenuItem key="regenerate" icon="refresh" text="Regenerate documents…" onClick={() => setOpen('regenerate')} />
    ),
    can.clone && (
      <MenuItem key="clone" icon="duplicate" text="Clone to another program…" onClick={() => setOpen('clone')} />
    ),
  ].filter(Boolean);
  const lifecycle = [
    can.restore && (
      <MenuItem
        key="restore"
        icon="undo"
        text="Restore job"
        onClick={() => restore.mutate(undefined, { onSuccess: () => successToast('Job restored.') })}
      />
    ),
    can.cancel && (
      <MenuItem key="cancel" icon="disable" intent="danger" text="Cancel job…" onClick={() => setOpen('cancel')} />
    ),
  ].filter(Boolean);
  const menu = (
    <Menu>
      {admin}
      {admin.length > 0 && lifecycle.length > 0 && <MenuDivider />}
      {lifecycle}
    </Menu>
  );
  return (
    <div className="job-actions">
      {can.claim && (
        <Button
          icon="hand"
          text="Claim"
          loading={claim.isPending}
          onClick={() => claim.mutate(undefined, { onSuccess: () => successToast('Job claimed.') })}
        />
      )}
      {can.restore && (
        <Button
          icon="undo"
          intent="primary"
          text="Restore"
          loading={restore.isPending}
          onClick={() => restore.mutate(undefined, { onSuccess: () => successToast('Job restored.') })}
        />
      )}
      {can.history && <Button icon="history" text="History" onClick={onHistory} />}
      {admin.length + lifecycle.length > 0 && (
        <PopoverNext content={menu} placement="bottom-end">
          <Button icon="more" text="Actions" endIcon="caret-down" />
        </PopoverNext>
      )}
      <CancelDialog
        jobId={job.id}
        isOpen={open === 'cancel'}
        onClose={close}
        onDone={() => {
          close();
          successToast('Job canceled.');
        }}
      />
      <CloneDialog
        job={job}
        isOpen={open === 'clone'}
        onClose={close}
        onDone={(clone) => {
          close();
          successToast(`Job cloned to ${clone.program.name}.`);
          navigate(pathTo('JobDetail', { jobId: clone.id }));
        }}
      />
      {open === 'regenerate' && <RegenerateDialog job={job} isOpen onClose={close} />}
      {open === 'owner' && (
        <OpsOwnerDialog job={job} isOpen onClose={close} onDone={() => (close(), successToast('Ops owner saved.'))} />
      )}
      <MarkIneligibleDialog
        jobId={job.id}
        isOpen={open === 'ineligible'}
        onClose={close}
        onDone={() => {
          close();
          successToast('Job marked ineligible.');
        }}
      />
      <MarkIneligibleDialog
        mode="override"
        jobId={job.id}
        isOpen={open === 'override'}
        onClose={close}
        onDone={() => {
          close();
          successToast('The job may go on although the rules find it ineligible.');
        }}
      />
      <Alert
        isOpen={open === 'deemed'}
        icon="tick"
        intent="primary"
        confirmButtonText="Set as deemed"
        cancelButtonText="Cancel"
        loading={deemed.isPending}
        onCancel={close}
        onConfirm={() => deemed.mutate(undefined, { onSuccess: () => (close(), successToast('Job set as deemed.')) })}
      >
        Set this job as deemed? Its savings are then deemed, not measured.
      </Alert>
    </div>
  );
}
