/** Paging under a list: "1–25 of 312", previous / next, and the page-size choice 'View {num}'. */

import { Button, HTMLSelect } from '@blueprintjs/core';
import { PRODUCT_CONSTANTS } from '../../../engine/constants.ts';
import './list-pager.css';

export interface ListPagerProps {
  page: number;
  perPage: number;
  total: number | undefined;
  onPage: (page: number) => void;
  /** Shown when given: a remembered page size. */
  onPerPage?: (perPage: number) => void;
  perPageOptions?: readonly number[];
}

export function ListPager({
  page,
  perPage,
  total,
  onPage,
  onPerPage,
  perPageOptions = PRODUCT_CONSTANTS.page_sizes,
}: ListPagerProps) {
  const pages = total === undefined ? page : Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = total === undefined ? page * perPage : Math.min(total, page * perPage);
  const options = perPageOptions.includes(perPage)
    ? perPageOptions
    : [...perPageOptions, perPage].sort((a, b) => a - b);
  return (
    <nav className="list-pager" aria-label="Pages">
      {onPerPage && (
        <HTMLSelect
          aria-label="Rows per page"
          value={perPage}
          onChange={(e) => onPerPage(Number(e.currentTarget.value))}
          options={options.map((n) => ({ value: n, label: `View ${n}` }))}
        />
      )}
      <span className="list-pager-count muted" aria-live="polite">
        {total === undefined ? '' : `${first}–${last} of ${total}`}
      </span>
      <Button icon="chevron-left" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <span className="list-pager-page">
        Page {page} of {pages}
      </span>
      <Button icon="chevron-right" aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
