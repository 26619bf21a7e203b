/**
 * One inspection (/inspections/{jobId}/{reviewId}, issue 43), for ops and the inspector it is assigned to, on a phone
 * at the site or at a desk: where, whom to call, why the job was sampled, and the review's checklists for this job
 * (every job's, and one per measure of its rebate), each item passed, passed with minor issues or failed, with the
 * readings. Recording sends the answers; the outcome follows from them (any failed item fails the review and asks the
 * contractor for a correction), and the page says which. Nobody picks "passed" or "failed" by hand.
 */

import { Button, Callout, Card, FormGroup, NonIdealState, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { RecordedOutcome } from '../../../../engine/api/quality.ts';
import { pathTo } from '../../../config/paths.ts';
import { TaskFormView, validateClientForm, type ClientForm, type FieldMessage } from '../../../forms/index.ts';
import { ApiError, CLIENT_MESSAGES } from '../../../lib/api-client.ts';
import { LoadState } from '../../../lib/components/load-state.tsx';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { successToast, warningToast } from '../../../lib/toaster.ts';
import { useSession } from '../../../lib/use-auth.ts';
import {
  downloadChecklistPhoto,
  uploadChecklistPhoto,
  useChecklistForms,
  useInspection,
  useRecordInspection,
  type Inspection,
} from '../api/inspections.ts';
import { InspectionFacts } from './inspection-facts.tsx';
import { VisitButton } from './visit-dialog.tsx';
import { JobEvidence } from './job-evidence.tsx';
import '../inspections.css';

const BACK = { to: pathTo('Inspections'), label: 'Inspections' };
const day = (iso: string) => new Date(iso).toLocaleDateString([], { dateStyle: 'medium' });

/** The server's messages of a 422, by checklist (paths `checklists/<form>/<field>`; `checklists/<form>` whole). */
function messagesByForm(error: unknown): { byForm: Record<string, FieldMessage[]>; other: string[] } {
  const byForm: Record<string, FieldMessage[]> = {};
  const other: string[] = [];
  if (!(error instanceof ApiError) || error.status !== 422) return { byForm, other };
  for (const e of error.fieldErrors) {
    const m = /^checklists\/([^/]+)(?:\/(.+))?$/.exec(e.path);
    if (m?.[2]) (byForm[m[1]] ??= []).push({ path: m[2].replace(/\//g, '.'), message: e.message });
    else other.push(m ? `${m[1]}: ${e.message}` : e.message);
  }
  return { byForm, other };
}

/** What the recorded review gave, in words. */
export function outcomeSentence(r: RecordedOutcome): string {
  const minor = r.minor_issues.length ? ` Minor issues noted: ${r.minor_issues.join('; ')}.` : '';
  return r.outcome === 'pass'
    ? `The review passed.${minor}`
    : `The review failed: the contractor is asked to correct it. ${r.finding ?? ''}`.trim();
}

function Checklists({ inspection, forms, back }: { inspection: Inspection; forms: ClientForm[]; back: string }) {
  const navigate = useNavigate();
  const record = useRecordInspection();
  const [data, setData] = useState<Record<string, Record<string, unknown>>>({});
  const [local, setLocal] = useState<Record<string, FieldMessage[]>>({});
  const [note, setNote] = useState('');
  // Photos go to the inspection (the checklist's field), and come back through it: one context per checklist, kept
  // while the page shows (a new one would fetch every thumbnail again).
  const { job_id: jobId, review_id: reviewId } = inspection;
  const keys = forms.map((f) => f.document.key).join(' ');
  const contexts = useMemo(() => {
    const at = { job_id: jobId, review_id: reviewId };
    return Object.fromEntries(
      keys.split(' ').map((key) => [
        key,
        {
          job_id: jobId,
          upload: (file: File, field: string) => uploadChecklistPhoto(at, key, field, file),
          download: (a: { id: string }) => downloadChecklistPhoto(at, a),
        },
      ]),
    );
  }, [jobId, reviewId, keys]);
  const server = messagesByForm(record.error);
  const refused =
    record.error && !(record.error instanceof ApiError && record.error.status === 422)
      ? record.error instanceof ApiError
        ? record.error.message
        : CLIENT_MESSAGES.unexpected
      : null;
  const submit = () => {
    const found: Record<string, FieldMessage[]> = {};
    for (const f of forms) {
      const checked = validateClientForm(f, data[f.document.key] ?? {});
      if (!checked.ok) found[f.document.key] = checked.errors;
    }
    setLocal(found);
    if (Object.keys(found).length) {
      document
        .querySelector('.inspection-checklist [role="alert"], .inspection-checklist .rjsf-bp-error')
        ?.scrollIntoView({
          block: 'center',
        });
      return;
    }
    record.mutate(
      { inspection, body: { checklists: data, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: (r) => {
          (r.outcome === 'pass' ? successToast : warningToast)(outcomeSentence(r));
          navigate(back);
        },
      },
    );
  };
  return (
    <>
      {forms.map((f) => {
        const key = f.document.key;
        return (
          <Card key={key} className="inspection-checklist" data-checklist={key}>
            <h2 className="inspection-checklist-title">{f.document.title}</h2>
            {f.document.description && <p className="muted">{f.document.description}</p>}
            <TaskFormView
              form={f}
              formData={data[key] ?? {}}
              onChange={(next) => setData((d) => ({ ...d, [key]: next }))}
              errors={[...(local[key] ?? []), ...(server.byForm[key] ?? [])]}
              context={contexts[key]}
            />
          </Card>
        );
      })}
      <Card className="inspection-checklist inspection-record">
        <FormGroup
          label="Note"
          labelInfo="(optional)"
          labelFor="inspection-note"
          subLabel="Anything the checklists do not say; it goes with the outcome."
        >
          <TextArea
            id="inspection-note"
            fill
            autoResize
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </FormGroup>
        {server.other.map((m) => (
          <Callout key={m} intent="danger" icon="error" compact>
            {m}
          </Callout>
        ))}
        {refused && (
          <Callout intent="danger" icon="error" compact>
            {refused}
          </Callout>
        )}
        <p className="muted">The outcome follows from the items: any failed item fails the review.</p>
        <Button intent="primary" icon="tick" text="Record the review" loading={record.isPending} onClick={submit} />
      </Card>
    </>
  );
}

function Summary({ i }: { i: Inspection }) {
  const open = i.state === 'unassigned' || i.state === 'assigned';
  return (
    <Card className="inspection-card">
      <InspectionFacts
        i={i}
        before={[['Where', i.address]]}
        after={[
          ['Due', i.overdue ? <strong className="inspection-overdue">Overdue: {day(i.due_at)}</strong> : day(i.due_at)],
        ]}
      />
      <p className="muted inspection-why">{i.explanation}</p>
      {i.kind === 'field_inspection' && open && <VisitButton inspection={i} />}
    </Card>
  );
}

export function Component() {
  const params = useParams();
  const jobId = Number(params.jobId);
  const reviewId = params.reviewId ?? '';
  const inspection = useInspection(jobId, reviewId);
  const role = useSession()?.user.role;
  // Opened from a job's page: back there (the link says so); else the inspections.
  const from = (useLocation().state as { back?: string } | null)?.back;
  const back = from && /^\/(?!\/)/.test(from) ? { to: from, label: 'Job' } : BACK;
  const i = inspection.data;
  const forms = useChecklistForms(i?.checklists?.map((c) => c.form) ?? []);
  if (!i)
    return (
      <>
        <PageHeading title="Inspection" back={back} />
        <LoadState error={inspection.error} notFoundTitle="Inspection not found" back={back} />
      </>
    );
  const done = i.state === 'passed' || i.state === 'failed';
  const ops = role === 'ops';
  const loaded = forms.every((f) => f.data);
  const failed = forms.find((f) => f.error)?.error;
  return (
    <div className="inspection-page">
      <PageHeading
        title={`${i.review} · ${i.job_code}`}
        back={back}
        subtitle={
          <>
            <span>{i.program}</span>
            <Tag minimal intent={done ? (i.state === 'passed' ? 'success' : 'danger') : 'primary'}>
              {done ? (i.state === 'passed' ? 'Passed' : 'Failed') : 'To record'}
            </Tag>
          </>
        }
      />
      <Summary i={i} />
      {ops && i.kind === 'desk_review' && !done && <JobEvidence jobId={i.job_id} />}
      {done ? (
        <Callout intent={i.state === 'passed' ? 'success' : 'danger'} className="inspection-done">
          Recorded {i.outcome_at ? day(i.outcome_at) : ''}
          {i.outcome_note ? `: ${i.outcome_note}` : '.'}{' '}
          {ops && <Link to={pathTo('JobDetail', { jobId: i.job_id })}>Open the job</Link>}
        </Callout>
      ) : failed ? (
        <NonIdealState icon="error" title="The checklists could not be loaded." />
      ) : loaded ? (
        <Checklists inspection={i} forms={forms.map((f) => f.data!)} back={back.to} />
      ) : (
        <Spinner className="page-state" aria-label="Loading the checklists" />
      )}
    </div>
  );
}
