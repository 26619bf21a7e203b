/**
 * Program progress: every task of the job grouped by stage, each stage with one tag (its badge and its
 * task group's status in one: complete, in progress, in review, preview or exception).
 */

import { Section, SectionCard, Tag } from '@blueprintjs/core';
import type { JobDetail } from '../api/get-job.ts';
import { stageTag, type Viewer } from './job-text.ts';
import { TaskList } from './task-list.tsx';

export function ProgramProgressTab({
  job,
  viewer,
  onOpen,
  localDrafts,
}: {
  job: JobDetail;
  viewer: Viewer;
  onOpen: (id: string) => void;
  localDrafts: string[];
}) {
  const stages = job.evaluation.stage.progress;
  return (
    <div className="progress-groups">
      {stages.map((s) => {
        const tasks = job.tasks.filter((t) => t.stage === s.number);
        const tag = stageTag(s.state, tasks);
        return (
          <Section
            key={s.number}
            className={`progress-group progress-group-${s.state}`}
            compact
            title={`${s.number}. ${s.label}`}
            rightElement={
              <Tag intent={tag.intent} minimal={s.state !== 'current'}>
                {tag.text}
              </Tag>
            }
          >
            <SectionCard padded={false}>
              {tasks.length ? (
                <TaskList tasks={tasks} all={job.tasks} viewer={viewer} onOpen={onOpen} localDrafts={localDrafts} />
              ) : (
                <div className="muted progress-empty">No tasks in this stage.</div>
              )}
            </SectionCard>
          </Section>
        );
      })}
    </div>
  );
}
