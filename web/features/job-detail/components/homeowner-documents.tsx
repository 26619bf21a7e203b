/**
 * The documents a homeowner signs, on their job page (issue 42): each with a download of their copy, the copy signed
 * by everyone once it is made (before that, the document as they signed it). Only documents the homeowner signs are
 * listed to them (GET /api/jobs/{id}/documents answers a homeowner with those).
 */

import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useDocuments, type JobDocument } from '../api/get-documents.ts';
import { download, fileName } from './documents-panel.tsx';

/** What a homeowner reads of a document they sign. */
export function homeownerDocumentLine(d: JobDocument): string {
  const me = d.signers.find((s) => s.role === 'homeowner');
  if (me?.status !== 'success') return 'Waiting for your signature: the link is in the email we sent you.';
  if (d.signed_download_url) return 'Signed by everyone. Your copy is ready.';
  return 'You signed it. The copy with everyone’s signatures comes by email once everyone has signed.';
}

export function HomeownerDocuments({ jobId, empty }: { jobId: number; empty: ReactNode }) {
  const docs = useDocuments(jobId);
  const mine = (docs.data?.items ?? []).filter((d) => d.signers.some((s) => s.role === 'homeowner'));
  if (!mine.length) return <>{empty}</>;
  return (
    <ul className="homeowner-documents">
      {mine.map((d) => {
        const signed = d.signers.find((s) => s.role === 'homeowner')?.status === 'success';
        const url = d.signed_download_url ?? d.download_url;
        return (
          <li key={d.id}>
            <div>
              <strong>{d.title}</strong>
              <div className="muted">{homeownerDocumentLine(d)}</div>
            </div>
            {signed && (
              <Button
                variant="outlined"
                icon="download"
                text="Download your copy"
                aria-label={`Download your copy of ${d.title}`}
                onClick={() => void download(url, fileName(d, !!d.signed_download_url))}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
