/** The signature: two tabs, Type (the name, previewed in a script-like italic) and Draw (the pad). */

import { FormGroup, InputGroup, Tab, Tabs } from '@blueprintjs/core';
import { SIGNING_LIMITS } from '../../../../engine/api/signing.ts';
import { SignaturePad } from './signature-pad.tsx';

export type SignatureKind = 'typed' | 'drawn';

export interface SignatureFieldProps {
  kind: SignatureKind;
  onKind: (k: SignatureKind) => void;
  typed: string;
  onTyped: (v: string) => void;
  onDrawn: (image: string | null) => void;
  /** The signer's name (the typed field's example). */
  name: string;
  error?: string;
}

export function SignatureField({ kind, onKind, typed, onTyped, onDrawn, name, error }: SignatureFieldProps) {
  const typePanel = (
    <FormGroup
      label="Type your full name"
      labelFor="signature-typed"
      intent={error ? 'danger' : 'none'}
      className="signature-typed"
    >
      <InputGroup
        id="signature-typed"
        size="large"
        value={typed}
        onValueChange={onTyped}
        maxLength={SIGNING_LIMITS.typed_max_chars}
        placeholder={`For example: ${name}`}
        autoComplete="name"
        intent={error ? 'danger' : 'none'}
      />
      <div className={`signature-preview${typed.trim() ? '' : ' signature-preview-empty'}`} aria-hidden>
        {typed.trim() || 'Your signature'}
      </div>
    </FormGroup>
  );
  return (
    <div className="signature-field" id="signature-field">
      <Tabs id="signature-kind" selectedTabId={kind} onChange={(id) => onKind(id as SignatureKind)}>
        <Tab id="typed" title="Type" panel={typePanel} />
        <Tab id="drawn" title="Draw" panel={<SignaturePad onChange={onDrawn} invalid={!!error} />} />
      </Tabs>
      {error && (
        <div className="signing-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
