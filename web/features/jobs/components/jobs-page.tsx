/**
 * The jobs list (spec sect. 2 "Jobs list"): omni search, filters, sort, 'View {num}' page size, stage
 * tabs with counts, claimed and canceled lists, empty states; filters, sorting and page size remembered.
 * Contractors see the announcements meant for them; homeowners see their own jobs.
 */

import { Button, Callout, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ACTION_OWNER_ROLES, ELIGIBILITY_STATUS_LABELS, STAGE_TABS, type EligibilityStatus } from '../../../../engine/constants.ts';
import { usePreference } from '../../../lib/preferences.ts';
import { useSession } from '../../../lib/use-auth.ts';
import { useCurrentAnnouncements, useFilterOptions, useJobs, useJobSummary, type JobItem, type JobQuery } from '../api/jobs.ts';
// The dialog (and Blueprint's overlay machinery) loads when someone adds a job, not with the list.
const AddJobDialog = lazy(() => import('./add-job-dialog.tsx').then((m) => ({ default: m.AddJobDialog })));
import '../jobs.css';

const PAGE_SIZES = [10, 25, 50, 100];
const NO_MATCH = 'No jobs found matching your filter(s).';
const TABS = [...STAGE_TABS, 'Claimed', 'Canceled'] as const;
type TabId = (typeof TABS)[number];
const ELIGIBILITY_INTENT: Record<string, 'success' | 'danger' | 'warning' | 'none'> = { eligible: 'success', ineligible: 'danger', pending_more_information: 'warning', unable_to_determine: 'none' };
const FILTER_KEYS = ['q', 'program_id', 'stage', 'eligibility', 'contractor_id', 'ops_user', 'action_owner', 'exceptions'] as const;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function Announcements() {
  const { data } = useCurrentAnnouncements(true);
  const [hidden, setHidden] = useState<number[]>(() => JSON.parse(sessionStorage.getItem('rebate.hidden-announcements') ?? '[]'));
  const items = (data?.items ?? []).filter((a) => !hidden.includes(a.id));
  if (!items.length) return null;
  const hide = (id: number) => {
    const next = [...hidden, id];
    setHidden(next);
    sessionStorage.setItem('rebate.hidden-announcements', JSON.stringify(next));
  };
  return (
    <div className="announcements" aria-label="Announcements">
      {items.map((a) => (
        <Callout key={a.id} intent="primary" icon="notifications" title={a.title} className="announcement">
          <p>{a.content}</p>
          <div className="announcement-links">
            {a.link && <a href={a.link} target="_blank" rel="noreferrer">Read more</a>}
            {a.video_url && <a href={a.video_url} target="_blank" rel="noreferrer">Watch the video</a>}
            <Button size="small" variant="minimal" text="Dismiss" onClick={() => hide(a.id)} />
          </div>
        </Callout>
      ))}
    </div>
  );
}

function JobRow({ job, sla }: { job: JobItem; sla: number }) {
  return (
    <tr>
      <td>
        <Link to={`/${job.id}`} className={job.is_canceled ? 'canceled-name' : undefined}>{job.full_name}</Link>
        <div className="muted small">{job.code}</div>
      </td>
      <td>{job.address}{job.city ? `, ${job.city}` : ''}</td>
      <td>{job.contractor ?? '—'}</td>
      <td><Tag minimal>{job.program.name}</Tag></td>
      <td>{job.is_canceled ? <Tag intent="danger" minimal>Canceled</Tag> : <Tag intent="primary" minimal title={`Stage ${job.stage.number}`}>{job.stage.label}</Tag>}</td>
      <td><Tag minimal intent={ELIGIBILITY_INTENT[job.eligibility]}>{ELIGIBILITY_STATUS_LABELS[job.eligibility as EligibilityStatus] ?? job.eligibility}</Tag></td>
      <td className="owners">{job.action_owners.join(', ') || '—'}</td>
      <td className={job.days_in_stage > sla ? 'over-sla' : undefined} title={job.days_in_stage > sla ? `Over the ${sla}-day SLA` : undefined}>
        {job.days_in_stage}
        {(job.has_contractor_task_exception || job.has_ops_task_exception) && <Tag intent="danger" minimal className="flag-tag">flag</Tag>}
      </td>
    </tr>
  );
}

export function Component() {
  const session = useSession();
  const role = session?.user.role;
  const isOps = role === 'ops';
  const [filters, setFilters] = usePreference('job_filters');
  const [sorting, setSorting] = usePreference('job_sorting');
  const [perPage, setPerPage] = usePreference('jobs_per_page');
  const [sla] = usePreference('sla_days_in_stage');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const tab = (TABS as readonly string[]).includes(String(filters.tab)) ? (filters.tab as TabId) : 'Apply';
  const [search, setSearch] = useState(String(filters.q ?? ''));
  const q = useDebounced(search, 300);
  const set = (k: string, v: string | undefined) => {
    setFilters({ ...filters, [k]: v || undefined });
    setPage(1);
  };
  useEffect(() => {
    if ((filters.q ?? '') !== q) set('q', q);
  }, [q]);
  const options = useFilterOptions(role !== 'homeowner');
  const base: JobQuery = {
    q: filters.q as string | undefined,
    program_id: filters.program_id as string | undefined,
    eligibility: filters.eligibility as string | undefined,
    contractor_id: filters.contractor_id as string | undefined,
    ops_user: filters.ops_user as string | undefined,
    action_owner: filters.action_owner as string | undefined,
    has_contractor_task_exception: filters.exceptions === 'contractor' ? true : undefined,
    has_ops_task_exception: filters.exceptions === 'ops' ? true : undefined,
  };
  const summary = useJobSummary(isOps, base);
  const stagesOfTab = useMemo(() => (summary.data?.stages ?? []).filter((s) => s.tab === tab).map((s) => s.stage), [summary.data, tab]);
  const isStageTab = (STAGE_TABS as readonly string[]).includes(tab);
  const stageFilter = filters.stage ? String(filters.stage) : isStageTab ? stagesOfTab.join(',') || '0' : undefined;
  const query: JobQuery = {
    ...base,
    stage: tab === 'Canceled' ? undefined : stageFilter,
    is_canceled: tab === 'Canceled' ? true : undefined,
    is_claimed_jobs: tab === 'Claimed' ? true : undefined,
    sort_by: sorting.sort_by,
    sort_direction: sorting.sort_direction,
    page_number: page,
    per_page: perPage,
  };
  const jobs = useJobs(isOps, query);
  const anyFilter = FILTER_KEYS.some((k) => filters[k]);
  const programStages = options.data?.programs.find((p) => p.id === filters.program_id)?.stages;

  if (role === 'homeowner') {
    return (
      <div>
        <div className="page-header"><h1>Your jobs</h1></div>
        {jobs.isLoading ? <Spinner /> : (jobs.data?.items ?? []).map((j) => (
          <Link key={j.id} to={`/${j.id}`} className="homeowner-job bp6-card bp6-interactive">
            <strong>{j.address}</strong> · {j.program.name} · {j.stage.label}
          </Link>
        ))}
      </div>
    );
  }
  const total = jobs.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const empty = tab === 'Canceled' ? 'No canceled jobs.' : tab === 'Claimed' ? 'No claimed jobs.' : `No jobs in ${tab}.`;
  return (
    <div className="jobs-page">
      <div className="page-header">
        <h1>Jobs</h1>
        <Button intent="primary" icon="add" text="Add new job" onClick={() => setAdding(true)} />
      </div>
      {role === 'contractor' && <Announcements />}
      <div className="jobs-toolbar">
        <InputGroup className="omni" leftIcon="search" placeholder="Customer name, address or job ID" aria-label="Search jobs" value={search} onValueChange={setSearch} />
        <HTMLSelect aria-label="Program" value={String(filters.program_id ?? '')} onChange={(e) => setFilters({ ...filters, program_id: e.target.value || undefined, stage: undefined })} options={[{ value: '', label: 'All programs' }, ...(options.data?.programs ?? []).map((p) => ({ value: p.id, label: p.name }))]} />
        {programStages && <HTMLSelect aria-label="Stage" value={String(filters.stage ?? '')} onChange={(e) => set('stage', e.target.value)} options={[{ value: '', label: 'All stages' }, ...programStages.map((s) => ({ value: String(s.number), label: `${s.number}. ${s.label}` }))]} />}
        <HTMLSelect aria-label="Eligibility" value={String(filters.eligibility ?? '')} onChange={(e) => set('eligibility', e.target.value)} options={[{ value: '', label: 'Any eligibility' }, ...Object.entries(ELIGIBILITY_STATUS_LABELS).map(([v, l]) => ({ value: v, label: l }))]} />
        {isOps && <HTMLSelect aria-label="Contractor" value={String(filters.contractor_id ?? '')} onChange={(e) => set('contractor_id', e.target.value)} options={[{ value: '', label: 'All contractors' }, ...(options.data?.contractors ?? []).map((c) => ({ value: String(c.id), label: c.name }))]} />}
        {isOps && <HTMLSelect aria-label="Ops owner" value={String(filters.ops_user ?? '')} onChange={(e) => set('ops_user', e.target.value)} options={[{ value: '', label: 'Any ops owner' }, ...(options.data?.ops_users ?? []).map((u) => ({ value: String(u.id), label: u.name }))]} />}
        <HTMLSelect aria-label="Action owner" value={String(filters.action_owner ?? '')} onChange={(e) => set('action_owner', e.target.value)} options={[{ value: '', label: 'Any action owner' }, ...ACTION_OWNER_ROLES.map((r) => ({ value: r, label: r.replace(/_/g, ' ') }))]} />
        <HTMLSelect aria-label="Exceptions" value={String(filters.exceptions ?? '')} onChange={(e) => set('exceptions', e.target.value)} options={[{ value: '', label: 'Any flags' }, { value: 'contractor', label: 'Contractor flag' }, ...(isOps ? [{ value: 'ops', label: 'Ops flag' }] : [])]} />
        <HTMLSelect aria-label="Sort by" value={`${sorting.sort_by}:${sorting.sort_direction}`} onChange={(e) => { const [sort_by, dir] = e.target.value.split(':'); setSorting({ sort_by, sort_direction: dir as 'asc' | 'desc' }); }} options={[
          { value: 'created_at:asc', label: 'Oldest first' }, { value: 'created_at:desc', label: 'Newest first' },
          { value: 'full_name:asc', label: 'Job name A–Z' }, { value: 'full_name:desc', label: 'Job name Z–A' },
          { value: 'days_in_stage:asc', label: 'Most days in stage' }, { value: 'days_in_stage:desc', label: 'Fewest days in stage' },
        ]} />
        {anyFilter && <Button variant="minimal" icon="cross" text="Clear filters" onClick={() => { setFilters({ tab }); setSearch(''); }} />}
      </div>
      <Tabs id="job-tabs" selectedTabId={tab} onChange={(t) => { setFilters({ ...filters, tab: String(t), stage: undefined }); setPage(1); }} className="job-tabs">
        {TABS.filter((t) => t !== 'Claimed' || isOps).map((t) => {
          const count = t === 'Canceled' ? summary.data?.canceled : (STAGE_TABS as readonly string[]).includes(t) ? summary.data?.tabs[t] : undefined;
          return <Tab key={t} id={t} title={<span>{t}{count !== undefined && <Tag minimal round className="tab-count">{count}</Tag>}</span>} />;
        })}
      </Tabs>
      {jobs.isLoading ? (
        <Spinner className="page-state" />
      ) : total === 0 ? (
        <NonIdealState className="page-state" icon="search" title={anyFilter ? NO_MATCH : empty} />
      ) : (
        <div className="table-scroll">
          <HTMLTable striped interactive className="jobs-table">
            <thead>
              <tr><th>Job</th><th>Address</th><th>Contractor</th><th>Program</th><th>Stage</th><th>Eligibility</th><th>Action owners</th><th>Days in stage</th></tr>
            </thead>
            <tbody>{jobs.data!.items.map((j) => <JobRow key={j.id} job={j} sla={sla} />)}</tbody>
          </HTMLTable>
        </div>
      )}
      <div className="jobs-footer">
        <span className="muted">{total} job{total === 1 ? '' : 's'}</span>
        <HTMLSelect aria-label="Page size" value={perPage} onChange={(e) => { setPerPage(Number(e.target.value)); setPage(1); }} options={PAGE_SIZES.map((n) => ({ value: n, label: `View ${n}` }))} />
        <Button icon="chevron-left" aria-label="Previous page" disabled={page <= 1} onClick={() => setPage(page - 1)} />
        <span>Page {page} of {pages}</span>
        <Button icon="chevron-right" aria-label="Next page" disabled={page >= pages} onClick={() => setPage(page + 1)} />
      </div>
      {adding && (
        <Suspense fallback={null}>
          <AddJobDialog isOpen onClose={() => setAdding(false)} isOps={isOps} />
        </Suspense>
      )}
    </div>
  );
}
