/** Attachments: upload (multipart, streamed with a size limit), list, read, download, delete. */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import { sendFile } from './params.ts';
import { ATTACHMENT, ATTACHMENTS, UPLOAD_FORM, UPLOADED } from '../../engine/api/records.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { jobFor } from '../services/access.ts';
import * as svc from '../services/attachments.service.ts';
import { readMultipart } from './multipart.ts';

/** The fields of a task's upload besides its file. */
const UPLOAD_FIELDS = ['task_id', 'field'] as const;

/** Registers the attachment routes. */
export function attachmentsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/attachments',
      ability: 'attachment.upload',
      tag: 'attachments',
      summary: 'Upload a file for a task form field (multipart: file, task_id, field); photos give their EXIF location',
      multipart: true,
      body: UPLOAD_FORM,
      status: 201,
      errors: [400, 404, 413, 422],
      response: UPLOADED,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      // Who may upload is checked before a byte of the body is read.
      const job = await jobFor(ctx.deps, user, ctx.params.job_id);
      const { fields, filename, bytes } = await readMultipart(ctx, ctx.deps.config.upload_max_bytes, UPLOAD_FIELDS);
      ctx.body = await svc.upload(ctx.deps, user, job, {
        task_id: fields.task_id,
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
      path: '/api/jobs/:job_id/attachments',
      ability: 'attachment.read',
      tag: 'attachments',
      summary: 'Attachments of a job with metadata, time and location',
      errors: [404],
      response: ATTACHMENTS,
    },
    async (ctx: AppContext) => {
      const user = userOf(ctx);
      ctx.body = await svc.listOfJob(ctx.deps, user, await jobFor(ctx.deps, user, ctx.params.job_id));
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/attachments/:attachment_id',
      ability: 'attachment.read',
      tag: 'attachments',
      summary: 'An attachment’s metadata',
      errors: [404],
      response: ATTACHMENT,
    },
    async (ctx: AppContext) => {
      ctx.body = await svc.readAttachment(ctx.deps, userOf(ctx), ctx.params.attachment_id);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/attachments/:attachment_id/download',
      ability: 'attachment.read',
      tag: 'attachments',
      summary: 'An attachment’s bytes (Attachment is no longer available. when deleted)',
      returns: 'The file',
      errors: [404],
      produces: 'application/octet-stream',
    },
    async (ctx: AppContext) => {
      sendFile(ctx, await svc.download(ctx.deps, userOf(ctx), ctx.params.attachment_id));
    },
  );

  route(
    router,
    {
      method: 'delete',
      path: '/api/attachments/:attachment_id',
      ability: 'attachment.delete',
      tag: 'attachments',
      summary: 'Delete an attachment (ops, the uploader or the uploader’s company)',
      status: 204,
      errors: [404],
    },
    async (ctx: AppContext) => {
      await svc.remove(ctx.deps, userOf(ctx), ctx.params.attachment_id);
      ctx.status = 204;
    },
  );
}
