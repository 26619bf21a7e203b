/**
 * A list table: a header row, one row per item (the whole row opens the item), skeleton rows while the
 * first page loads, dimmed rows while the next one does, and an empty state. Wide tables scroll
 * sideways; at 768 px and below each row stacks into a card with the column names as labels.
 */

import { HTMLTable, NonIdealState, type IconName } from '@blueprintjs/core';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import './data-table.css';

/** One column of a table. */
export interface Column<T> {
  key: string;
  /** The header text, also the label of the value when rows stack on a phone. */
  label: string;
  render: (row: T) => ReactNode;
  /** Numbers read best right-aligned. */
  numeric?: boolean;
  /** Keep the value on one line (codes, dates). */
  nowrap?: boolean;
  /** A class on the column's cells (widths). */
  className?: string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Where a click on a row goes. */
  rowHref?: (row: T) => string;
  /** What a click on a row does instead (opens a drawer, ...). Enter on a focused row does the same. */
  onRowClick?: (row: T) => void;
  /** True while rows are being (re)fetched. */
  loading?: boolean;
  emptyTitle: string;
  emptyDescription?: ReactNode;
  emptyIcon?: IconName;
  /** e.g. a 'Clear filters' button. */
  emptyAction?: ReactNode;
  /** Accessible name of the table. */
  label: string;
}

const SKELETON_ROWS = 5;

/** Clicks on links, buttons and inputs inside a row do their own thing. */
function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('a, button, input, select, textarea, label');
}

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowHref,
  onRowClick,
  loading,
  emptyTitle,
  emptyDescription,
  emptyIcon = 'search',
  emptyAction,
  label,
}: DataTableProps<T>) {
  const navigate = useNavigate();
  if (rows && rows.length === 0 && !loading) {
    return (
      <NonIdealState
        className="data-table-empty"
        icon={emptyIcon}
        title={emptyTitle}
        description={emptyDescription}
        action={emptyAction as React.JSX.Element | undefined}
      />
    );
  }
  const clickable = !!rowHref || !!onRowClick;
  const rowClick = (row: T) => (e: MouseEvent) => {
    if (!clickable || isInteractive(e.target) || window.getSelection()?.toString()) return;
    if (onRowClick) onRowClick(row);
    else if (rowHref && (e.ctrlKey || e.metaKey)) window.open(rowHref(row), '_blank');
    else if (rowHref) navigate(rowHref(row));
  };
  // Rows without a link inside are reached with Tab and opened with Enter.
  const rowKeys = (row: T) =>
    onRowClick
      ? {
          tabIndex: 0,
          onKeyDown: (e: KeyboardEvent) => {
            if (e.key === 'Enter' && e.target === e.currentTarget) onRowClick(row);
          },
        }
      : {};
  return (
    <div className={`data-table-scroll${loading && rows ? ' data-table-refreshing' : ''}`}>
      <HTMLTable className="data-table" interactive={clickable} striped aria-label={label} aria-busy={loading}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                className={[c.numeric && 'data-table-numeric', c.className].filter(Boolean).join(' ') || undefined}
                scope="col"
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows
            ? rows.map((row) => (
                <tr key={rowKey(row)} onClick={rowClick(row)} {...rowKeys(row)}>
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      data-label={c.label}
                      className={
                        [c.numeric && 'data-table-numeric', c.nowrap && 'data-table-nowrap', c.className]
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                    >
                      {c.render(row)}
                    </td>
                  ))}
                </tr>
              ))
            : Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <td key={c.key} data-label={c.label}>
                      <span className="bp6-skeleton">Loading</span>
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
