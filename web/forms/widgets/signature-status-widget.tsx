/** A signer's document status, read-only (spec sect. 4: not attempted, failed, complete, pending). */

import { Tag, type Intent } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';

const INTENT: Record<string, Intent> = { success: 'success', failure: 'danger', pending: 'warning', not_attempted: 'none' };
const ICON: Record<string, 'tick-circle' | 'error' | 'time' | 'circle'> = { success: 'tick-circle', failure: 'error', pending: 'time', not_attempted: 'circle' };
const LABEL: Record<string, string> = { success: 'Complete', failure: 'Failed', pending: 'Pending', not_attempted: 'Not attempted' };

export function SignatureStatusWidget(p: WidgetProps) {
  const v = typeof p.value === 'string' ? p.value : 'not_attempted';
  const options = (p.options.enumOptions as { label: string; value: unknown }[] | undefined) ?? [];
  const label = options.find((o) => o.value === v)?.label ?? LABEL[v] ?? v;
  return (
    <Tag id={p.id} className="rjsf-bp-signature" intent={INTENT[v] ?? 'none'} icon={ICON[v] ?? 'circle'} size="large" minimal role="status">
      {label}
    </Tag>
  );
}
