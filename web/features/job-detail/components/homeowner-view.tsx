/**
 * The homeowner's view of a job (from GET /api/jobs/homeowner/{id}): look up the job, the rebate, their
 * tasks (household details, income estimate, income verification...), income verification guidance,
 * and 'My tasks are done'. Ops and contractors see it as the homeowner would.
 */

import {
  Button,
  Callout,
  Card,
  H3,
  H4,
  NonIdealState,
  Spinner,
  Tag,
  type IconName,
  type Intent,
} from '@blueprintjs/core';
import { useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { successToast } from '../../../lib/toaster.ts';
import { usePageSubject } from '../../../lib/page-subject.ts';
import { formatField, fieldLabel } from '../../../forms/values.ts';
import { useFormDocument } from '../api/get-form.ts';
import type { JobTask } from '../api/get-job.ts';
import { useConfirmTasksDone, useHomeownerView } from '../api/homeowner-view.ts';
import { HomeownerDocuments } from './homeowner-documents.tsx';
import type { HomeownerStanding } from '../../../../engine/api/misc.ts';
import './homeowner-words.css';
import { RebateSummary } from './rebate-tab.tsx';
import { CompletionRecord } from './completion-record.tsx';
import { StageProgress } from './stage-progress.tsx';
import { TaskList } from './task-list.tsx';
import { isOpenTask } from '../../../../engine/submission.ts';

type Node = Record<string, unknown>;

/** The household's answers as label / value pairs. */
function Household({ jobId, task }: { jobId: number; task: JobTask }) {
  const doc = useFormDocument({ form: task.form, form_version: task.form_version, job_id: jobId, task_id: task.id });
  const rows = useMemo(() => {
    if (!doc.data || !task.data) return [];
    const schema = doc.data.schema as Node;
    const ui = doc.data.ui_schema as Node | undefined;
    const order = (ui?.['ui:order'] as string[] | undefined) ?? Object.keys(task.data);
    return order
      .filter((k) => k in task.data! && !(ui?.[k] as Node | undefined)?.['ui:internal'])
      .map((k) => ({ label: fieldLabel(schema, ui, k), value: formatField(schema, ui, k, task.data![k]) }));
  }, [doc.data, task.data]);
  if (!task.data) return <p className="muted">Not filled in yet.</p>;
  if (!doc.data) return <Spinner size={20} />;
  return (
    <dl className="detail-list">
      {rows.map((r) => (
        <div key={r.label} className="detail-list-item">
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const TONE: Record<HomeownerStanding['tone'], { intent: Intent; icon: IconName }> = {
  progress: { intent: 'primary', icon: 'info-sign' },
  waiting: { intent: 'warning', icon: 'time' },
  stopped: { intent: 'danger', icon: 'error' },
  done: { intent: 'success', icon: 'tick-circle' },
};

/** Where the rebate stands, in the homeowner's words: what happened, what they can do, whom to ask. */
function Standing({ standing }: { standing: HomeownerStanding }) {
  const tone = TONE[standing.tone];
  return (
    <Callout intent={tone.intent} icon={tone.icon} title={standing.title} className="homeowner-standing">
      {standing.says.map((s) => (
        <p key={s}>{s}</p>
      ))}
      {standing.can_do && <p className="homeowner-can-do">{standing.can_do}</p>}
      <p className="homeowner-ask">{standing.ask}</p>
    </Callout>
  );
}

/** The documents the homeowner signs, with their copy (shown once there is one). */
function SignedDocumentsCard({ jobId }: { jobId: number }) {
  return (
    <Card className="homeowner-card homeowner-documents-card">
      <H4>Your documents</H4>
      <HomeownerDocuments jobId={jobId} empty={<p className="muted">Nothing to sign yet.</p>} />
    </Card>
  );
}

export function HomeownerView({
  jobId,
  canConfirm,
  onOpen,
  localDrafts,
  preview,
}: {
  jobId: number;
  canConfirm: boolean;
  onOpen: (taskId: string) => void;
  localDrafts: string[];
  preview: boolean;
}) {
  const view = useHomeownerView(jobId, true);
  const confirm = useConfirmTasksDone(jobId);
  const v = view.data;
  usePageSubject(v && !preview ? `${v.full_name} (${v.code})` : undefined);
  if (!v) {
    if (view.error)
      return (
        <NonIdealState
          icon="error"
          title={
            view.error instanceof ApiError && view.error.status === 404 ? 'Job not found' : 'Unexpected error occurred.'
          }
        />
      );
    return <Spinner className="page-state" />;
  }
  const open = v.tasks.filter(isOpenTask);
  const household = v.tasks.find((t) => t.form === 'home_details');
  const result = confirm.data;
  const title = (id: string) => v.tasks.find((t) => t.id === id)?.title ?? id.replace(/_/g, ' ');
  return (
    <div className="homeowner-view">
      {preview ? (
        <Callout icon="eye-open" compact className="task-notice">
          You are seeing this job as the homeowner sees it.
        </Callout>
      ) : (
        <Card className="homeowner-card">
          <div className="homeowner-lookup">
            <H3>{v.full_name}</H3>
            <div className="muted">{[v.address, v.city].filter(Boolean).join(', ')}</div>
            <div className="homeowner-tags">
              <Tag minimal>Job {v.code}</Tag>
              <Tag minimal intent="primary">
                {v.program.name}
              </Tag>
            </div>
          </div>
          <div>
            <div className="job-header-label">Where your rebate is</div>
            <StageProgress steps={v.stage.progress} />
          </div>
          <Standing standing={v.standing} />
        </Card>
      )}
      <Card className="homeowner-card">
        <div className="homeowner-tasks-head">
          <H3>Your tasks</H3>
          {canConfirm && open.length > 0 && (
            <Button
              intent="primary"
              icon="tick"
              text="My tasks are done"
              loading={confirm.isPending}
              onClick={() =>
                confirm.mutate(undefined, {
                  onSuccess: (r) => {
                    void view.refetch();
                    if (r.completed.length)
                      successToast(`${r.completed.length} ${r.completed.length === 1 ? 'task' : 'tasks'} completed.`);
                  },
                })
              }
            />
          )}
        </div>
        {v.tasks.length ? (
          <TaskList tasks={v.tasks} all={v.tasks} viewer="homeowner" onOpen={onOpen} localDrafts={localDrafts} />
        ) : (
          <p className="muted">Nothing to do right now.</p>
        )}
        {result && result.incomplete.length > 0 && (
          <Callout intent="warning" icon="warning-sign" className="task-notice" title="Some tasks still need answers">
            <ul>
              {result.incomplete.map((i) => (
                <li key={i.task_id}>
                  <Button
                    variant="minimal"
                    size="small"
                    intent="primary"
                    text={title(i.task_id)}
                    onClick={() => onOpen(i.task_id)}
                  />
                  : {i.errors.length} {i.errors.length === 1 ? 'answer is' : 'answers are'} missing or need a fix.
                </li>
              ))}
            </ul>
          </Callout>
        )}
      </Card>

      <Card className="homeowner-card">
        <H4>Your rebate</H4>
        <RebateSummary
          incentive={v.evaluation.incentive}
          viewer="homeowner"
          names={{ contractor: v.contractor?.name ?? null, homeowner: v.full_name }}
        />
        {v.completion_record && <CompletionRecord jobId={v.id} jobCode={v.code} record={v.completion_record} />}
      </Card>

      {!preview && <SignedDocumentsCard jobId={jobId} />}

      <div className="homeowner-grid">
        <Card className="homeowner-card">
          <H4>Income verification</H4>
          <p>There are two ways to verify your household income:</p>
          <ul className="homeowner-guidance">
            {v.income_guidance.types.map((t) => (
              <li key={t.value}>
                <strong>{t.label}</strong>: {t.help}
              </li>
            ))}
          </ul>
          {v.income_guidance.apply && (
            <p>
              Apply online with{' '}
              <a href={v.income_guidance.apply.url} target="_blank" rel="noreferrer">
                {v.income_guidance.apply.service}
              </a>
              .
            </p>
          )}
          <Callout intent="primary" icon="info-sign" compact>
            {v.income_guidance.upload_note} {v.income_guidance.timing_note}
          </Callout>
        </Card>
        <Card className="homeowner-card">
          <H4>Household details</H4>
          {household ? (
            <Household jobId={jobId} task={household} />
          ) : (
            <p className="muted">This program does not ask for household details.</p>
          )}
          {household && (
            <Button
              className="homeowner-edit"
              variant="outlined"
              icon="edit"
              text={household.data ? 'Review or change' : 'Fill in'}
              onClick={() => onOpen(household.id)}
            />
          )}
        </Card>
      </div>
    </div>
  );
}
