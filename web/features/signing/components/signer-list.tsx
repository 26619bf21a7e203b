/** The document's signers in signing order, each with their status; the link's holder is marked "you". */

import { SIGNER_ROLE_LABELS, type SigningView } from '../../../../engine/api/signing.ts';
import { SignatureStatusTag } from '../../../lib/components/signature-status-tag.tsx';

export function SignerList({ signers, me }: { signers: SigningView['signers']; me: number }) {
  return (
    <ol className="signing-signers">
      {signers.map((s, i) => (
        <li key={i} className={i === me ? 'signing-signer signing-signer-me' : 'signing-signer'}>
          <span className="signing-signer-order" aria-hidden>
            {i + 1}
          </span>
          <span className="signing-signer-name">
            <span>
              {s.name}
              {i === me && <span className="muted"> (you)</span>}
            </span>
            <span className="signing-signer-role muted">{SIGNER_ROLE_LABELS[s.role]}</span>
          </span>
          <SignatureStatusTag status={s.status} />
        </li>
      ))}
    </ol>
  );
}
