/**
 * A signature's status as a tag (spec sect. 4: not attempted, pending, complete, failed), the same on the
 * signer's page, the job's documents and the form widget.
 */

import { Tag, type Intent } from '@blueprintjs/core';
import { SIGNATURE_STATUS_LABELS, type SignatureStatus } from '../../../engine/api/signing.ts';

export const SIGNATURE_INTENT: Record<SignatureStatus, Intent> = {
  success: 'success',
  failure: 'danger',
  pending: 'warning',
  not_attempted: 'none',
};
export const SIGNATURE_ICON: Record<SignatureStatus, 'tick-circle' | 'error' | 'time' | 'circle'> = {
  success: 'tick-circle',
  failure: 'error',
  pending: 'time',
  not_attempted: 'circle',
};

export function SignatureStatusTag({ status, large }: { status: SignatureStatus; large?: boolean }) {
  return (
    <Tag
      className="signature-status-tag"
      intent={SIGNATURE_INTENT[status]}
      icon={SIGNATURE_ICON[status]}
      minimal
      size={large ? 'large' : undefined}
    >
      {SIGNATURE_STATUS_LABELS[status]}
    </Tag>
  );
}
