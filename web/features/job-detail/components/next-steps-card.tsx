/**
 * "Your next steps": the first block of a job page. The viewer's open tasks in order, each with one
 * button that opens its form; when they have none, who the job waits on.
 */

import { Button, Callout, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { JobTask } from '../api/get-job.ts';
import { OWNER_LABELS, type Viewer } from './job-text.ts';
import { NEXT_STEP_MESSAGES, signingWaits, tabOfTask, waitingSentence, yourSteps } from './next-steps.ts';
import { useQuery } from '@tanstack/react-query';
import { getDocuments } from '../api/get-documents.ts';
import { jobKeys } from '../api/get-job.ts';
import { isOpenTask } from '../../../../engine/submission.ts';
import { JOB_TABS } from './task-sections.ts';

/** More steps than this fold under a button (a phone's first screen keeps the page below in sight). */
const SHOWN = 4;

const HEADINGS: Record<Viewer, string> = {
  ops: 'Your next steps',
  contractor: 'The contractor’s next steps',
  homeowner: 'The homeowner’s next steps',
};

export interface NextStepsProps {
  tasks: JobTask[];
  viewer: Viewer;
  /** False in a preview (the job as another role sees it). */
  ownView: boolean;
  onOpen: (taskId: string) => void;
  /** Whether to name the tab each task is on (the staff page has tabs; the homeowner's has not). */
  showTab?: boolean;
  /** The tasks are the viewer's own only (the homeowner's page): with none open, say where the job is. */
  onlyYours?: { stage: string };
  /** The job's id: who an open signing task waits on is read from its documents. */
  jobId?: number;
  /** A task its submission is refused for now, and why (quality assurance holds payment approval). */
  held?: { task: string; reason: string } | null;
}

export function NextSteps({ tasks, viewer, ownView, onOpen, showTab = false, onlyYours, jobId, held }: NextStepsProps) {
  const [all, setAll] = useState(false);
  const steps = yourSteps(tasks, viewer, ownView);
  const title = ownView ? 'Your next steps' : HEADINGS[viewer];
  // An open signing task waits on its next signer: the documents say who.
  const signingOpen = jobId !== undefined && tasks.some((t) => t.produces_documents && isOpenTask(t));
  const docs = useQuery({
    queryKey: jobKeys.documents(jobId ?? 0),
    queryFn: () => getDocuments(jobId!),
    enabled: signingOpen && !steps.length,
  });
  if (!steps.length) {
    const waiting = waitingSentence(tasks, viewer, ownView, onlyYours, signingWaits(docs.data?.items));
    return (
      <Callout
        className="next-steps next-steps-none"
        icon={waiting === NEXT_STEP_MESSAGES.all_done ? 'tick-circle' : 'time'}
        title={title}
        compact
      >
        {waiting}
      </Callout>
    );
  }
  const shown = all ? steps : steps.slice(0, SHOWN);
  return (
    <section className="next-steps" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title" className="next-steps-title">
        {title}
        <Tag minimal round className="next-steps-count">
          {steps.length}
        </Tag>
      </h2>
      <ol className="next-steps-list">
        {shown.map((t, i) => {
          const started = t.status === 'IN_PROGRESS' || t.has_unsubmitted_changes;
          const waits = held?.task === t.id ? held.reason : null;
          const verb = waits ? 'View' : started ? 'Continue' : 'Start';
          return (
            <li key={t.id} className="next-step" data-held={waits ? 'true' : undefined}>
              <span className="next-step-number" aria-hidden>
                {i + 1}
              </span>
              <span className="next-step-main">
                <span className="next-step-title">{t.title}</span>
                <span className="next-step-meta muted">
                  {[
                    started ? 'Started' : 'Not started',
                    viewer !== 'homeowner' && t.owner === 'homeowner'
                      ? `${OWNER_LABELS.homeowner}’s task: you may fill it in for them`
                      : null,
                    showTab ? `in ${JOB_TABS.find((x) => x.id === tabOfTask(t))?.title}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {waits && <span className="next-step-held">{waits}</span>}
              </span>
              <Button
                className="next-step-open"
                intent={i === 0 && !waits ? 'primary' : 'none'}
                variant={i === 0 && !waits ? 'solid' : 'outlined'}
                text={verb}
                aria-label={`${verb} ${t.title}`}
                onClick={() => onOpen(t.id)}
              />
            </li>
          );
        })}
      </ol>
      {steps.length > shown.length && (
        <Button
          className="next-steps-more"
          variant="minimal"
          size="small"
          icon="chevron-down"
          text={`Show ${steps.length - shown.length} more`}
          onClick={() => setAll(true)}
        />
      )}
    </section>
  );
}
