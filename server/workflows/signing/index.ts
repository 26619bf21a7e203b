/**
 * Document signing (spec sect. 4): a signing task's documents generated when it opens, its signers invited
 * in turn, the signed PDF stamped; the statuses of a form's `signatures:` fields are the server's.
 */

import type { AppWorkflow } from '../../context.ts';
import type { FieldFiller } from '../types.ts';
import type { Deps } from '../../context.ts';
import { liveSignatures, serverSignatureFields, withLiveSignatures, type LiveSignatures } from './documents.service.ts';
import { documentHandlers } from './document-work.ts';
import { documentsRoutes } from './documents.routes.ts';
import { queueOpenSigning } from './queue.ts';

/**
 * A form's `signatures:` fields as the signatures stand: a read shows them from one query for the job's tasks
 * (prefetched), a save or submit stores them whatever was sent.
 */
const signatureFields: FieldFiller<Deps> = {
  prefetch: (deps, job, taskId) => liveSignatures(deps, job, taskId),
  fill: async (deps, { mode, form, job, taskId, data, prefetched }) => {
    if (mode !== 'read') return serverSignatureFields(deps, form, job.id, taskId, data ?? {});
    const live = prefetched as LiveSignatures | undefined;
    return form.signatures && live ? withLiveSignatures(form, data, live.get(taskId) ?? []) : data;
  },
};

export const signing: AppWorkflow = {
  name: 'signing',
  fields: [signatureFields],
  afterEvaluation: (deps, { program, row, ev, facts }) => queueOpenSigning(deps, program, row, ev, facts),
  work: documentHandlers,
  routes: documentsRoutes,
  history: [
    'documents_generated',
    'documents_regenerated',
    'documents_withdrawn',
    'signature_invited',
    'signature_invite_failed',
    'signature_invite_resent',
    'document_signed',
    'document_declined',
  ],
  abilities: ['document.read', 'document.resend', 'job.regenerate_documents'],
};
