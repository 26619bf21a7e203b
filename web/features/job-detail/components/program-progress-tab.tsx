/**
 * Program progress: every task of the job grouped by stage, each stage with its badge (complete, in
 * review, preview) and the group's status (complete, in progress, preview, exception).
 */

import { Section, SectionCard, Tag } from '@blueprintjs/core';
import type { JobDetail } from '../api/get-job.ts';
import { groupStatus, stageBadge, type Viewer } from './job-text.ts';
import { TaskList } from './task-list.tsx';

export function ProgramProgressTab({ job, viewer, onOpen, localDrafts }: { job: JobDetail; viewer: Viewer; onOpen: (id: string) => void; localDrafts: string[] }) {
  const stages = job.evaluation.stage.progress;
  return (
    <div className="progress-groups">
      {stages.map((s) => {
        const tasks = job.tasks.filter((t) => t.stage === s.number);
        const badge = stageBadge(s.state);
        const group = tasks.length ? groupStatus(tasks) : null;
        return (
          <Section
            key={s.number}
            className={`progress-group progress-group-${s.state}`}
            compact
            title={`${s.number}. ${s.label}`}
            rightElement={
              <span className="progress-group-tags">
                {group && group.text !== badge.text && (
                  <Tag minimal intent={group.intent}>
                    {group.text}
                  </Tag>
                )}
                <Tag intent={badge.intent} minimal={s.state !== 'current'}>
                  {badge.text}
                </Tag>
              </span>
            }
          >
            <SectionCard padded={false}>
              {tasks.length ? <TaskList tasks={tasks} all={job.tasks} viewer={viewer} onOpen={onOpen} localDrafts={localDrafts} /> : <div className="muted progress-empty">No tasks in this stage.</div>}
            </SectionCard>
          </Section>
        );
      })}
    </div>
  );
}
