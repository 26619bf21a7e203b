/**
 * Contractor list (/contractors): omni search by name, address or contact (`q`, in the URL so the back
 * button keeps it), a remembered program filter and a remembered page size (default 25). Ops see
 * 'Add new contractor'.
 */

import { Button, HTMLSelect } from '@blueprintjs/core';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { PRODUCT_CONSTANTS } from '../../../../engine/constants.ts';
import { DataTable, type Column } from '../../../lib/components/data-table.tsx';
import { LinkButton } from '../../../lib/components/link-button.tsx';
import { ListPager } from '../../../lib/components/list-pager.tsx';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { SearchInput } from '../../../lib/components/search-input.tsx';
import { usePreference } from '../../../lib/preferences.ts';
import { useContractorFilters } from '../api/get-contractor-filters.ts';
import { useContractors } from '../api/get-contractors.ts';
import type { Contractor } from '../api/get-contractor.ts';
import { NO_ADDRESS } from './contractor-text.ts';
import './contractors.css';

const COLUMNS: Column<Contractor>[] = [
  {
    key: 'name',
    label: 'Name',
    className: 'contractor-col-name',
    render: (c) => <Link to={pathTo('ContractorDetail', { contractorId: c.id })}>{c.name}</Link>,
  },
  { key: 'primary_contact', label: 'Primary contact', nowrap: true, render: (c) => c.primary_contact },
  {
    key: 'address',
    label: 'Address',
    className: 'contractor-col-address',
    render: (c) => c.address || <span className="muted no-address">{NO_ADDRESS}</span>,
  },
  { key: 'city', label: 'City', nowrap: true, render: (c) => c.city },
  { key: 'phone', label: 'Phone', nowrap: true, render: (c) => c.phone && <a href={`tel:${c.phone}`}>{c.phone}</a> },
  { key: 'email', label: 'Email', nowrap: true, render: (c) => c.email && <a href={`mailto:${c.email}`}>{c.email}</a> },
  { key: 'program', label: 'Program', nowrap: true, render: (c) => c.program?.name },
  { key: 'open_jobs', label: 'Open jobs', numeric: true, render: (c) => c.open_jobs },
];

export function Component() {
  const isOps = useIsOps();
  const [params, setParams] = useSearchParams();
  const [perPage, setPerPage] = usePreference('contractors_per_page');
  const [filters, setFilters] = usePreference('contractor_filters');
  const programs = useContractorFilters();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const programId = filters.program_id || undefined;
  const searching = q.trim().length >= PRODUCT_CONSTANTS.search_min_chars;
  const list = useContractors({
    q: searching ? q.trim() : undefined,
    program_id: programId,
    page_number: page,
    per_page: perPage,
  });

  const setParam = useCallback(
    (key: string, value: string | undefined) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value) next.set(key, value);
          else next.delete(key);
          if (key !== 'page') next.delete('page');
          return next;
        },
        { replace: key !== 'page' },
      ),
    [setParams],
  );
  const onSearch = useCallback((v: string) => setParam('q', v || undefined), [setParam]);
  const filtered = searching || !!programId;

  return (
    <>
      <PageHeading
        title="Contractors"
        actions={
          isOps && (
            <LinkButton intent="primary" icon="new-person" text="Add new contractor" to={pathTo('ContractorCreate')} />
          )
        }
      />
      <div className="list-toolbar">
        <SearchInput
          value={q}
          onSearch={onSearch}
          placeholder="Search by name, address or contact"
          label="Search contractors"
        />
        <HTMLSelect
          aria-label="Program"
          value={programId ?? ''}
          onChange={(e) => {
            setFilters({ ...filters, program_id: e.currentTarget.value || undefined });
            setParam('page', undefined);
          }}
          options={[
            { value: '', label: 'All programs' },
            ...(programs.data?.programs ?? []).map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
      </div>
      <DataTable
        label="Contractors"
        columns={COLUMNS}
        rows={list.data?.items}
        rowKey={(c) => c.id}
        rowHref={(c) => pathTo('ContractorDetail', { contractorId: c.id })}
        loading={list.isFetching}
        emptyIcon="people"
        emptyTitle={filtered ? "Sorry, we didn't find any matches." : 'No contractors yet.'}
        emptyDescription={filtered ? 'Try another name, address or contact, or another program.' : undefined}
        emptyAction={
          filtered ? (
            <Button
              text="Clear search and filters"
              onClick={() => {
                setFilters({ ...filters, program_id: undefined });
                setParams({}, { replace: true });
              }}
            />
          ) : undefined
        }
      />
      {list.error && !list.data && <p className="muted">The contractors could not be loaded.</p>}
      {!!list.data?.total && (
        <ListPager
          page={page}
          perPage={perPage}
          total={list.data.total}
          onPage={(p) => setParam('page', p > 1 ? String(p) : undefined)}
          onPerPage={(n) => {
            setPerPage(n);
            setParam('page', undefined);
          }}
        />
      )}
    </>
  );
}
