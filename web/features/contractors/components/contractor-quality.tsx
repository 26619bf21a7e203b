/**
 * The contractor's quality record (issue 43), on its page for ops and the company's own users: its standing in each
 * program with quality rules (provisional until enough reviews passed, full, on probation, suspended), reviews passed
 * and failed with the pass rate, the corrective actions still open (each a link to its job, overdue ones marked), and
 * the latest changes of standing with their causes. Ops set a standing by hand with a reason.
 */

import {
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CONTRACTOR_STANDINGS, type ContractorStanding } from '../../../../engine/types-quality.ts';
import { pathTo } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldErrorsOf, fieldProps } from '../../../lib/components/field-errors.ts';
import { successToast } from '../../../lib/toaster.ts';
import { MESSAGES } from '../../../../engine/forms/messages.ts';
import { useContractorQuality, useSetStanding, type ContractorQuality } from '../api/contractor-quality.ts';

/** Each standing as people read it, and how it shows. */
export const STANDING_TEXT: Record<
  ContractorStanding,
  { label: string; intent: 'none' | 'success' | 'warning' | 'danger'; means: string }
> = {
  provisional: { label: 'Provisional', intent: 'none', means: 'New to the program: its first jobs are inspected.' },
  full: { label: 'Full', intent: 'success', means: 'Jobs are sampled at the program’s rate.' },
  probation: { label: 'Probation', intent: 'warning', means: 'Every job is inspected until it passes again.' },
  suspended: { label: 'Suspended', intent: 'danger', means: 'No new jobs in this program.' },
};

const ACTION_STATE = {
  open: 'Waiting on the contractor',
  answered: 'Answered: waiting on ops',
  reinspection: 'Waiting on a re-inspection',
} as const;

const day = (iso: string) => new Date(iso).toLocaleDateString([], { dateStyle: 'medium' });
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** How many of the latest standing changes the card lists. */
export const CHANGES_SHOWN = 10;

function StandingDialog({
  contractorId,
  programs,
  onClose,
}: {
  contractorId: number;
  programs: ContractorQuality['programs'];
  onClose: () => void;
}) {
  const set = useSetStanding(contractorId);
  const [programId, setProgramId] = useState(programs[0]?.program_id ?? '');
  const current = programs.find((p) => p.program_id === programId)?.standing;
  const [standing, setStanding] = useState<ContractorStanding | ''>('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const server = fieldErrorsOf(set.error);
  const errors = {
    ...server,
    ...(tried && !standing ? { standing: MESSAGES.required } : {}),
    ...(tried && !reason.trim() ? { reason: MESSAGES.required } : {}),
  };
  const refused = set.error instanceof ApiError && set.error.status !== 422 ? set.error.message : null;
  const save = () => {
    setTried(true);
    if (!standing || !reason.trim()) return;
    set.mutate(
      { program_id: programId, standing: standing as ContractorStanding, reason },
      {
        onSuccess: () => {
          successToast(`Standing set to ${STANDING_TEXT[standing as ContractorStanding].label.toLowerCase()}.`);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog isOpen onClose={onClose} title="Set standing" icon="edit" className="contractor-dialog">
      <DialogBody>
        <FormGroup label="Program" labelFor="standing-program" {...fieldProps(errors, 'program_id')}>
          <HTMLSelect
            id="standing-program"
            fill
            value={programId}
            onChange={(e) => setProgramId(e.currentTarget.value)}
            options={programs.map((p) => ({ value: p.program_id, label: p.program_name }))}
          />
        </FormGroup>
        <FormGroup
          label="New standing"
          labelFor="standing-value"
          subLabel={current ? `Now ${STANDING_TEXT[current].label.toLowerCase()}.` : undefined}
          {...fieldProps(errors, 'standing')}
        >
          <HTMLSelect
            id="standing-value"
            fill
            value={standing}
            onChange={(e) => setStanding(e.currentTarget.value as ContractorStanding)}
          >
            <option value="">Select a standing…</option>
            {CONTRACTOR_STANDINGS.map((s) => (
              <option key={s} value={s}>
                {STANDING_TEXT[s].label}: {STANDING_TEXT[s].means}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label="Reason"
          labelFor="standing-reason"
          subLabel="Kept in the contractor’s record with the change."
          {...fieldProps(errors, 'reason')}
        >
          <TextArea id="standing-reason" fill autoResize value={reason} onChange={(e) => setReason(e.target.value)} />
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
            <Button intent="primary" text="Set standing" loading={set.isPending} onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}

/** The quality card of the contractor's page (nothing when no program has quality rules). */
export function ContractorQualityCard({
  contractorId,
  homeProgram,
  canSet,
}: {
  contractorId: number;
  /** The company's own program: always listed. */
  homeProgram?: string | null;
  canSet: boolean;
}) {
  const query = useContractorQuality(contractorId);
  const [setting, setSetting] = useState(false);
  const q = query.data;
  if (query.error)
    return (
      <Callout intent="danger" icon="error" className="contractor-quality">
        The quality record could not be read: {query.error instanceof Error ? query.error.message : 'unexpected error'}
      </Callout>
    );
  if (!q) return <div className="bp6-skeleton contractor-quality-loading">Loading the quality record</div>;
  if (!q.programs.length) return null;
  const name = (id: string) => q.programs.find((p) => p.program_id === id)?.program_name ?? id;
  // The programs with something to say: its own, and those where it was reviewed or its standing moved.
  const listed = q.programs.filter(
    (p) => p.program_id === homeProgram || p.passed + p.failed > 0 || p.standing !== 'provisional',
  );
  const others = q.programs.length - listed.length;
  const where = listed.length
    ? others === 1
      ? 'In the other program'
      : `In the other ${others} programs`
    : others === 1
      ? 'In its program'
      : `In all ${others} programs`;
  return (
    <Card className="contractor-card contractor-quality" aria-labelledby="contractor-quality-title" role="region">
      <div className="contractor-quality-head">
        <h2 id="contractor-quality-title">Quality</h2>
        {canSet && <Button icon="edit" text="Set standing…" onClick={() => setSetting(true)} />}
      </div>
      <div className="contractor-table-scroll" tabIndex={0} role="region" aria-label="Standing by program">
        <table className="bp6-html-table bp6-compact contractor-quality-table">
          <thead>
            <tr>
              <th scope="col">Program</th>
              <th scope="col">Standing</th>
              <th scope="col">Passed</th>
              <th scope="col">Failed</th>
              <th scope="col">Pass rate</th>
            </tr>
          </thead>
          <tbody>
            {listed.map((p) => (
              <tr key={p.program_id}>
                <th scope="row">{p.program_name}</th>
                <td>
                  <Tag minimal intent={STANDING_TEXT[p.standing].intent} title={STANDING_TEXT[p.standing].means}>
                    {STANDING_TEXT[p.standing].label}
                  </Tag>
                </td>
                <td>{p.passed}</td>
                <td>{p.failed}</td>
                <td>{percent(p.pass_rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {others > 0 && (
        <p className="muted contractor-quality-others">
          {where} with quality rules: provisional, nothing reviewed yet.
        </p>
      )}
      <h3>Open corrective actions</h3>
      {q.open_actions.length ? (
        <ul className="contractor-quality-actions">
          {q.open_actions.map((a) => (
            <li key={a.id}>
              <Link to={pathTo('JobDetail', { jobId: a.job_id })}>{a.job_code}</Link> · {name(a.program_id)},{' '}
              {a.review.toLowerCase()}: {a.finding ?? 'no finding noted'}
              <div className="muted">
                {ACTION_STATE[a.state]} · answer due {day(a.due_at)}{' '}
                {a.overdue && (
                  <Tag minimal intent="danger">
                    Overdue
                  </Tag>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">None open.</p>
      )}
      <h3>Changes of standing</h3>
      {q.changes.length ? (
        <ul className="contractor-quality-changes">
          {q.changes.slice(0, CHANGES_SHOWN).map((c, i) => (
            <li key={`${c.at}-${i}`}>
              <span className="muted">{day(c.at)}</span> · {name(c.program_id)}: {STANDING_TEXT[c.standing].label}.{' '}
              {c.cause}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No changes yet.</p>
      )}
      {setting && (
        <StandingDialog contractorId={contractorId} programs={q.programs} onClose={() => setSetting(false)} />
      )}
    </Card>
  );
}
