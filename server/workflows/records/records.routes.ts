/**
 * Completion records (issue 44): a paid job's record as a PDF (whoever may see the job), and the public check of a
 * record by its SHA-256 (what it covers and when it was issued; nothing personal).
 */

import { userOf } from '../../abilities.ts';
import { route } from '../../routes/declare.ts';
import { contentDisposition } from '../../routes/params.ts';
import type { AppContext, AppRouter } from '../../context.ts';
import { jobFor } from '../../services/access.ts';
import { RECORD_VERIFICATION } from '../../../engine/api/completion.ts';
import * as svc from './records.service.ts';

const jobOf = async (ctx: AppContext) => await jobFor(ctx.deps, userOf(ctx), ctx.params.job_id);

const HASH_PARAM = {
  sha256: {
    description: 'The completion record’s SHA-256 (64 hexadecimal digits)',
    schema: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
  },
};

export function recordsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/completion-record',
      ability: 'completion_record.read',
      tag: 'records',
      summary: 'The paid job’s completion record (PDF): 404 until the job is paid and the record issued',
      returns: 'The PDF',
      errors: [404],
      produces: 'application/octet-stream',
      load: jobOf,
    },
    async (ctx, _body, job) => {
      const file = await svc.recordFile(ctx.deps, job);
      ctx.set('Content-Type', 'application/pdf');
      ctx.set('Content-Disposition', contentDisposition(file.name, 'attachment'));
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = file.bytes;
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/verify/:sha256',
      ability: 'public',
      params: HASH_PARAM,
      tag: 'records',
      summary: 'What the completion record with this SHA-256 covers and when it was issued (no one’s name or address)',
      errors: [404],
      response: RECORD_VERIFICATION,
    },
    (ctx) => svc.verifyRecord(ctx.deps, ctx.params.sha256),
  );
}
