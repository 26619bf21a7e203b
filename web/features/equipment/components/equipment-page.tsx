/**
 * Equipment catalogs, one route per tab (spec sect. 2): /equipment/heat-pumps, /equipment/water-heaters,
 * and /equipment itself, the Other equipment catalog. Each has a search by manufacturer, model or AHRI id
 * and a table of the fields that matter for the type; a row opens every field of the entry.
 */

import { Button, Tab, Tabs } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { DataTable } from '../../../lib/components/data-table.tsx';
import { ListPager } from '../../../lib/components/list-pager.tsx';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { SearchInput } from '../../../lib/components/search-input.tsx';
import { tabPanelProps } from '../../../lib/components/tab-panel.ts';
import { useEquipmentList, type Equipment, type EquipmentType } from '../api/get-equipment-list.ts';
import { COLUMNS } from './equipment-columns.tsx';
import { EquipmentDrawer } from './equipment-drawer.tsx';
import './equipment.css';

const PER_PAGE = 25;

/** The tabs, each its route's title and path. */
const TABS: { id: EquipmentType; title: string; to: string }[] = [
  { id: 'heat_pump', title: paths.HeatPumps.title, to: paths.HeatPumps.path },
  { id: 'water_heater', title: paths.WaterHeaters.title, to: paths.WaterHeaters.path },
  { id: 'other', title: paths.Equipment.title, to: paths.Equipment.path },
];

/** The tab of the route: heat pumps and water heaters by their paths, /equipment itself is Other equipment. */
function useTab(): EquipmentType {
  const { pathname } = useLocation();
  if (pathname.startsWith(paths.HeatPumps.path)) return 'heat_pump';
  if (pathname.startsWith(paths.WaterHeaters.path)) return 'water_heater';
  return 'other';
}

export function Component() {
  const tab = useTab();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const isOps = useIsOps();
  const [open, setOpen] = useState<Equipment | null>(null);
  const [adding, setAdding] = useState<EquipmentType | null>(null);
  const list = useEquipmentList({ type: tab, q: q.trim() || undefined, page_number: page, per_page: PER_PAGE });
  const title = TABS.find((t) => t.id === tab)!.title;
  // A column no entry on the page fills (common under 'Other') is left out.
  const rows = list.data?.items;
  const columns = useMemo(
    () =>
      COLUMNS[tab].filter(
        (c) =>
          c.key === 'manufacturer' ||
          c.key === 'model' ||
          !rows?.length ||
          rows.some((e) => (e as unknown as Record<string, unknown>)[c.key] != null),
      ),
    [tab, rows],
  );
  const onSearch = useCallback(
    (v: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (v) next.set('q', v);
          else next.delete('q');
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setPage = (n: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (n > 1) next.set('page', String(n));
      else next.delete('page');
      return next;
    });

  return (
    <>
      <PageHeading
        title={title}
        actions={isOps && <Button intent="primary" icon="add" text="Add equipment" onClick={() => setAdding(tab)} />}
      />
      <Tabs
        id="equipment-tabs"
        selectedTabId={tab}
        onChange={(id) => {
          // The search carries over to the other catalog.
          const to = TABS.find((t) => t.id === id)!.to;
          navigate(q ? `${to}?q=${encodeURIComponent(q)}` : to);
        }}
        className="equipment-tabs"
        size="large"
      >
        {TABS.map((t) => (
          <Tab key={t.id} id={t.id} title={t.title} />
        ))}
      </Tabs>
      <div {...tabPanelProps('equipment-tabs', tab)}>
        <div className="list-toolbar">
          <SearchInput
            value={q}
            onSearch={onSearch}
            placeholder="Search by manufacturer, model or AHRI id"
            label={`Search ${title.toLowerCase()}`}
          />
          {list.data && (
            <span className="muted">
              {list.data.total === 1 ? '1 entry' : `${list.data.total.toLocaleString()} entries`}
            </span>
          )}
        </div>
        <DataTable
          label={title}
          columns={columns}
          rows={list.data?.items}
          rowKey={(e) => e.id}
          onRowClick={setOpen}
          loading={list.isFetching}
          emptyIcon="wrench"
          emptyTitle={q ? "Sorry, we didn't find any matches." : `No ${title.toLowerCase()} in the catalog yet.`}
          emptyDescription={q ? 'Try another manufacturer, model or AHRI id.' : undefined}
        />
        {!!list.data && list.data.total > PER_PAGE && (
          <ListPager page={page} perPage={PER_PAGE} total={list.data.total} onPage={setPage} />
        )}
      </div>
      <EquipmentDrawer
        item={open}
        adding={adding}
        onClose={() => {
          setOpen(null);
          setAdding(null);
        }}
        onSaved={(e) => {
          setAdding(null);
          setOpen(e);
        }}
      />
    </>
  );
}
