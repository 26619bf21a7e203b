/** Attachments: upload (multipart, streamed with a size limit), list, read, download, delete. */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import { contentDisposition } from './params.ts';
import { ATTACHMENT, ATTACHMENTS, UPLOAD_FORM, UPLOADED } from '../../engine/api/records.ts';
import busboy from 'busboy';
import { MESSAGES, type FieldMessage } from '../../engine/index.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { jobFor } from '../services/access.ts';
import * as svc from '../services/attachments.service.ts';
import { badRequest, validationError } from '../errors.ts';

/** The answer to a multipart body that is not one (no boundary, cut short, garbled). */
export const MALFORMED = 'Malformed multipart upload';

/** task_id and field are short keys: a bigger value is cut here rather than held in memory. */
const FIELD_MAX_BYTES = 1024;

/**
 * Reads one `file` part and the `task_id` and `field` fields. The file is counted as it streams and
 * refused (413) once past `limit`; the rest of the body is drained so the client reads the answer.
 */
function readMultipart(ctx: AppContext, limit: number): Promise<svc.Upload> {
  if (!ctx.is('multipart/form-data'))
    return Promise.reject(badRequest('Expected a multipart/form-data upload', 'malformed_multipart'));
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { filename: string; bytes: Buffer } | undefined;
    let failed = false;
    let bb: busboy.Busboy;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(bb);
      ctx.req.resume();
      reject(e);
    };
    try {
      // Browsers send file names as raw UTF-8 (busboy would read them as latin1).
      // busboy stops a file at `fileSize` bytes and says 'limit' then: one byte more lets a file of
      // exactly `limit` bytes through, and the count above refuses anything longer.
      bb = busboy({
        headers: ctx.req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: limit + 1, files: 1, fields: 10, fieldSize: FIELD_MAX_BYTES },
      });
    } catch {
      reject(badRequest(MALFORMED, 'malformed_multipart'));
      return;
    }
    bb.on('field', (name, value) => {
      if (name === 'task_id' || name === 'field') fields[name] = value.trim();
    });
    bb.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size > limit) fail(svc.tooLarge(limit));
        else chunks.push(c);
      });
      stream.on('limit', () => fail(svc.tooLarge(limit)));
      // A body that ends inside this part ("Unexpected end of form") errors the part's own stream: an
      // 'error' with no listener would stop the process.
      stream.on('error', () => fail(badRequest(MALFORMED, 'malformed_multipart')));
      stream.on('end', () => {
        if (!failed) file = { filename: info.filename ?? '', bytes: Buffer.concat(chunks) };
      });
    });
    bb.on('error', () => fail(badRequest(MALFORMED, 'malformed_multipart')));
    ctx.req.on('error', () => fail(badRequest(MALFORMED, 'malformed_multipart')));
    bb.on('close', () => {
      if (failed) return;
      const errors: FieldMessage[] = [];
      if (!file || file.bytes.length === 0) errors.push({ path: 'file', message: svc.ATTACHMENT_MESSAGES.no_file });
      if (!fields.task_id) errors.push({ path: 'task_id', message: MESSAGES.required });
      if (!fields.field) errors.push({ path: 'field', message: MESSAGES.required });
      if (errors.length || !file) reject(validationError(errors));
      else resolve({ task_id: fields.task_id, field: fields.field, filename: file.filename, bytes: file.bytes });
    });
    ctx.req.pipe(bb);
  });
}

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
      const upload = await readMultipart(ctx, ctx.deps.config.upload_max_bytes);
      ctx.body = await svc.upload(ctx.deps, user, job, upload);
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
      const file = await svc.download(ctx.deps, userOf(ctx), ctx.params.attachment_id);
      ctx.set('Content-Type', file.content_type);
      ctx.set('Content-Disposition', contentDisposition(file.name));
      ctx.set('X-Content-Type-Options', 'nosniff');
      // Photos of people's homes: no shared cache may keep them.
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = file.bytes;
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
