/**
 * The completion record's verify page (/verify/:sha256): no sign-in, no shell; anyone holding a record (an auditor,
 * the homeowner) opens it from the link the portal gives with the record. It says whether the portal issued a record
 * with this fingerprint, when, and what it covers (no one's name or address), and checks a file chosen here: the
 * record itself unchanged, one of the files it lists, or neither (changed, or another file). The file never leaves
 * the browser: its SHA-256 is computed here.
 */

import { Callout, FileInput, FormGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { VERIFY_MESSAGES, type RecordCovers } from '../../../../engine/api/completion.ts';
import { ApiError, CLIENT_MESSAGES } from '../../../lib/api-client.ts';
import { PublicBrand } from '../../../lib/components/public-brand.tsx';
import { sha256Of, useRecordVerification, type RecordVerification } from '../api/verify.ts';
import '../../../lib/components/public-page.css';
import '../verify.css';

const KIND_WORDS: Record<RecordCovers['files'][number]['kind'], [one: string, many: string]> = {
  photo: ['photo', 'photos'],
  signed_document: ['signed document', 'signed documents'],
  file: ['other file', 'other files'],
};

const day = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T12:00:00` : iso).toLocaleDateString([], { dateStyle: 'long' });

/** "3 photos, 2 signed documents and 1 other file". */
export function filesInWords(files: RecordCovers['files']): string {
  const parts = (Object.keys(KIND_WORDS) as (keyof typeof KIND_WORDS)[])
    .map((k) => [files.filter((f) => f.kind === k).length, KIND_WORDS[k]] as const)
    .filter(([n]) => n > 0)
    .map(([n, [one, many]]) => `${n} ${n === 1 ? one : many}`);
  if (!parts.length) return 'no files';
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

type Check = { state: 'matches' | 'listed' | 'differs'; text: string } | { state: 'unsupported' | 'checking' };

/** What a chosen file is, against the record. */
export function checkOf(record: RecordVerification, hash: string): Check {
  if (hash === record.sha256) return { state: 'matches', text: VERIFY_MESSAGES.matches };
  const listed = record.covers.files.find((f) => f.sha256 === hash);
  if (listed) return { state: 'listed', text: VERIFY_MESSAGES.listed(KIND_WORDS[listed.kind][0]) };
  return { state: 'differs', text: VERIFY_MESSAGES.differs };
}

function FileCheck({ record }: { record: RecordVerification }) {
  const [name, setName] = useState<string | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setName(file.name);
    setCheck({ state: 'checking' });
    const hash = await sha256Of(file);
    setCheck(hash ? checkOf(record, hash) : { state: 'unsupported' });
  };
  return (
    <section className="public-card" aria-label="Check a file">
      <FormGroup
        label="Check your copy"
        labelFor="verify-file"
        subLabel="Choose the record’s PDF, or a file it lists. It is checked here, on this device: nothing is uploaded."
      >
        <FileInput
          fill
          text={name ?? 'Choose a file…'}
          buttonText="Browse"
          inputProps={{ id: 'verify-file', 'aria-label': 'File to check' }}
          onInputChange={(e) => void choose((e.target as HTMLInputElement).files?.[0])}
        />
      </FormGroup>
      <div role="status" aria-live="polite">
        {check?.state === 'checking' && <Spinner size={20} aria-label="Checking" />}
        {check?.state === 'unsupported' && (
          <Callout intent="warning" icon="warning-sign" compact>
            This browser cannot check files on this page. Compare the SHA-256 above with your copy’s instead.
          </Callout>
        )}
        {(check?.state === 'matches' || check?.state === 'listed') && (
          <Callout intent="success" icon="tick-circle" compact className="verify-result">
            {check.text}
          </Callout>
        )}
        {check?.state === 'differs' && (
          <Callout intent="danger" icon="error" compact className="verify-result">
            {check.text}
          </Callout>
        )}
      </div>
    </section>
  );
}

function Record({ record }: { record: RecordVerification }) {
  const c = record.covers;
  return (
    <>
      <Callout intent="success" icon="tick-circle" role="status">
        The portal issued this completion record on <strong>{day(record.issued_at)}</strong>.
      </Callout>
      <section className="public-card" aria-label="What the record covers">
        <dl className="verify-facts">
          <dt>Program</dt>
          <dd>{c.program}</dd>
          <dt>Rebate paid on</dt>
          <dd>{c.paid_on ? day(c.paid_on) : 'not recorded'}</dd>
          <dt>It covers</dt>
          <dd>{c.sections.join(' · ')}</dd>
          <dt>Files it lists</dt>
          <dd>{filesInWords(c.files)}, each with its SHA-256</dd>
          <dt>Fingerprint (SHA-256)</dt>
          <dd>
            <code className="verify-hash">{record.sha256}</code>
          </dd>
        </dl>
      </section>
      <FileCheck record={record} />
    </>
  );
}

function Body({ sha256 }: { sha256: string }) {
  const q = useRecordVerification(sha256);
  if (q.data) return <Record record={q.data} />;
  if (q.error)
    return (
      <NonIdealState
        className="page-state"
        icon="search"
        title="No record with this fingerprint"
        description={
          q.error instanceof ApiError && q.error.status === 404 ? VERIFY_MESSAGES.unknown : CLIENT_MESSAGES.unexpected
        }
      />
    );
  return <Spinner className="page-state" aria-label="Loading" />;
}

export function Component() {
  const { sha256 = '' } = useParams();
  return (
    <div className="public-page">
      <PublicBrand className="public-brand" />
      <div className="public-column">
        <div className="public-heading">
          <h1>Completion record check</h1>
          <p className="muted">Whether a rebate’s completion record is one the portal issued, and unchanged.</p>
        </div>
        <Body key={sha256} sha256={sha256} />
      </div>
    </div>
  );
}
