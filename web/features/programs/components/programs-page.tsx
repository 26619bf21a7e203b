/** Programs (/programs): name, active, accepting submissions from / until, and the stage model. */

import { Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { DataTable, type Column } from '../../../lib/components/data-table.tsx';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { usePrograms, type ProgramSummary } from '../api/get-programs.ts';
import { showDate } from './program-text.ts';
import './programs.css';

const COLUMNS: Column<ProgramSummary>[] = [
  {
    key: 'name',
    label: 'Name',
    className: 'program-col-name',
    render: (p) => <Link to={pathTo('ProgramDetail', { programId: p.id })}>{p.name}</Link>,
  },
  {
    key: 'active',
    label: 'Active',
    nowrap: true,
    render: (p) =>
      p.active ? (
        <Tag minimal intent="success">
          Active
        </Tag>
      ) : (
        <Tag minimal>Inactive</Tag>
      ),
  },
  {
    key: 'from',
    label: 'Accepting submissions from',
    nowrap: true,
    render: (p) => showDate(p.accept_submissions.from) || <span className="muted">Any date</span>,
  },
  {
    key: 'until',
    label: 'Accepting submissions until',
    nowrap: true,
    render: (p) => showDate(p.accept_submissions.until) || <span className="muted">No end date</span>,
  },
  { key: 'stage_model', label: 'Stage model', nowrap: true, render: (p) => p.stage_model.label },
  { key: 'tasks', label: 'Tasks', numeric: true, render: (p) => p.task_count },
];

export function Component() {
  const list = usePrograms();
  return (
    <>
      <PageHeading title="Programs" />
      <DataTable
        label="Programs"
        columns={COLUMNS}
        rows={list.data?.items}
        rowKey={(p) => p.id}
        rowHref={(p) => pathTo('ProgramDetail', { programId: p.id })}
        loading={list.isFetching}
        emptyIcon="clipboard"
        emptyTitle="No programs are loaded."
      />
    </>
  );
}
