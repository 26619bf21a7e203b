/**
 * A paid job's completion record (issue 44): when it was issued, how many files it lists with their fingerprints, the
 * PDF (fetched with the token), and its public verify page, which anyone given the record can open.
 */

import { AnchorButton, Button } from '@blueprintjs/core';
import type { CompletionRecordSummary } from '../../../../engine/api/completion.ts';
import { pathTo } from '../../../config/paths.ts';
import { download } from './documents-panel.tsx';

export function CompletionRecord({
  jobId,
  jobCode,
  record,
}: {
  jobId: number;
  jobCode: string;
  record: CompletionRecordSummary;
}) {
  if (!record) return null;
  const issued = new Date(record.issued_at).toLocaleDateString([], { dateStyle: 'long' });
  return (
    <section className="completion-record" aria-labelledby="completion-record-title">
      <h4 id="completion-record-title" className="bp6-heading">
        Completion record
      </h4>
      <p className="muted">
        Issued {issued} when the rebate was paid: the job, how eligibility and the amount were decided, the payment, the
        answers, and {record.file_count} {record.file_count === 1 ? 'file' : 'files'} with their fingerprints.
      </p>
      <div className="completion-record-actions">
        <Button
          icon="download"
          text="Download the record (PDF)"
          onClick={() => void download(`/api/jobs/${jobId}/completion-record`, `Completion record ${jobCode}.pdf`)}
        />
        <AnchorButton
          variant="minimal"
          icon="document-open"
          text="Verify page"
          href={pathTo('VerifyRecord', { sha256: record.sha256 })}
          target="_blank"
          rel="noreferrer"
        />
      </div>
      <div className="completion-record-hash muted">
        Fingerprint (SHA-256): <code>{record.sha256}</code>
      </div>
    </section>
  );
}
