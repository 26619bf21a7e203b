/**
 * A homeowner's own page for their job (/{jobId} signed in as the homeowner): their next steps, the job as they see it
 * (homeowner-view.tsx), and their task's form in the drawer (?task=<id>).
 */

import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useHomeownerView } from '../api/homeowner-view.ts';
import { drawerJobOfHomeowner } from './drawer-job.ts';
import { HomeownerView } from './homeowner-view.tsx';
import { NextSteps } from './next-steps-card.tsx';
import { TaskDrawer, useLocalDrafts } from './task-drawer-lazy.ts';

/** A homeowner's own page for their job. */
export function HomeownerPage({ jobId }: { jobId: number }) {
  const [params, setParams] = useSearchParams();
  const taskId = params.get('task');
  const view = useHomeownerView(jobId, true);
  const localDrafts = useLocalDrafts(jobId, taskId);
  const setTask = (id: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (id) n.set('task', id);
      else n.delete('task');
      return n;
    });
  return (
    <div className="job-detail">
      {view.data && (
        <NextSteps
          tasks={view.data.tasks}
          viewer="homeowner"
          ownView
          onOpen={setTask}
          onlyYours={{ stage: view.data.stage.label }}
        />
      )}
      <HomeownerView jobId={jobId} canConfirm onOpen={setTask} localDrafts={localDrafts} preview={false} />
      {taskId && view.data && (
        <Suspense fallback={null}>
          <TaskDrawer
            job={drawerJobOfHomeowner(view.data)}
            taskId={taskId}
            viewer="homeowner"
            ownView
            onClose={() => setTask(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
