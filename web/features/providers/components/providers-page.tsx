/** Energy providers (/providers): utilities by name with their type, states and preferred vendor; search by name,
 * filter by state. */

import { Button, InputGroup } from '@blueprintjs/core';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { DataTable, type Column } from '../../../lib/components/data-table.tsx';
import { LinkButton } from '../../../lib/components/link-button.tsx';
import { ListPager } from '../../../lib/components/list-pager.tsx';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { SearchInput } from '../../../lib/components/search-input.tsx';
import type { Provider } from '../api/get-provider.ts';
import { useProviders } from '../api/get-providers.ts';
import { typeLabel } from './provider-text.ts';
import './providers.css';

const PER_PAGE = 25;
const detailPath = (id: number | string) => pathTo('EnergyProviderDetail', { providerId: id });

const COLUMNS: Column<Provider>[] = [
  {
    key: 'name',
    label: 'Name',
    className: 'provider-col-name',
    render: (p) => <Link to={detailPath(p.id)}>{p.name}</Link>,
  },
  { key: 'type', label: 'Type', nowrap: true, render: (p) => typeLabel(p.type) },
  { key: 'states', label: 'States', render: (p) => p.states.join(', ') },
  {
    key: 'vendor',
    label: 'Preferred vendor',
    render: (p) => p.preferred_vendor ?? <span className="muted">None</span>,
  },
];

export function Component() {
  const isOps = useIsOps();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const state = params.get('state') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useProviders({
    q: q.trim() || undefined,
    state: /^[A-Z]{2}$/.test(state) ? state : undefined,
    page_number: page,
    per_page: PER_PAGE,
  });
  const setParam = useCallback(
    (key: string, value: string) =>
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
  const onSearch = useCallback((v: string) => setParam('q', v), [setParam]);
  const filtered = !!q || !!state;

  return (
    <>
      <PageHeading
        title="Energy providers"
        actions={isOps && <LinkButton intent="primary" icon="add" text="Add energy provider" to={detailPath('new')} />}
      />
      <div className="list-toolbar">
        <SearchInput value={q} onSearch={onSearch} placeholder="Search by name" label="Search energy providers" />
        <InputGroup
          className="provider-state-filter"
          aria-label="State"
          placeholder="State, e.g. WI"
          maxLength={2}
          value={state}
          onValueChange={(v) => setParam('state', v.toUpperCase().replace(/[^A-Z]/g, ''))}
        />
      </div>
      <DataTable
        label="Energy providers"
        columns={COLUMNS}
        rows={list.data?.items}
        rowKey={(p) => p.id}
        rowHref={(p) => detailPath(p.id)}
        loading={list.isFetching}
        emptyIcon="flash"
        emptyTitle={filtered ? "Sorry, we didn't find any matches." : 'No energy providers yet.'}
        emptyAction={
          filtered ? (
            <Button text="Clear search and state" onClick={() => setParams({}, { replace: true })} />
          ) : undefined
        }
      />
      {!!list.data && list.data.total > PER_PAGE && (
        <ListPager
          page={page}
          perPage={PER_PAGE}
          total={list.data.total}
          onPage={(p) => setParam('page', p > 1 ? String(p) : '')}
        />
      )}
    </>
  );
}
