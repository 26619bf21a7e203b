/** The background work kinds of document signing (server/services/documents.service.ts handles them). */
export const DOCUMENT_WORK = {
  generate: 'documents.generate',
  invite: 'documents.invite',
  finalize: 'documents.finalize',
} as const;
