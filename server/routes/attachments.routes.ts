/** Attachments: upload (multipart, streamed with a size limit), list, read, download, delete. */

import busboy from 'busboy';
import type { AppContext, AppRouter } from '../context.ts';
import { requireUser } from '../middleware/auth.ts';
import { jobFor } from '../services/access.ts';
import * as svc from '../services/attachments.service.ts';
import { badRequest, validationError } from '../errors.ts';

/** Reads one `file` part and the `task_id` and `field` fields, refusing more than `limit` bytes. */
function readMultipart(ctx: AppContext, limit: number): Promise<svc.Upload> {
  if (!ctx.is('multipart/form-data')) return Promise.reject(badRequest('Expected a multipart/form-data upload'));
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { filename: string; bytes: Buffer } | undefined;
    let failed = false;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(bb);
      ctx.req.resume();
      reject(e);
    };
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: ctx.req.headers, limits: { fileSize: limit, files: 1, fields: 10 } });
    } catch {
      reject(badRequest('Malformed multipart upload'));
      return;
    }
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => fail(svc.tooLarge(limit)));
      stream.on('end', () => {
        if (!failed) file = { filename: info.filename ?? '', bytes: Buffer.concat(chunks) };
      });
    });
    bb.on('error', () => fail(badRequest('Malformed multipart upload')));
    bb.on('close', () => {
      if (failed) return;
      const errors = [];
      if (!file || file.bytes.length === 0) errors.push({ path: 'file', message: svc.ATTACHMENT_MESSAGES.no_file });
      if (!fields.task_id) errors.push({ path: 'task_id', message: 'This field is required' });
      if (!fields.field) errors.push({ path: 'field', message: 'This field is required' });
      if (errors.length) reject(validationError(errors));
      else resolve({ task_id: fields.task_id, field: fields.field, filename: file!.filename, bytes: file!.bytes });
    });
    ctx.req.pipe(bb);
  });
}

export function attachmentsRoutes(router: AppRouter): void {
  router.post('/api/jobs/:job_id/attachments', async (ctx: AppContext) => {
    const user = requireUser(ctx);
    const job = jobFor(ctx.deps, user, ctx.params.job_id);
    const upload = await readMultipart(ctx, ctx.deps.config.upload_max_bytes);
    ctx.body = await svc.upload(ctx.deps, user, job, upload);
    ctx.status = 201;
  });
  router.get('/api/jobs/:job_id/attachments', (ctx: AppContext) => {
    const user = requireUser(ctx);
    ctx.body = svc.listOfJob(ctx.deps, jobFor(ctx.deps, user, ctx.params.job_id));
  });
  router.get('/api/attachments/:id', (ctx: AppContext) => {
    ctx.body = svc.readAttachment(ctx.deps, requireUser(ctx), ctx.params.id);
  });
  router.get('/api/attachments/:id/download', (ctx: AppContext) => {
    const file = svc.download(ctx.deps, requireUser(ctx), ctx.params.id);
    ctx.set('Content-Type', file.content_type);
    ctx.set('Content-Disposition', `attachment; filename="${file.name.replace(/["\\]/g, '_')}"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = file.bytes;
  });
  router.delete('/api/attachments/:id', (ctx: AppContext) => {
    svc.remove(ctx.deps, requireUser(ctx), ctx.params.id);
    ctx.status = 204;
  });
}
