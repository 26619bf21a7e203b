/** A job tab's tasks (those of its section), and a tab's title with how many of its tasks are the viewer's to do. */

import { NonIdealState } from '@blueprintjs/core';
import type { JobDetail } from '../api/get-job.ts';
import type { Viewer } from './job-text.ts';
import { TaskList } from './task-list.tsx';
import type { JobTabId } from './task-sections.ts';

export function TabTitle({ title, full, count }: { title: string; full: string; count: number }) {
  return (
    <span title={full}>
      {title}
      {count > 0 && (
        <span className="job-tab-count" aria-label={`${count} to do`}>
          {count}
        </span>
      )}
    </span>
  );
}

export function TasksSection({
  job,
  tab,
  viewer,
  onOpen,
  localDrafts,
}: {
  job: JobDetail;
  tab: JobTabId;
  viewer: Viewer;
  onOpen: (id: string) => void;
  localDrafts: string[];
}) {
  const tasks = job.tasks.filter((t) => t.section === tab);
  if (!tasks.length)
    return tab === 'documents' ? (
      <NonIdealState
        icon="document"
        title="No final documents on this job yet."
        description="Document tasks appear here once the program asks for them."
      />
    ) : null;
  return (
    <section className="job-tasks">
      <h2 className="job-section-title">Tasks</h2>
      <TaskList tasks={tasks} all={job.tasks} viewer={viewer} onOpen={onOpen} localDrafts={localDrafts} />
    </section>
  );
}
