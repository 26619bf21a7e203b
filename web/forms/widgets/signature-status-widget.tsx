/** A signer's document status, read-only (spec sect. 4: not attempted, failed, complete, pending), as the server has
 * it. */

import { Tag, type Intent } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { SIGNATURE_ICON, SIGNATURE_INTENT } from '../../lib/components/signature-status-tag.tsx';

const INTENT: Record<string, Intent> = SIGNATURE_INTENT;
const ICON: Record<string, 'tick-circle' | 'error' | 'time' | 'circle'> = SIGNATURE_ICON;
const LABEL: Record<string, string> = {
  success: 'Complete',
  failure: 'Failed',
  pending: 'Pending',
  not_attempted: 'Not attempted',
};

export function SignatureStatusWidget(p: WidgetProps) {
  // The server fills every signer's field (not attempted before any document): an absent one does not sign these
  // documents.
  if (typeof p.value !== 'string') {
    return (
      <Tag id={p.id} className="rjsf-bp-signature" minimal size="large" role="status">
        Does not sign these documents
      </Tag>
    );
  }
  const v = p.value;
  const options = (p.options.enumOptions as { label: string; value: unknown }[] | undefined) ?? [];
  const label = options.find((o) => o.value === v)?.label ?? LABEL[v] ?? v;
  return (
    <Tag
      id={p.id}
      className="rjsf-bp-signature"
      intent={INTENT[v] ?? 'none'}
      icon={ICON[v] ?? 'circle'}
      size="large"
      minimal
      role="status"
    >
      {label}
    </Tag>
  );
}
