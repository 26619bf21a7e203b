/** Tasks of a job: read, save draft, submit, exception flags, transfer, reset. */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import { JOB_TASK, JOB_TASKS, TASK_SUBMITTED } from '../../engine/api/jobs.ts';
import { FORM_DOCUMENT } from '../../engine/api/misc.ts';
import { EXCEPTION_KINDS, type ExceptionKind } from '../../engine/index.ts';
import { EXCEPTION_FLAG, TASK_SAVE, TASK_TRANSFER } from '../../engine/api/requests.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { jobFor } from '../services/access.ts';
import { jobState } from '../services/evaluation.ts';
import * as tasks from '../services/tasks.service.ts';
import { presentTasks } from '../services/task-present.ts';
import * as taskActions from '../services/task-actions.service.ts';
import { notFound } from '../errors.ts';
import { formDocument } from '../services/form-document.ts';

const kindOf = (k: string): ExceptionKind => {
  if (!(EXCEPTION_KINDS as readonly string[]).includes(k)) throw notFound();
  return k as ExceptionKind;
};

export function tasksRoutes(router: AppRouter): void {
  const job = async (ctx: AppContext) => {
    const user = userOf(ctx);
    return { user, job: await jobFor(ctx.deps, user, ctx.params.job_id) };
  };
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/tasks',
      ability: 'task.read',
      tag: 'tasks',
      summary: 'Tasks of a job with the engine’s status (a homeowner sees the homeowner tasks)',
      errors: [404],
      response: JOB_TASKS,
    },
    async (ctx: AppContext) => {
      const { user, job: j } = await job(ctx);
      const { evaluation, program } = await jobState(ctx.deps, j);
      ctx.body = { items: await presentTasks(ctx.deps, user, j, evaluation, program) };
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/tasks/:task_id',
      ability: 'task.read',
      tag: 'tasks',
      summary: 'One task with its saved data and version',
      errors: [400, 404],
      response: JOB_TASK,
    },
    async (ctx: AppContext) => {
      const { user, job: j } = await job(ctx);
      ctx.body = await tasks.readTask(ctx.deps, user, j, ctx.params.task_id);
    },
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/jobs/:job_id/tasks/:task_id/draft',
      ability: 'task.work',
      tag: 'tasks',
      summary: 'Save partial work (409 when the version is stale)',
      body: TASK_SAVE,
      errors: [400, 404, 409, 422],
      response: JOB_TASK,
      load: job,
    },
    async (ctx, body, { user, job: j }) => {
      ctx.body = await tasks.saveDraft(ctx.deps, user, j, ctx.params.task_id, body);
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/tasks/:task_id/submit',
      ability: 'task.work',
      tag: 'tasks',
      summary: 'Submit a task: validated, saved, the job re-evaluated',
      body: TASK_SAVE,
      errors: [400, 404, 409, 422],
      response: TASK_SUBMITTED,
      load: job,
    },
    async (ctx, body, { user, job: j }) => {
      ctx.body = await tasks.submitTask(ctx.deps, user, j, ctx.params.task_id, body);
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/tasks/:task_id/exceptions/:kind',
      ability: 'task.flag_exception',
      tag: 'tasks',
      summary: 'Flag a contractor or ops exception',
      body: EXCEPTION_FLAG,
      errors: [404],
      response: JOB_TASK,
      load: job,
    },
    async (ctx, body, { user, job: j }) => {
      ctx.body = await taskActions.flagTaskException(
        ctx.deps,
        user,
        j,
        ctx.params.task_id,
        kindOf(ctx.params.kind),
        body.note,
      );
    },
  );
  route(
    router,
    {
      method: 'delete',
      path: '/api/jobs/:job_id/tasks/:task_id/exceptions/:kind',
      ability: 'task.clear_exception',
      tag: 'tasks',
      summary: 'Clear a contractor or ops exception',
      errors: [404],
      response: JOB_TASK,
    },
    async (ctx: AppContext) => {
      const { user, job: j } = await job(ctx);
      ctx.body = await taskActions.clearTaskException(ctx.deps, user, j, ctx.params.task_id, kindOf(ctx.params.kind));
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/tasks/:task_id/transfer',
      ability: 'task.transfer',
      tag: 'tasks',
      summary: 'Transfer a task to another action owner',
      body: TASK_TRANSFER,
      errors: [404, 422],
      response: JOB_TASK,
      load: job,
    },
    async (ctx, body, { user, job: j }) => {
      ctx.body = await taskActions.transferTask(ctx.deps, user, j, ctx.params.task_id, body);
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/jobs/:job_id/tasks/:task_id/reset',
      ability: 'task.reset',
      tag: 'tasks',
      summary: 'Reset a task to its default owner (READY)',
      errors: [404],
      response: JOB_TASK,
      noBody: true,
    },
    async (ctx: AppContext) => {
      const { user, job: j } = await job(ctx);
      ctx.body = await taskActions.resetTask(ctx.deps, user, j, ctx.params.task_id);
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/forms/:form',
      ability: 'form.read',
      tag: 'tasks',
      summary: 'A task form: JSON Schema, UI schema, messages',
      errors: [404],
      response: FORM_DOCUMENT,
    },
    async (ctx: AppContext) => {
      const form = ctx.deps.defs.forms[ctx.params.form];
      if (!form) throw notFound('Form not found');
      ctx.set('Cache-Control', 'private, max-age=300');
      ctx.body = formDocument(ctx.deps, form);
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/jobs/:job_id/tasks/:task_id/form',
      ability: 'task.read',
      tag: 'tasks',
      summary:
        "A task's form as the job's definition version has it (a job pinned to an earlier version keeps that version's forms; its tasks' form_version says when they differ from GET /api/forms/{form})",
      errors: [400, 404],
      response: FORM_DOCUMENT,
    },
    async (ctx: AppContext) => {
      const { user, job: j } = await job(ctx);
      ctx.body = formDocument(ctx.deps, await tasks.taskForm(ctx.deps, user, j, ctx.params.task_id));
    },
  );
}
