/** Form layout: fields in two columns on wide screens (one on a phone), and the row of form buttons. */

import type { ReactNode } from 'react';
import './form-layout.css';

export function FormGrid({ children }: { children: ReactNode }) {
  return <div className="form-grid">{children}</div>;
}

/**
 * Save / cancel buttons under a form; on a phone they stick to the bottom of the screen. Pressing a
 * button does not take the focus from the field being typed in: leaving the field would show its
 * message, move the buttons down, and the click would miss.
 */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <div
      className="form-actions"
      onMouseDown={(e) => {
        if ((e.target as Element).closest('button')) e.preventDefault();
      }}
    >
      {children}
    </div>
  );
}
