/**
 * A task form as the browser gets it (GET /api/forms/{form}, or a job's own through
 * GET /api/jobs/{job}/tasks/{task}/form): JSON Schema, UI schema, messages and cross-field rules, so the
 * browser validates with the same engine code. A job pinned to an earlier definition version has that
 * version's forms (pinned-program.ts): where its form differs from the loaded one, a task says so by its
 * `form_version`, and the browser reads the job's form instead of the loaded one.
 */

import type { TaskForm } from '../../engine/index.ts';
import { hashDefinition } from '../../engine/load/hash.ts';
import type { FormDocumentAnswer } from '../../engine/api/misc.ts';
import type { Deps } from '../context.ts';
import { uiSchemaForBrowser, type ReuseOffer } from './present.ts';

/** The other forms' upload fields each field may reuse files of, with their titles. */
function reuseOffers(deps: Deps, form: TaskForm): Record<string, ReuseOffer[]> {
  const titleOf = (key: string) => deps.defs.forms[key]?.title ?? key;
  return Object.fromEntries(
    Object.entries(form.reuse_uploads ?? {}).map(([field, sources]) => [
      field,
      sources.map((s) => ({ form: s.form, field: s.field, title: titleOf(s.form) })),
    ]),
  );
}

/** The form as served (its rules as data; upload fields with the file picker's filter). */
export function formDocument(deps: Deps, form: TaskForm): FormDocumentAnswer {
  const rules = form.runtime.rules.map((r) => ({
    id: r.id,
    field: r.field,
    applies_if: r.logic.applies_if,
    valid_if: r.logic.valid_if,
    message: r.message,
    severity: r.severity,
  }));
  return {
    key: form.key,
    title: form.title,
    description: form.description,
    section: form.section,
    produces_documents: form.produces_documents,
    schema: form.schema,
    ui_schema: uiSchemaForBrowser(form.ui_schema, deps.defs.uploads, reuseOffers(deps, form)),
    messages: form.messages ?? {},
    rules,
    shown_if: form.shown_if,
  };
}

/** The hash of what the browser would be served of a form, kept per loaded form (forms do not change once loaded). */
const hashes = new WeakMap<TaskForm, string>();
function documentHash(deps: Deps, form: TaskForm): string {
  let h = hashes.get(form);
  if (h === undefined) hashes.set(form, (h = hashDefinition(formDocument(deps, form))));
  return h;
}

/**
 * A job's form against the loaded one of the same key: null when the browser may use the loaded form (the
 * same object, or the same document), else the hash of the job's (its version, for the browser's cache).
 */
export function formVersionOf(deps: Deps, form: TaskForm | undefined): string | null {
  if (!form) return null;
  const loaded = deps.defs.forms[form.key];
  if (loaded === form || (loaded && documentHash(deps, loaded) === documentHash(deps, form))) return null;
  return documentHash(deps, form);
}
