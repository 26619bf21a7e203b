/**
 * The job's quality assurance (issue 43), for ops and the job's contractor: each review's sampling decision and why;
 * for a sampled one its outcome (ops record it on the inspection's page, as its checklists) and the corrective action
 * a failure opened: what was found, by when, the contractor's answer (with the job's photos it points at), and ops
 * accepting it or asking for a re-inspection. Why payment approval waits, when it does.
 */

import { Button, Callout, Checkbox, FormGroup, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import type { JobDetail } from '../../../../engine/api/jobs.ts';
import { fieldErrorsOf, fieldProps } from '../../../lib/components/field-errors.ts';
import { successToast } from '../../../lib/toaster.ts';
import { useAttachments } from '../api/get-attachments.ts';
import { useAnswerAction, useDecideAction, type CorrectiveAction, type QualityDecision } from '../api/quality.ts';
import type { Viewer } from './job-text.ts';
import { Link } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString([], { dateStyle: 'medium' });

const ACTION_STATE = {
  open: { label: 'Waiting on the contractor', intent: 'warning' },
  answered: { label: 'Answered: waiting on ops', intent: 'primary' },
  reinspection: { label: 'Waiting on a re-inspection', intent: 'warning' },
  closed: { label: 'Closed', intent: 'success' },
} as const;

/** Ops: the review is recorded on its inspection's page, as its checklists (the outcome follows from them). */
function RecordLink({ jobId, review }: { jobId: number; review: QualityDecision }) {
  const again = review.corrective_action?.state === 'reinspection';
  return (
    <div className="quality-buttons">
      <Link
        className="bp6-button bp6-small bp6-variant-outlined"
        to={pathTo('InspectionDetail', { jobId, reviewId: review.review_id })}
        state={{ back: pathTo('JobDetail', { jobId }) }}
      >
        {again ? 'Record the re-inspection…' : 'Record the review…'}
      </Link>
    </div>
  );
}

/** The contractor: answer the action with what was corrected and the job's photos that show it. */
function AnswerForm({ jobId, action }: { jobId: number; action: CorrectiveAction }) {
  const answer = useAnswerAction(jobId);
  const files = useAttachments(jobId);
  const [note, setNote] = useState(action.answer_note ?? '');
  const [picked, setPicked] = useState<string[]>(action.answer_attachments);
  const errors = fieldErrorsOf(answer.error);
  const photos = (files.data ?? []).filter((f) => f.content_type.startsWith('image/'));
  const id = `quality-answer-${action.id}`;
  return (
    <div className="quality-answer-form">
      <FormGroup label="What was corrected?" labelFor={id} {...fieldProps(errors, 'note')}>
        <TextArea id={id} fill autoResize value={note} onChange={(e) => setNote(e.target.value)} />
      </FormGroup>
      {photos.length > 0 && (
        <FormGroup label="Photos that show it (the job’s uploads)">
          {photos.map((p) => (
            <Checkbox
              key={p.id}
              label={p.name}
              checked={picked.includes(p.id)}
              onChange={() => setPicked((x) => (x.includes(p.id) ? x.filter((y) => y !== p.id) : [...x, p.id]))}
            />
          ))}
        </FormGroup>
      )}
      <Button
        intent="primary"
        text={action.state === 'answered' ? 'Update answer' : 'Send answer'}
        loading={answer.isPending}
        onClick={() =>
          answer.mutate(
            { action_id: action.id, note, attachment_ids: picked },
            { onSuccess: () => successToast('Answer sent: ops will accept it or re-inspect.') },
          )
        }
      />
    </div>
  );
}

function ActionCard({ jobId, action, viewer }: { jobId: number; action: CorrectiveAction; viewer: Viewer }) {
  const decide = useDecideAction(jobId);
  const s = ACTION_STATE[action.state];
  return (
    <div className="quality-action" data-action-state={action.state}>
      <div className="quality-action-head">
        <strong>Corrective action</strong>
        <Tag minimal intent={s.intent}>
          {s.label}
        </Tag>
        {action.overdue && (
          <Tag minimal intent="danger">
            Overdue
          </Tag>
        )}
      </div>
      {action.finding && <div>Found: {action.finding}</div>}
      {action.state !== 'closed' && <div className="muted">Answer due {day(action.due_at)}</div>}
      {action.answer_note && (
        <div className="quality-action-answer">
          Answer: {action.answer_note}
          {action.answer_attachments.length > 0 && (
            <span className="muted">
              {' '}
              ({action.answer_attachments.length} photo{action.answer_attachments.length === 1 ? '' : 's'})
            </span>
          )}
        </div>
      )}
      {action.resolution && (
        <div className="muted">
          {action.resolution === 'accepted' ? 'Answer accepted' : 'Passed on re-inspection'}
          {action.closed_at ? ` · ${day(action.closed_at)}` : ''}
        </div>
      )}
      {viewer === 'contractor' && (action.state === 'open' || action.state === 'answered') && (
        <AnswerForm jobId={jobId} action={action} />
      )}
      {viewer === 'ops' && action.state === 'answered' && (
        <div className="quality-buttons">
          <Button
            size="small"
            intent="success"
            text="Accept answer"
            loading={decide.isPending}
            onClick={() => decide.mutate({ action_id: action.id, decision: 'accept' })}
          />
          <Button
            size="small"
            text="Ask for a re-inspection"
            onClick={() => decide.mutate({ action_id: action.id, decision: 'reinspect' })}
          />
        </div>
      )}
    </div>
  );
}

function ReviewRow({ jobId, review, viewer }: { jobId: number; review: QualityDecision; viewer: Viewer }) {
  const outcome = review.outcome;
  return (
    <li className="quality-review" data-review={review.review_id}>
      <div className="quality-review-head">
        <strong>{review.review}</strong>
        {review.sampled ? (
          <Tag minimal intent={outcome === 'pass' ? 'success' : outcome === 'fail' ? 'danger' : 'warning'}>
            {outcome === 'pass' ? 'Passed' : outcome === 'fail' ? 'Failed' : 'To do'}
          </Tag>
        ) : (
          <Tag minimal>Not sampled</Tag>
        )}
      </div>
      <div className="muted">{review.explanation}</div>
      {review.sampled &&
        viewer === 'ops' &&
        (outcome === null || review.corrective_action?.state === 'reinspection') && (
          <RecordLink jobId={jobId} review={review} />
        )}
      {review.corrective_action && <ActionCard jobId={jobId} action={review.corrective_action} viewer={viewer} />}
    </li>
  );
}

export function QualityPanel({ job, viewer }: { job: JobDetail; viewer: Viewer }) {
  const reviews = job.quality ?? [];
  if (viewer === 'homeowner' || !reviews.length) return null;
  return (
    <Callout className="job-quality" icon="clipboard" title="Quality assurance">
      {job.quality_hold && (
        <Callout intent="warning" icon="time" className="quality-hold" compact>
          {job.quality_hold}
        </Callout>
      )}
      <ul className="quality-reviews">
        {reviews.map((r) => (
          <ReviewRow key={r.review_id} jobId={job.id} review={r} viewer={viewer} />
        ))}
      </ul>
    </Callout>
  );
}
