/** Inspections (issue 43): the queue, one inspection, its assignment; the inspectors and their sign-ins. */

import { userOf } from '../../abilities.ts';
import { route } from '../../routes/declare.ts';
import {
  INSPECTION,
  INSPECTION_LIST,
  INSPECTOR,
  INSPECTOR_ASSIGNMENT,
  INSPECTOR_CREATE,
  INSPECTOR_LIST,
  VISIT_ANSWER,
  VISIT_PROPOSAL,
  VISIT_VIEW,
} from '../../../engine/api/inspections.ts';
import { CHECKLIST_UPLOAD_FORM, UPLOADED } from '../../../engine/api/records.ts';
import type { AppRouter } from '../../context.ts';
import { readMultipart } from '../../routes/multipart.ts';
import { sendFile } from '../../routes/params.ts';
import * as svc from './inspections.service.ts';
import { checklistPhoto, uploadChecklistPhoto } from './photos.ts';
import * as visits from './visits.service.ts';

/** A visit link's token as the homeowner's page reads it: the credential, so its shape is all that is checked. */
const VISIT_TOKEN_PARAM = {
  token: {
    description: 'The visit link’s token (from the mail offering the times)',
    schema: { type: 'string', pattern: visits.VISIT_TOKEN.source },
  },
};

/** The fields of a checklist photo's upload besides its file. */
const CHECKLIST_UPLOAD_FIELDS = ['form', 'field'] as const;

export function inspectionRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/inspections',
      ability: 'inspection.list',
      tag: 'quality',
      summary:
        'The inspection queue, soonest due first: every sampled review for ops (filters program_id, contractor_id, inspector_id, state, due), an inspector’s own for them',
      errors: [400],
      response: INSPECTION_LIST,
    },
    (ctx) => svc.listInspections(ctx.deps, userOf(ctx), ctx.query),
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/quality/:review_id',
      ability: 'inspection.read',
      tag: 'quality',
      summary: 'One inspection (a sampled review of the job): ops any, an inspector one assigned to them',
      errors: [404],
      response: INSPECTION,
    },
    (ctx) => svc.readInspection(ctx.deps, userOf(ctx), ctx.params.job_id, ctx.params.review_id),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/quality/:review_id/attachments',
      ability: 'inspection.record',
      tag: 'quality',
      summary:
        'Upload a photo for a checklist’s field of the inspection (multipart: file, form, field): its time and place are read from the file and compared with the job’s address and install date',
      multipart: true,
      body: CHECKLIST_UPLOAD_FORM,
      status: 201,
      errors: [400, 404, 413, 422],
      response: UPLOADED,
    },
    async (ctx) => {
      const user = userOf(ctx);
      // Who may upload is checked before a byte of the body is read.
      const job = await svc.sampledInspectionJob(ctx.deps, user, ctx.params.job_id, ctx.params.review_id);
      const { fields, filename, bytes } = await readMultipart(
        ctx,
        ctx.deps.config.upload_max_bytes,
        CHECKLIST_UPLOAD_FIELDS,
      );
      ctx.body = await uploadChecklistPhoto(ctx.deps, user, job, ctx.params.review_id, {
        form: fields.form,
        field: fields.field,
        filename,
        bytes,
      });
      ctx.status = 201;
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/quality/:review_id/attachments/:attachment_id',
      ability: 'inspection.read',
      tag: 'quality',
      summary: 'A photo of the inspection’s checklists (ops, or the inspector it is assigned to)',
      returns: 'The file',
      errors: [404],
      produces: 'application/octet-stream',
    },
    async (ctx) => {
      const user = userOf(ctx);
      const job = await svc.sampledInspectionJob(ctx.deps, user, ctx.params.job_id, ctx.params.review_id);
      sendFile(ctx, await checklistPhoto(ctx.deps, job, ctx.params.review_id, ctx.params.attachment_id));
    },
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/jobs/:job_id/quality/:review_id/visit',
      ability: 'inspection.schedule',
      tag: 'quality',
      summary:
        'Offer the homeowner up to three times for a field inspection’s visit (ops, or the inspector it is assigned to): mailed with a link to take one or pick another; new times replace the visit and its link',
      body: VISIT_PROPOSAL,
      errors: [404, 409, 422],
      response: INSPECTION,
    },
    (ctx, body) => visits.proposeVisit(ctx.deps, userOf(ctx), ctx.params.job_id, ctx.params.review_id, body),
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/visits/:token',
      ability: 'public',
      params: VISIT_TOKEN_PARAM,
      tag: 'quality',
      summary:
        'The homeowner’s page of an inspection visit: the times offered, or the one confirmed (no account: the mailed link is the credential)',
      errors: [404],
      response: VISIT_VIEW,
    },
    (ctx) => visits.visitView(ctx.deps, ctx.params.token),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/visits/:token',
      ability: 'public',
      params: VISIT_TOKEN_PARAM,
      tag: 'quality',
      summary:
        'The homeowner takes an offered time or picks another (with a note); the inspector is mailed it. 410 once the inspection is recorded',
      body: VISIT_ANSWER,
      errors: [404, 410, 422],
      response: VISIT_VIEW,
    },
    (ctx, body) => visits.answerVisit(ctx.deps, ctx.params.token, body),
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/jobs/:job_id/quality/:review_id/inspector',
      ability: 'inspection.assign',
      tag: 'quality',
      summary: 'Assign a sampled review to an inspector, or reassign it',
      body: INSPECTOR_ASSIGNMENT,
      errors: [404, 422],
      response: INSPECTION,
    },
    (ctx, body) => svc.assignInspector(ctx.deps, userOf(ctx), ctx.params.job_id, ctx.params.review_id, body),
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/inspectors',
      ability: 'inspector.list',
      tag: 'quality',
      summary: 'The inspectors ops may assign, with how many open inspections each holds',
      response: INSPECTOR_LIST,
    },
    (ctx) => svc.listInspectors(ctx.deps, userOf(ctx)),
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/inspectors',
      ability: 'inspector.manage',
      tag: 'quality',
      summary: 'Give a third-party inspector a sign-in (a one-time sign-in link by mail)',
      body: INSPECTOR_CREATE,
      status: 201,
      errors: [409, 422],
      response: INSPECTOR,
    },
    async (ctx, body) => {
      ctx.body = await svc.createInspector(ctx.deps, userOf(ctx), body);
      ctx.status = 201;
    },
  );
}
