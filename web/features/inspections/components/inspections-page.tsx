/**
 * Inspections (/inspections, issue 43). Ops: the queue of every sampled review, soonest due first, filtered by program,
 * inspector, state and due (kept in the URL), each assigned or reassigned to an inspector; ops give an inspector a
 * sign-in. An inspector: their day on a phone, each visit's address, whom to call, what is due, and a way to its
 * checklists (inspection-page.tsx). The list is read again whenever a job changes (the change feed).
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
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { INSPECTION_STATES, type Inspector } from '../../../../engine/api/inspections.ts';
import { ApiError, CLIENT_MESSAGES, api } from '../../../lib/api-client.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { pathTo } from '../../../config/paths.ts';
import { useSession } from '../../../lib/use-auth.ts';
import { usePrograms } from '../../programs/api/get-programs.ts';
import {
  inspectionKeys,
  useAssignInspector,
  useInspections,
  useInspectors,
  type Inspection,
  type InspectionFilters,
} from '../api/inspections.ts';
import { useQueryClient } from '@tanstack/react-query';
import { InspectionFacts } from './inspection-facts.tsx';
import '../inspections.css';

const STATE_LABELS: Record<Inspection['state'], string> = {
  unassigned: 'Not assigned',
  assigned: 'To inspect',
  passed: 'Passed',
  failed: 'Failed',
};
const STATE_INTENT = { unassigned: 'warning', assigned: 'primary', passed: 'success', failed: 'danger' } as const;

const day = (iso: string) => new Date(iso).toLocaleDateString([], { dateStyle: 'medium' });
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : CLIENT_MESSAGES.unexpected);

function Due({ i }: { i: Inspection }) {
  if (i.state === 'passed' || i.state === 'failed')
    return <span className="muted">Recorded {i.outcome_at ? day(i.outcome_at) : ''}</span>;
  return i.overdue ? (
    <strong className="inspection-overdue">Overdue: due {day(i.due_at)}</strong>
  ) : (
    <span>Due {day(i.due_at)}</span>
  );
}

function AssignSelect({ i, inspectors }: { i: Inspection; inspectors: { id: number; name: string }[] }) {
  const assign = useAssignInspector();
  const id = `assign-${i.job_id}-${i.review_id}`;
  return (
    <FormGroup label="Inspector" labelFor={id} className="inspection-assign">
      <HTMLSelect
        id={id}
        value={i.inspector?.id ?? ''}
        disabled={assign.isPending || i.state === 'passed'}
        onChange={(e) => {
          const inspector_id = Number(e.target.value);
          if (inspector_id) assign.mutate({ inspection: i, body: { inspector_id } });
        }}
        options={[
          ...(i.inspector ? [] : [{ value: '', label: 'Choose an inspector' }]),
          ...inspectors.map((x) => ({ value: x.id, label: x.name })),
        ]}
      />
      {assign.isError && <div className="inspection-error">{errorText(assign.error)}</div>}
    </FormGroup>
  );
}

/** Where the review is recorded: its checklists, on a page of their own. */
function ChecklistLink({ i, primary }: { i: Inspection; primary: boolean }) {
  return (
    <Link
      className={`bp6-button ${primary ? 'bp6-intent-primary' : 'bp6-variant-outlined'} inspection-open`}
      to={pathTo('InspectionDetail', { jobId: i.job_id, reviewId: i.review_id })}
    >
      {primary ? 'Open the checklist' : 'Record the review…'}
    </Link>
  );
}

function InspectionCard({
  i,
  ops,
  inspectors,
}: {
  i: Inspection;
  ops: boolean;
  inspectors: { id: number; name: string }[];
}) {
  return (
    <Card className="inspection-card" data-inspection={`${i.job_id}:${i.review_id}`}>
      <div className="inspection-head">
        <h2 className="inspection-title">
          {i.review} · {i.program}
        </h2>
        <Tag minimal intent={STATE_INTENT[i.state]}>
          {STATE_LABELS[i.state]}
        </Tag>
      </div>
      <p className="inspection-address">{i.address}</p>
      <InspectionFacts
        i={i}
        after={[
          ['Job', ops ? <Link to={`/${i.job_id}`}>{i.job_code}</Link> : i.job_code],
          ['When', <Due i={i} />],
        ]}
      />
      <p className="muted inspection-why">{i.explanation}</p>
      {i.outcome_note && (
        <Callout compact intent={i.state === 'failed' ? 'danger' : 'none'}>
          {i.outcome_note}
        </Callout>
      )}
      {ops && <AssignSelect i={i} inspectors={inspectors} />}
      {(i.state === 'assigned' || (ops && i.state === 'unassigned')) && <ChecklistLink i={i} primary={!ops} />}
    </Card>
  );
}

function AddInspector({ onClose }: { onClose: () => void }) {
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api<Inspector>('POST', '/api/inspectors', { body: { name: name.trim(), email: email.trim() } });
      await qc.invalidateQueries({ queryKey: inspectionKeys.inspectors });
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title="Add an inspector" onClose={onClose} className="inspection-dialog">
      <DialogBody>
        <p>They get an email with a link to sign in, and see only the inspections you assign to them.</p>
        <FormGroup label="Name" labelFor="inspector-name">
          <InputGroup id="inspector-name" value={name} onChange={(e) => setName(e.target.value)} />
        </FormGroup>
        <FormGroup label="Email" labelFor="inspector-email">
          <InputGroup id="inspector-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </FormGroup>
        {error && <Callout intent="danger">{error}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              intent="primary"
              text="Add inspector"
              loading={busy}
              disabled={!name.trim() || !email.trim()}
              onClick={() => void save()}
            />
          </>
        }
      />
    </Dialog>
  );
}

function Filters({ inspectors }: { inspectors: { id: number; name: string }[] }) {
  const [params, setParams] = useSearchParams();
  const programs = usePrograms();
  const set = (key: keyof InspectionFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const select = (key: keyof InspectionFilters, label: string, options: { value: string; label: string }[]) => (
    <FormGroup label={label} labelFor={`filter-${key}`}>
      <HTMLSelect
        id={`filter-${key}`}
        value={params.get(key) ?? ''}
        onChange={(e) => set(key, e.target.value)}
        options={[{ value: '', label: 'All' }, ...options]}
      />
    </FormGroup>
  );
  return (
    <div className="inspection-filters">
      {select(
        'program_id',
        'Program',
        (programs.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })),
      )}
      {select(
        'inspector_id',
        'Inspector',
        inspectors.map((x) => ({ value: String(x.id), label: x.name })),
      )}
      {select(
        'state',
        'State',
        INSPECTION_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] })),
      )}
      {select('due', 'Due', [
        { value: 'overdue', label: 'Overdue' },
        { value: 'week', label: 'Within a week' },
      ])}
    </div>
  );
}

export function Component() {
  const ops = useSession()?.user.role === 'ops';
  const [params] = useSearchParams();
  const filters: InspectionFilters = ops
    ? {
        program_id: params.get('program_id') ?? undefined,
        inspector_id: params.get('inspector_id') ?? undefined,
        state: params.get('state') ?? undefined,
        due: params.get('due') ?? undefined,
      }
    : {};
  const q = useInspections(filters);
  const inspectors = useInspectors(ops);
  const [adding, setAdding] = useState(false);
  const people = inspectors.data?.items ?? [];
  if (q.isError && !q.data)
    return (
      <NonIdealState
        className="page-state"
        icon="error"
        title={errorText(q.error)}
        action={<Button text="Try again" icon="refresh" onClick={() => void q.refetch()} />}
      />
    );
  if (!q.data) return <Spinner className="page-state" aria-label="Loading" />;
  return (
    <div className="inspections-page">
      <PageHeading
        title={ops ? 'Inspections' : 'Your inspections'}
        subtitle={
          ops
            ? 'Every job sampled for a desk review or a field inspection, soonest due first. Assign each to an inspector.'
            : 'The visits assigned to you, soonest due first. Record what you found once you have seen the work.'
        }
        actions={ops ? <Button icon="new-person" text="Add inspector" onClick={() => setAdding(true)} /> : undefined}
      />
      {ops && <Filters inspectors={people} />}
      {q.data.items.length === 0 ? (
        <NonIdealState
          icon="tick-circle"
          title={ops ? 'No inspection matches' : 'Nothing to inspect'}
          description={ops ? 'Try other filters.' : 'Inspections assigned to you show here.'}
        />
      ) : (
        <ul className="inspection-list" aria-busy={q.isFetching}>
          {q.data.items.map((i) => (
            <li key={`${i.job_id}:${i.review_id}`}>
              <InspectionCard i={i} ops={ops} inspectors={people} />
            </li>
          ))}
        </ul>
      )}
      {adding && <AddInspector onClose={() => setAdding(false)} />}
    </div>
  );
}
