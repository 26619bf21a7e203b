/**
 * Documents and signature status (spec sect. 4): a task's generated documents (or every document of the
 * job), each with its generation, status and signers (role, name, email, status, when invited or signed,
 * why declined), Resend invite where the server allows it, and the PDFs (generated, and signed once made),
 * fetched with the token. While the server prepares documents or mails invites, it says so and polls.
 */

import { Alert, Button, Callout, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { SIGNER_ROLE_LABELS } from '../../../../engine/api/signing.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { SignatureStatusTag } from '../../../lib/components/signature-status-tag.tsx';
import { errorToast, successToast } from '../../../lib/toaster.ts';
import { saveBlob } from '../../../lib/download.ts';
import {
  DOCUMENT_MESSAGES,
  downloadDocument,
  useDocuments,
  useResendInvite,
  useRetryStamping,
  type DocumentSigner,
  type JobDocument,
} from '../api/get-documents.ts';

export interface DocumentsPanelProps {
  jobId: number;
  /** One task's documents; without it, every document of the job. */
  taskId?: string;
  /** A task's title, shown on each document when every document is listed. */
  taskTitle?: (taskId: string) => string;
  /** The caller may regenerate documents (the empty state says how). */
  canRegenerate?: boolean;
}

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }) : null;

/** "Rebate agreement (generation 2, signed).pdf" without characters a file name cannot hold. */
export const fileName = (d: JobDocument, signed: boolean) =>
  `${d.title} (generation ${d.generation}${signed ? ', signed' : ''}).pdf`.replace(/[\\/:*?"<>|]+/g, '-');

/** Saves a document's PDF (fetched with the token) under `name`; a failure is a toast. */
export async function download(url: string, name: string) {
  try {
    saveBlob(await downloadDocument(url), name);
  } catch (e) {
    errorToast(e instanceof ApiError ? e.message : DOCUMENT_MESSAGES.download_failed);
  }
}

function SignerRow({ signer, onResend }: { signer: DocumentSigner; onResend: (s: DocumentSigner) => void }) {
  const invited = when(signer.invited_at);
  const signed = when(signer.signed_at);
  return (
    <li className="document-signer">
      <div className="document-signer-who">
        <span className="document-signer-role muted">{SIGNER_ROLE_LABELS[signer.role]}</span>
        <span className="document-signer-name">{signer.name}</span>
        {signer.email && <span className="document-signer-email muted">{signer.email}</span>}
      </div>
      <div className="document-signer-state">
        <SignatureStatusTag status={signer.status} />
        {signed ? (
          <span className="muted">
            {signer.status === 'failure' ? 'Declined' : 'Signed'} {signed}
          </span>
        ) : (
          invited && <span className="muted">Invited {invited}</span>
        )}
        {signer.can_resend && (
          <Button
            size="small"
            variant="outlined"
            icon="envelope"
            text="Resend invite"
            onClick={() => onResend(signer)}
          />
        )}
      </div>
      {signer.decline_reason && <div className="document-signer-reason">Reason: {signer.decline_reason}</div>}
    </li>
  );
}

/**
 * Ops: every signer signed but the signed copy could not be made. Says why, whether the portal still retries, and
 * the ways out: try again now (after fixing the cause), regenerate the documents (everyone signs again), or complete
 * the task with a copy signed by hand.
 */
function StampingFailure({ jobId, doc }: { jobId: number; doc: JobDocument }) {
  const retry = useRetryStamping(jobId);
  const f = doc.stamping_failure;
  if (!f) return null;
  const next = when(f.next_attempt_at);
  return (
    <Callout intent="warning" icon="warning-sign" compact className="document-stamping-failure">
      <p>
        <strong>Everyone signed, but the signed copy could not be made.</strong> Cause: {f.cause}
      </p>
      <p className="muted">
        {f.stopped
          ? `The portal stopped trying after ${f.attempts} attempts.`
          : `The portal tries again by itself${next ? ` at ${next}` : ''} (attempt ${f.attempts} failed).`}{' '}
        Try again now once the cause is fixed, or use Regenerate documents in the job’s actions to have everyone sign a
        new copy, or complete the task with a copy signed by hand.
      </p>
      <Button
        size="small"
        icon="refresh"
        text="Try again now"
        loading={retry.isPending}
        onClick={() =>
          // A refusal is shown by the API client as the server words it.
          retry.mutate(doc.id, { onSuccess: () => successToast('The signed copy is being made again.') })
        }
      />
    </Callout>
  );
}

function DocumentCard({
  jobId,
  doc,
  taskTitle,
  onResend,
}: {
  jobId: number;
  doc: JobDocument;
  taskTitle?: string;
  onResend: (s: DocumentSigner) => void;
}) {
  return (
    <article className="document-card">
      <header className="document-card-header">
        <div className="document-card-title">
          <strong>{doc.title}</strong>
          <span className="muted">
            {taskTitle ? `${taskTitle} · ` : ''}Generation {doc.generation} · {when(doc.created_at)}
          </span>
        </div>
        {doc.signed_another_way ? (
          <Tag intent="success" minimal icon="upload" className="document-by-hand">
            Signed copy uploaded
          </Tag>
        ) : (
          <SignatureStatusTag status={doc.status} />
        )}
      </header>
      {doc.signed_another_way && (
        <div className="muted document-by-hand-note">
          The task was completed with a copy signed by hand: the signing links are closed and no one is asked to sign.
        </div>
      )}
      <StampingFailure jobId={jobId} doc={doc} />
      {doc.signers.length > 0 && (
        <ol className="document-signers">
          {doc.signers.map((s) => (
            <SignerRow key={s.id} signer={s} onResend={onResend} />
          ))}
        </ol>
      )}
      <div className="document-card-actions">
        <Button
          size="small"
          icon="download"
          text="Download"
          onClick={() => void download(doc.download_url, fileName(doc, false))}
        />
        {doc.signed_download_url && (
          <Button
            size="small"
            icon="download"
            intent="success"
            text="Download signed"
            onClick={() => void download(doc.signed_download_url!, fileName(doc, true))}
          />
        )}
      </div>
      {doc.signed_sha256 && (
        <div className="document-seal muted" title="The signed PDF carries the portal's digital seal (PAdES)">
          Sealed · SHA-256 of the signed PDF: <code className="document-hash">{doc.signed_sha256}</code>
        </div>
      )}
    </article>
  );
}

export function DocumentsPanel({ jobId, taskId, taskTitle, canRegenerate }: DocumentsPanelProps) {
  const list = useDocuments(jobId);
  const resend = useResendInvite(jobId);
  const [confirm, setConfirm] = useState<DocumentSigner | null>(null);
  if (list.isLoading) return <Spinner size={20} className="documents-loading" aria-label="Loading documents" />;
  if (list.error) {
    // Not this caller's to see (403, 404): the panel stays out of the way.
    if (list.error instanceof ApiError && [403, 404].includes(list.error.status)) return null;
    return (
      <Callout intent="danger" icon="error" compact className="documents-panel">
        {list.error instanceof ApiError ? list.error.message : DOCUMENT_MESSAGES.download_failed}
      </Callout>
    );
  }
  const data = list.data;
  if (!data) return null;
  const items = taskId ? data.items.filter((d) => d.task_id === taskId) : data.items;
  return (
    <div className="documents-panel">
      {data.pending_work && (
        <div className="documents-pending" role="status">
          <Spinner size={14} /> {DOCUMENT_MESSAGES.preparing}
        </div>
      )}
      {!items.length && !data.pending_work && (
        <div className="documents-empty muted">
          {DOCUMENT_MESSAGES.empty}
          {canRegenerate && ' Use Regenerate documents in the job’s actions to generate them.'}
        </div>
      )}
      {items.map((d) => (
        <DocumentCard
          key={d.id}
          jobId={jobId}
          doc={d}
          taskTitle={taskId ? undefined : taskTitle?.(d.task_id)}
          onResend={setConfirm}
        />
      ))}
      <Alert
        isOpen={!!confirm}
        icon="envelope"
        intent="primary"
        confirmButtonText="Resend invite"
        cancelButtonText="Cancel"
        loading={resend.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          resend.mutate(confirm.id, {
            onSuccess: (s) => successToast(`A new invite was sent to ${s.name}.`),
            onSettled: () => setConfirm(null),
          })
        }
      >
        Send {confirm?.name} a new invite{confirm?.email ? ` at ${confirm.email}` : ''}? The link in the earlier invite
        will stop working.
      </Alert>
    </div>
  );
}
