/**
 * The heading row of a page: title (with an optional back link and subtitle) and the page's actions.
 * A text title also names the page in the browser tab's title.
 */

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '@blueprintjs/core';
import { usePageSubject } from '../page-subject.ts';
import './page-heading.css';

export interface PageHeadingProps {
  title: ReactNode;
  /** A line under the title (tags, a short description). */
  subtitle?: ReactNode;
  /** Where the back link goes and what it says, e.g. { to: '/contractors', label: 'Contractors' }. */
  back?: { to: string; label: string };
  /** Buttons on the right; they wrap under the title on narrow screens. */
  actions?: ReactNode;
}

export function PageHeading({ title, subtitle, back, actions }: PageHeadingProps) {
  // A written heading names the page in the browser tab too (a contractor's name, not just "Contractor").
  usePageSubject(typeof title === 'string' ? title : undefined);
  return (
    <div className="page-heading">
      {back && (
        <Link to={back.to} className="page-heading-back">
          <Icon icon="chevron-left" size={14} /> {back.label}
        </Link>
      )}
      <div className="page-header">
        <div className="page-heading-text">
          <h1>{title}</h1>
          {subtitle && <div className="page-heading-subtitle">{subtitle}</div>}
        </div>
        {actions && <div className="page-heading-actions">{actions}</div>}
      </div>
    </div>
  );
}
