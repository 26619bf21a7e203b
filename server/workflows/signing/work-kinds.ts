/** The background work kinds of document signing (server/workflows/signing/documents.service.ts handles them). */
export const DOCUMENT_WORK = {
  generate: 'documents.generate',
  invite: 'documents.invite',
  finalize: 'documents.finalize',
} as const;

/** The idempotency key of a document's stamping (one item per document: the signed copy is made once). */
export const finalizeKey = (documentId: number) => `documents:finalize:${documentId}`;
