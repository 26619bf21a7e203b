/** Form layout: fields in two columns on wide screens (one on a phone), and the row of form buttons. */

import type { ReactNode } from 'react';
import './form-layout.css';

export function FormGrid({ children }: { children: ReactNode }) {
  return <div className="form-grid">{children}</div>;
}

/** Save / cancel buttons under a form; on a phone they stick to the bottom of the screen. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="form-actions">{children}</div>;
}
