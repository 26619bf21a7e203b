/** Terms and conditions (/terms_and_conditions): every version, newest first, the current one flagged. */

import { Tag } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { DataTable, type Column } from '../../../lib/components/data-table.tsx';
import { LinkButton } from '../../../lib/components/link-button.tsx';
import { ListPager } from '../../../lib/components/list-pager.tsx';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import type { TermsVersion } from '../api/get-terms-version.ts';
import { useTermsVersions } from '../api/get-terms-versions.ts';
import './terms.css';

const PER_PAGE = 25;
const detailPath = (id: number | string) => pathTo('TermsAndConditionsDetail', { termsAndConditionsId: id });

const COLUMNS: Column<TermsVersion>[] = [
  {
    key: 'version',
    label: 'Version',
    nowrap: true,
    render: (v) => <Link to={detailPath(v.id)}>Version {v.version}</Link>,
  },
  {
    key: 'current',
    label: 'Current',
    nowrap: true,
    render: (v) =>
      v.is_current ? (
        <Tag intent="success" minimal icon="tick">
          Current
        </Tag>
      ) : null,
  },
  { key: 'title', label: 'Title', className: 'terms-col-title', render: (v) => v.title },
  { key: 'created_by', label: 'Saved by', nowrap: true, render: (v) => v.created_by?.name },
  {
    key: 'created_at',
    label: 'Saved on',
    nowrap: true,
    render: (v) => new Date(v.created_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
  },
];

export function Component() {
  const isOps = useIsOps();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useTermsVersions({ page_number: page, per_page: PER_PAGE });
  const current = list.data?.items.find((v) => v.is_current);
  const empty = list.data && list.data.total === 0;

  return (
    <>
      <PageHeading
        title="Terms and conditions"
        actions={
          isOps &&
          (current ? (
            <LinkButton intent="primary" icon="edit" text="Edit current version" to={detailPath(current.id)} />
          ) : empty ? (
            <LinkButton intent="primary" icon="add" text="Write the first version" to={detailPath('new')} />
          ) : null)
        }
      />
      <DataTable
        label="Versions of the terms and conditions"
        columns={COLUMNS}
        rows={list.data?.items}
        rowKey={(v) => v.id}
        rowHref={(v) => detailPath(v.id)}
        loading={list.isFetching}
        emptyIcon="document"
        emptyTitle="No terms and conditions yet."
      />
      {!!list.data && list.data.total > PER_PAGE && (
        <ListPager
          page={page}
          perPage={PER_PAGE}
          total={list.data.total}
          onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})}
        />
      )}
    </>
  );
}
