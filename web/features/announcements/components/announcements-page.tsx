/**
 * Announcements (/announcements). Ops: every announcement, newest first, with when it shows and to
 * whom, optionally only those showing today; 'New announcement'. Contractors: the announcements they
 * see today, as they see them.
 */

import { NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { DataTable, type Column } from '../../../lib/components/data-table.tsx';
import { LinkButton } from '../../../lib/components/link-button.tsx';
import { ListPager } from '../../../lib/components/list-pager.tsx';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { useAnnouncements } from '../api/get-announcements.ts';
import type { Announcement } from '../api/get-announcement.ts';
import { useProgramOptions } from '../api/get-audience-options.ts';
import { useCurrentAnnouncements } from '../api/get-current-announcements.ts';
import { AnnouncementPreview } from './announcement-preview.tsx';
import { STATUS_INTENT, showAudience, showPeriod, statusOf } from './announcement-text.ts';
import './announcements.css';

const PER_PAGE = 25;

/** A contractor's view: today's announcements as cards. */
function CurrentAnnouncements() {
  const current = useCurrentAnnouncements();
  if (!current.data)
    return current.error ? (
      <NonIdealState icon="error" title="The announcements could not be loaded." />
    ) : (
      <Spinner className="page-state" />
    );
  if (!current.data.items.length)
    return (
      <NonIdealState
        className="data-table-empty"
        icon="notifications"
        title="No announcements right now."
        description="News about programs, deadlines and training shows here."
      />
    );
  return (
    <div className="announcement-cards">
      {current.data.items.map((a) => (
        <AnnouncementPreview key={a.id} a={a} />
      ))}
    </div>
  );
}

function AllAnnouncements() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const showingOnly = params.get('showing') === '1';
  const list = useAnnouncements({ page_number: page, per_page: PER_PAGE, active: showingOnly || undefined });
  const programs = useProgramOptions();
  const programNames = useMemo(() => new Map((programs.data ?? []).map((p) => [p.id, p.name])), [programs.data]);

  const columns: Column<Announcement>[] = [
    {
      key: 'title',
      label: 'Title',
      className: 'announcement-row-title',
      render: (a) => <Link to={pathTo('AnnouncementDetail', { announcementId: a.id })}>{a.title}</Link>,
    },
    {
      key: 'status',
      label: 'Status',
      nowrap: true,
      render: (a) => (
        <Tag minimal intent={STATUS_INTENT[statusOf(a)]}>
          {statusOf(a)}
        </Tag>
      ),
    },
    { key: 'period', label: 'Shown', nowrap: true, render: (a) => showPeriod(a) },
    {
      key: 'contractors',
      label: 'Contractors',
      nowrap: true,
      render: (a) => showAudience(a, programNames).contractors,
    },
    { key: 'programs', label: 'Programs', render: (a) => showAudience(a, programNames).programs },
  ];

  return (
    <>
      <div className="list-toolbar">
        <Switch
          checked={showingOnly}
          label="Only those showing today"
          onChange={(e) => setParams(e.currentTarget.checked ? { showing: '1' } : {}, { replace: true })}
          className="announcement-switch"
        />
      </div>
      <DataTable
        label="Announcements"
        columns={columns}
        rows={list.data?.items}
        rowKey={(a) => a.id}
        rowHref={(a) => pathTo('AnnouncementDetail', { announcementId: a.id })}
        loading={list.isFetching}
        emptyIcon="notifications"
        emptyTitle={showingOnly ? 'No announcement is showing today.' : 'No announcements yet.'}
        emptyDescription={
          showingOnly ? undefined : 'Write one to tell contractors about program changes, deadlines or training.'
        }
      />
      {!!list.data && list.data.total > PER_PAGE && (
        <ListPager
          page={page}
          perPage={PER_PAGE}
          total={list.data.total}
          onPage={(p) =>
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              if (p > 1) next.set('page', String(p));
              else next.delete('page');
              return next;
            })
          }
        />
      )}
    </>
  );
}

export function Component() {
  const isOps = useIsOps();
  return (
    <>
      <PageHeading
        title="Announcements"
        actions={
          isOps && (
            <LinkButton
              intent="primary"
              icon="add"
              text="New announcement"
              to={pathTo('AnnouncementDetail', { announcementId: 'new' })}
            />
          )
        }
      />
      {isOps ? <AllAnnouncements /> : <CurrentAnnouncements />}
    </>
  );
}
