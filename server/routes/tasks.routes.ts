/** Tasks of a job: read, save draft, submit, exception flags, transfer, reset. */

import { can, userOf } from '../abilities.ts';
import { EXCEPTION_KINDS, type ExceptionKind } from '../../engine/index.ts';
import { EXCEPTION_FLAG, TASK_SAVE, TASK_TRANSFER, type ExceptionFlag, type TaskSave, type TaskTransfer } from '../../engine/api/requests.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { jobFor } from '../services/access.ts';
import { evaluateRow } from '../services/evaluation.ts';
import * as tasks from '../services/tasks.service.ts';
import { checkBody } from '../validation.ts';
import { notFound } from '../errors.ts';
import { uiSchemaForBrowser } from '../services/present.ts';

const kindOf = (k: string): ExceptionKind => {
  if (!(EXCEPTION_KINDS as readonly string[]).includes(k)) throw notFound();
  return k as ExceptionKind;
};

export function tasksRoutes(router: AppRouter): void {
  const job = (ctx: AppContext) => {
    const user = userOf(ctx);
    return { user, job: jobFor(ctx.deps, user, ctx.params.job_id) };
  };
  router.get('/api/jobs/:job_id/tasks', can('task.read'), (ctx: AppContext) => {
    const { user, job: j } = job(ctx);
    ctx.body = { items: tasks.presentTasks(ctx.deps, user, j, evaluateRow(ctx.deps, j)) };
  });
  router.get('/api/jobs/:job_id/tasks/:task_id', can('task.read'), (ctx: AppContext) => {
    const { user, job: j } = job(ctx);
    ctx.body = tasks.readTask(ctx.deps, user, j, ctx.params.task_id);
  });
  router.put('/api/jobs/:job_id/tasks/:task_id/draft', can('task.work'), (ctx: AppContext) => {
    const { user, job: j } = job(ctx);
    ctx.body = tasks.saveDraft(ctx.deps, user, j, ctx.params.task_id, checkBody<TaskSave>(TASK_SAVE, ctx.request.body));
  });
  router.post('/api/jobs/:job_id/tasks/:task_id/submit', can('task.work'), (ctx: AppContext) => {
    const { user, job: j } = job(ctx);
    ctx.body = tasks.submitTask(ctx.deps, user, j, ctx.params.task_id, checkBody<TaskSave>(TASK_SAVE, ctx.request.body));
  });
  router.post('/api/jobs/:job_id/tasks/:task_id/exceptions/:kind', can('task.flag_exception'), (ctx: AppContext) => {
    const { user, job: j } = job(ctx);
    const b = checkBody<ExceptionFlag>(EXCEPTION_FLAG, ctx.request.body ?? {});
    ctx.body = tasks.flagTaskException(ctx.deps, user, j, ctx.params.task_id, kindOf(ctx.params.kind), b.note);
  });
  router.delete('/api/jobs/:job_id/tasks/:task_id/exceptions/:kind', can('task.clear_exception'), (ctx: AppContext) => {
    const { user, job: j } = job(ctx);
    ctx.body = tasks.clearTaskException(ctx.deps, user, j, ctx.params.task_id, kindOf(ctx.params.kind));
  });
  router.post('/api/jobs/:job_id/tasks/:task_id/transfer', can('task.transfer'), (ctx: AppContext) => {
    const { user, job: j } = job(ctx);
    ctx.body = tasks.transferTask(ctx.deps, user, j, ctx.params.task_id, checkBody<TaskTransfer>(TASK_TRANSFER, ctx.request.body));
  });
  router.post('/api/jobs/:job_id/tasks/:task_id/reset', can('task.reset'), (ctx: AppContext) => {
    const { user, job: j } = job(ctx);
    ctx.body = tasks.resetTask(ctx.deps, user, j, ctx.params.task_id);
  });
  router.get('/api/forms/:form', can('task.read'), (ctx: AppContext) => {
    const form = ctx.deps.defs.forms[ctx.params.form];
    if (!form) throw notFound('Form not found');
    // The form as data, with its cross-field rules, so the browser validates with the same engine code.
    const rules = form.runtime.rules.map((r) => ({ id: r.id, field: r.field, applies_if: r.logic.applies_if, valid_if: r.logic.valid_if, message: r.message, severity: r.severity }));
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.body = { key: form.key, title: form.title, description: form.description, section: form.section, produces_documents: form.produces_documents, schema: form.schema, ui_schema: uiSchemaForBrowser(form.ui_schema, ctx.deps.defs.uploads), messages: form.messages ?? {}, rules };
  });
}
