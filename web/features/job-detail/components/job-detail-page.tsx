/**
 * Job detail (/{jobId} and its tabs): the heading (homeowner, address, code, program, stage progress,
 * eligibility), the job's actions, and tabs: rebate amount and payment, basic details, energy sources
 * and utilities, services, final documents (with the documents and signature status), install details,
 * program progress, attachments. Each task
 * opens its form in a drawer (?task=<id>, so a reload reopens it). Ops can view the job as the
 * contractor or the homeowner sees it (?view=); contractors can view the homeowner's view.
 * Panels of other features (energy usage collection) come from the app in the route's handle: features
 * never import each other.
 */

import { Card, HTMLSelect, SegmentedControl, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useMatches, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { pathTo, type RouteName } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { LoadState } from '../../../lib/components/load-state.tsx';
import { tabPanelProps } from '../../../lib/components/tab-panel.ts';
import { useSession } from '../../../lib/use-auth.ts';
import { useJob, type JobDetail, type JobTask } from '../api/get-job.ts';
import { useHomeownerView } from '../api/homeowner-view.ts';
import { AttachmentsTab } from './attachments-tab.tsx';
import { BasicDetails } from './basic-details.tsx';
import { DocumentsPanel } from './documents-panel.tsx';
import { drawerJobOf, drawerJobOfHomeowner, type DrawerJob } from './drawer-job.ts';
import { HistoryDrawer } from './history-drawer.tsx';
import { HomeownerView } from './homeowner-view.tsx';
import { JobActionsBar } from './job-actions-bar.tsx';
import { JobHeader } from './job-header.tsx';
import type { Viewer } from './job-text.ts';
import { ProgramProgressTab } from './program-progress-tab.tsx';
import { RebateCard } from './rebate-tab.tsx';
import { TabTitle, TasksSection } from './tasks-section.tsx';
import { loadDrawer, TaskDrawer, useLocalDrafts } from './task-drawer-lazy.ts';
import { HomeownerPage } from './homeowner-page.tsx';
import { NextSteps } from './next-steps-card.tsx';
import { tabOfTask, yourSteps } from './next-steps.ts';
import { FINAL_DOCUMENTS_PARAM, JOB_TABS, REBATE_PARAM, type JobTabId } from './task-sections.ts';
import './job-detail.css';
import { isOpenTask } from '../../../../engine/submission.ts';

const BACK = { to: pathTo('JobsList'), label: 'Jobs' };

/** Panels the app adds to the job detail from other features (route handle `jobPanels`). */
export interface JobDetailPanels {
  /** Energy usage collection, at the top of Energy sources and utilities. */
  usage?: ComponentType<{ jobId: number; readOnly?: boolean }>;
  /** Homeowner access (invitations, sign-in link), under Basic details, for ops and the contractor. */
  homeowner?: ComponentType<{ jobId: number; readOnly?: boolean }>;
}

/** The panels the matched route's handle brings. */
function useJobPanels(): JobDetailPanels {
  const matches = useMatches();
  return (
    [...matches]
      .reverse()
      .map((m) => (m.handle as { jobPanels?: JobDetailPanels } | undefined)?.jobPanels)
      .find(Boolean) ?? {}
  );
}

/**
 * The tab a route shows. The job's root names no tab unless ?tab= does: it opens on the tab of the
 * viewer's first open task (the rebate tab when they have none).
 */
function useTab(firstStep: JobTask | undefined): JobTabId {
  const matches = useMatches();
  const [params] = useSearchParams();
  const name = [...matches]
    .reverse()
    .map((m) => (m.handle as { name?: RouteName } | undefined)?.name)
    .find(Boolean);
  if (name === 'JobDetail') {
    const asked = params.get('tab');
    if (asked === FINAL_DOCUMENTS_PARAM) return 'documents';
    if (asked === REBATE_PARAM) return 'rebate';
    return firstStep ? tabOfTask(firstStep) : 'rebate';
  }
  return JOB_TABS.find((t) => t.route === name)?.id ?? 'rebate';
}

function JobDetailView({ job, isOps, me }: { job: JobDetail; isOps: boolean; me?: number }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [historyOpen, setHistoryOpen] = useState(false);
  const taskId = params.get('task');
  const asked = params.get('view');
  const viewer: Viewer = asked === 'homeowner' ? 'homeowner' : isOps && asked !== 'contractor' ? 'ops' : 'contractor';
  // Ops and contractors may preview the job as another role sees it; actions are only their own, so a
  // preview shows none (the server's abilities are the signed-in user's).
  const ownView = viewer === (isOps ? 'ops' : 'contractor');
  const tab = useTab(job.is_canceled ? undefined : yourSteps(job.tasks, viewer, ownView)[0]);
  const localDrafts = useLocalDrafts(job.id, taskId);
  const homeowner = useHomeownerView(job.id, viewer === 'homeowner');
  const { usage: UsagePanel, homeowner: HomeownerPanel } = useJobPanels();
  useEffect(() => {
    // The form drawer's code is needed on most visits: fetch it while the person reads the page.
    const t = setTimeout(() => void loadDrawer(), 1500);
    return () => clearTimeout(t);
  }, []);

  const setParam = (k: string, v: string | null) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (v === null) n.delete(k);
        else n.set(k, v);
        return n;
      },
      { replace: k === 'view' },
    );
  const openTask = (id: string) => setParam('task', id);
  const goTab = (id: JobTabId) => {
    const t = JOB_TABS.find((x) => x.id === id)!;
    const keep = new URLSearchParams();
    if (asked) keep.set('view', asked);
    if (id === 'documents') keep.set('tab', FINAL_DOCUMENTS_PARAM);
    if (id === 'rebate') keep.set('tab', REBATE_PARAM);
    const q = keep.toString();
    navigate(`${pathTo(t.route as RouteName, { jobId: job.id })}${q ? `?${q}` : ''}`);
  };
  const tabCount = (id: JobTabId) =>
    job.is_canceled || id === 'progress' || id === 'attachments'
      ? 0
      : job.tasks.filter((t: JobTask) => t.section === id && t.can_edit && isOpenTask(t)).length;

  const viewSwitch = (
    <SegmentedControl
      className="job-view-switch"
      size="small"
      value={viewer}
      onValueChange={(v) => setParam('view', v === 'ops' || (!isOps && v === 'contractor') ? null : v)}
      options={[
        ...(isOps ? [{ value: 'ops', label: 'Internal' }] : []),
        { value: 'contractor', label: isOps ? 'As contractor' : 'Contractor' },
        { value: 'homeowner', label: 'As homeowner' },
      ]}
    />
  );
  const drawerJob: DrawerJob | null =
    viewer === 'homeowner' ? (homeowner.data ? drawerJobOfHomeowner(homeowner.data) : null) : drawerJobOf(job);

  return (
    <div className="job-detail">
      <JobHeader
        job={job}
        viewer={viewer}
        me={me}
        viewSwitch={viewSwitch}
        actions={ownView && <JobActionsBar job={job} onHistory={() => setHistoryOpen(true)} />}
        nextSteps={
          !job.is_canceled &&
          viewer !== 'homeowner' && (
            <NextSteps
              tasks={job.tasks}
              viewer={viewer}
              ownView={ownView}
              onOpen={openTask}
              showTab
              jobId={job.id}
              held={
                job.quality_hold && job.quality_hold_task
                  ? { task: job.quality_hold_task, reason: job.quality_hold }
                  : null
              }
            />
          )
        }
      />
      {viewer === 'homeowner' ? (
        <HomeownerView jobId={job.id} canConfirm={isOps} onOpen={openTask} localDrafts={localDrafts} preview />
      ) : (
        <>
          {/* A phone picks the tab in a select: the strip does not fit 390 px. */}
          <HTMLSelect
            className="job-tabs-select"
            aria-label="Section of the job"
            value={tab}
            onChange={(e) => goTab(e.currentTarget.value as JobTabId)}
            options={JOB_TABS.map((t) => ({
              value: t.id,
              label: `${t.title}${tabCount(t.id) ? ` (${tabCount(t.id)} to do)` : ''}`,
            }))}
            fill
          />
          <Tabs
            id="job-tabs"
            className="job-tabs"
            selectedTabId={tab}
            onChange={(id) => goTab(id as JobTabId)}
            large={false}
          >
            {JOB_TABS.map((t) => (
              <Tab key={t.id} id={t.id} title={<TabTitle title={t.short} full={t.title} count={tabCount(t.id)} />} />
            ))}
          </Tabs>
          <div className="job-tab-panel" {...tabPanelProps('job-tabs', tab)}>
            {tab === 'rebate' && (
              <>
                <Card className="job-card">
                  <RebateCard job={job} viewer={viewer} />
                </Card>
                <TasksSection job={job} tab="rebate" viewer={viewer} onOpen={openTask} localDrafts={localDrafts} />
              </>
            )}
            {tab === 'basic' && (
              <>
                <Card className="job-card">
                  <BasicDetails job={job} viewer={viewer} />
                </Card>
                {HomeownerPanel && job.abilities.invite_homeowner && (
                  <Suspense fallback={<Spinner size={20} aria-label="Loading homeowner access" />}>
                    <HomeownerPanel jobId={job.id} readOnly={!ownView} />
                  </Suspense>
                )}
                <TasksSection job={job} tab="basic" viewer={viewer} onOpen={openTask} localDrafts={localDrafts} />
              </>
            )}
            {tab === 'documents' && job.tasks.some((t) => t.produces_documents) && (
              <section className="job-documents">
                <h2 className="job-section-title">Documents and signature status</h2>
                <DocumentsPanel
                  jobId={job.id}
                  taskTitle={(id) => job.tasks.find((t) => t.id === id)?.title ?? id}
                  canRegenerate={ownView && job.abilities.regenerate_documents}
                />
              </section>
            )}
            {tab === 'energy' && UsagePanel && (
              <Suspense
                fallback={<Spinner size={20} className="documents-loading" aria-label="Loading energy usage" />}
              >
                <UsagePanel jobId={job.id} readOnly={!ownView} />
              </Suspense>
            )}
            {(tab === 'energy' || tab === 'services' || tab === 'documents' || tab === 'install') && (
              <TasksSection job={job} tab={tab} viewer={viewer} onOpen={openTask} localDrafts={localDrafts} />
            )}
            {tab === 'progress' && (
              <ProgramProgressTab job={job} viewer={viewer} onOpen={openTask} localDrafts={localDrafts} />
            )}
            {tab === 'attachments' && (
              <AttachmentsTab job={job} canDelete={ownView && job.abilities.delete_any_attachment} />
            )}
          </div>
        </>
      )}
      {taskId && drawerJob && (
        <Suspense fallback={null}>
          <TaskDrawer
            job={drawerJob}
            taskId={taskId}
            viewer={viewer}
            ownView={ownView}
            onClose={() => setParam('task', null)}
          />
        </Suspense>
      )}
      <HistoryDrawer job={job} isOpen={historyOpen} onClose={() => setHistoryOpen(false)} />
    </div>
  );
}

export function Component() {
  const { jobId } = useParams();
  const id = Number(jobId);
  const session = useSession();
  const role = session?.user.role;
  const job = useJob(role === 'homeowner' ? NaN : id);
  if (role === 'homeowner') return <HomeownerPage jobId={id} />;
  if (!job.data)
    return (
      <LoadState
        error={job.error ?? (Number.isInteger(id) && id > 0 ? null : new ApiError(404, 'Job not found'))}
        notFoundTitle="Job not found"
        back={BACK}
      />
    );
  return <JobDetailView job={job.data} isOps={role === 'ops'} me={session?.user.id} />;
}
