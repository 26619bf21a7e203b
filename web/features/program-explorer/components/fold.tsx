/**
 * A section that folds (a native <details>: keyboard and screen readers know it). On a phone the
 * explorer starts with its long sections folded, so the page is a list of headings to open, not
 * twenty screens of tables; on a wide screen they start open.
 */

import type { ReactNode } from 'react';

/** A phone's width: the explorer's long sections start folded there. */
export const PHONE_QUERY = '(max-width: 600px)';

export const isPhone = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

export function Fold({
  title,
  open,
  className,
  children,
}: {
  title: ReactNode;
  open: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <details className={`fold${className ? ` ${className}` : ''}`} open={open}>
      <summary className="fold-title">{title}</summary>
      {children}
    </details>
  );
}
