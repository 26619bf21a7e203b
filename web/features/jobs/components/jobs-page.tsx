/**
 * The jobs list (spec sect. 2 "Jobs list"): omni search, filters, sort, 'View {num}' page size, stage
 * tabs with counts, the canceled list, toggles for claimed jobs, ops and contractor flags and exception
 * notes, empty states; filters, sorting and page size remembered. Ops use the internal calls. Contractors
 * see the announcements meant for them; homeowners see their own jobs.
 */

import { Button, HTMLSelect, NonIdealState, Switch, Tab, Tabs, Tag } from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { PRODUCT_CONSTANTS } from '../../../../engine/constants.ts';
import { usePreference } from '../../../lib/preferences.ts';
import { useSession } from '../../../lib/use-auth.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { tabPanelProps } from '../../../lib/components/tab-panel.ts';
import { useJobs } from '../api/list-jobs.ts';
import { useJobSummary } from '../api/job-summary.ts';
import { useFilterOptions } from '../api/job-filters.ts';
import { stagesByTab, useJobList, type JobTab } from '../hooks/use-job-list.ts';
import { slaDaysByTab } from '../../../../engine/preferences.ts';
import { JobsFilters } from './jobs-filters.tsx';
import { JobsTable } from './jobs-table.tsx';
import { HomeownerJobs } from './homeowner-jobs.tsx';
import '../../../lib/components/list-pager.css';
import '../jobs.css';

// The dialog (and Blueprint's overlay machinery) loads when someone adds a job, not with the list.
const AddJobDialog = lazy(() => import('./add-job-dialog.tsx').then((m) => ({ default: m.AddJobDialog })));
// Only contractors see announcements: ops do not load them (the chunk loads while the call runs).
const JobAnnouncements = lazy(() => import('./job-announcements.tsx').then((m) => ({ default: m.JobAnnouncements })));

/** The spec's message when filters match nothing (sect. 8). */
export const NO_MATCH = 'No jobs found matching your filter(s).';

const emptyTitle = (tab: JobTab) => (tab === 'Canceled' ? 'No canceled jobs' : `No jobs in ${tab}`);

function StaffJobs({ isOps }: { isOps: boolean }) {
  const list = useJobList(isOps);
  const { filters, tab, update } = list;
  const [storedSla] = usePreference('sla_days_in_stage');
  // An SLA remembered before it was per stage tab (one number) applies to every tab.
  const sla = useMemo(() => slaDaysByTab(storedSla), [storedSla]);
  // Mounted on first use and kept: closing the dialog by mistake keeps what was typed.
  const [addOpened, setAddOpened] = useState(false);
  const [adding, setAdding] = useState(false);
  const options = useFilterOptions(true);
  const summary = useJobSummary(isOps, list.base);
  const stages = useMemo(() => stagesByTab(summary.data, options.data), [summary.data, options.data]);
  const query = list.pageQuery(stages);
  const jobs = useJobs(isOps, query ?? {}, query !== undefined);
  const total = jobs.data?.total;
  const pages = total === undefined ? list.page : Math.max(1, Math.ceil(total / list.perPage));
  const first = total ? (list.page - 1) * list.perPage + 1 : 0;
  const last = total === undefined ? 0 : Math.min(total, list.page * list.perPage);
  // A cursor the server no longer takes (the list's sort changed under it, another sign-in in this browser): the page
  // is read by its number instead.
  const refused = jobs.isError && list.seeking;
  useEffect(() => {
    if (refused) list.setPage(list.page);
  }, [refused]);

  const toggle = (key: 'claimed' | 'ops_flag' | 'contractor_flag' | 'show_notes', label: string) => (
    <Switch
      className="jobs-toggle"
      inline
      checked={!!filters[key]}
      label={label}
      onChange={(e) => update({ [key]: e.currentTarget.checked })}
    />
  );
  const count = (t: JobTab) => (t === 'Canceled' ? summary.data?.canceled : summary.data?.tabs[t]);

  return (
    <div className="jobs-page">
      <PageHeading
        title="Jobs"
        actions={
          <Button
            intent="primary"
            icon="add"
            text="Add new job"
            onClick={() => {
              setAddOpened(true);
              setAdding(true);
            }}
          />
        }
      />
      {!isOps && (
        <Suspense fallback={null}>
          <JobAnnouncements />
        </Suspense>
      )}
      <JobsFilters
        isOps={isOps}
        filters={filters}
        options={options.data}
        sorting={list.sorting}
        anyFilter={list.anyFilter}
        update={update}
        clear={list.clear}
        setSort={list.setSort}
      />
      <div className="jobs-tabs-row">
        <HTMLSelect
          className="jobs-tabs-select"
          aria-label="Stage tab"
          value={tab}
          onChange={(e) => update({ tab: e.currentTarget.value, stage: undefined })}
          options={list.tabs.map((t) => ({
            value: t,
            label: count(t) === undefined ? t : `${t} (${count(t)!.toLocaleString()})`,
          }))}
          fill
        />
        <Tabs
          id="job-tabs"
          className="jobs-tabs"
          selectedTabId={tab}
          onChange={(t) => update({ tab: String(t), stage: undefined })}
        >
          {list.tabs.map((t) => {
            const n = count(t);
            return (
              <Tab
                key={t}
                id={t}
                title={
                  <span className="jobs-tab-title">
                    {t}
                    {n !== undefined && (
                      <Tag minimal round className="tab-count">
                        {n.toLocaleString()}
                      </Tag>
                    )}
                  </span>
                }
              />
            );
          })}
        </Tabs>
        <div className="jobs-toggles" role="group" aria-label="Show only">
          {isOps && toggle('claimed', 'Claimed jobs')}
          {isOps && toggle('ops_flag', 'Ops flag')}
          {toggle('contractor_flag', 'Contractor flag')}
          {isOps && toggle('show_notes', 'Exception notes')}
        </div>
      </div>
      <div {...tabPanelProps('job-tabs', tab)}>
        {jobs.isError && !jobs.data ? (
          <NonIdealState
            className="page-state"
            icon="error"
            title="The jobs could not be loaded."
            action={<Button text="Try again" icon="refresh" onClick={() => void jobs.refetch()} />}
          />
        ) : (
          <JobsTable
            rows={jobs.data?.items}
            loading={jobs.isFetching}
            sla={sla}
            showNotes={isOps && !!filters.show_notes}
            showContractor={isOps}
            emptyTitle={list.anyFilter ? NO_MATCH : emptyTitle(tab)}
            emptyAction={list.anyFilter ? <Button text="Show all jobs" icon="cross" onClick={list.clear} /> : undefined}
          />
        )}
      </div>
      {!!total && (
        <nav className="list-pager" aria-label="Pages">
          <HTMLSelect
            aria-label="Page size"
            value={list.perPage}
            onChange={(e) => list.setPerPage(Number(e.currentTarget.value))}
            options={PRODUCT_CONSTANTS.page_sizes.map((n) => ({ value: n, label: `View ${n}` }))}
          />
          <span className="list-pager-count muted" aria-live="polite">
            {`${first.toLocaleString()}–${last.toLocaleString()} of ${total.toLocaleString()}`}
          </span>
          <Button
            icon="chevron-left"
            aria-label="Previous page"
            disabled={list.page <= 1 || jobs.isPlaceholderData}
            onClick={() => list.setPage(list.page - 1, { before: jobs.data?.previous_cursor })}
          />
          <span className="list-pager-page">
            Page {list.page} of {pages}
          </span>
          <Button
            icon="chevron-right"
            aria-label="Next page"
            disabled={list.page >= pages || jobs.isPlaceholderData}
            onClick={() => list.setPage(list.page + 1, { after: jobs.data?.next_cursor })}
          />
        </nav>
      )}
      {addOpened && (
        <Suspense fallback={null}>
          <AddJobDialog isOpen={adding} onClose={() => setAdding(false)} isOps={isOps} />
        </Suspense>
      )}
    </div>
  );
}

export function Component() {
  const role = useSession()?.user.role;
  if (role === 'homeowner') return <HomeownerJobs />;
  // An inspector has no jobs of their own to list: their day is the inspections assigned to them.
  if (role === 'inspector') return <Navigate to={paths.Inspections.path} replace />;
  return <StaffJobs isOps={role === 'ops'} />;
}
