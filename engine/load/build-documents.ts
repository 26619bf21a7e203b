/**
 * A program's documents (program.yaml `documents:`), checked and compiled while the program is built:
 * templates from _shared/documents.yaml, the tasks that collect their signatures, signers in order.
 */

import { SIGNER_ROLES } from '../api/signing.ts';
import type { CompiledRule } from '../logic/evaluators.ts';
import { factsRead, mapVarPaths, type Logic } from '../logic/walk.ts';
import type { DocumentDef, RuleBase, TaskForm } from '../types.ts';
import type { SharedDefs } from './definition-types.ts';
import { lintSigners } from './lint-signers.ts';
import { lintConditionalSigners } from './lint-signers-conditional.ts';
import { closest } from './suggest.ts';
import type { ParsedFile } from './yaml-source.ts';

type Path = (string | number)[];
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What buildDocuments borrows from buildProgram: its diagnostics, rule compiler and fact check. */
export interface DocumentTools {
  diag: (
    code: string,
    message: string,
    path: Path,
    severity?: 'error' | 'warning',
    key?: boolean,
    file?: ParsedFile,
  ) => void;
  rule: (id: string, logic: Logic, path: Path, file: ParsedFile, what: string) => RuleBase;
  compile: (logic: Logic) => CompiledRule;
}

/** What parties.<role> offers a document's rules. */
const PARTY_FIELDS = ['name', 'email'];
const didYouMean = (hint: string | undefined) => (hint ? ` (did you mean '{${hint}}'?)` : '');

/**
 * The program's documents (program.yaml `documents:`): each names a template of _shared/documents.yaml,
 * the task that collects its signatures (whose form declares `signatures:`) and its signers in order.
 * Template fields and signer addresses are rules over the job's facts and parties.<role>.name / .email,
 * compiled per program so that a field reading a task's answer is checked against this program's tasks.
 */
export function buildDocuments(
  raw: Raw,
  parsed: ParsedFile,
  shared: SharedDefs,
  forms: Map<string, TaskForm>,
  taskIds: Set<string>,
  t: DocumentTools,
): DocumentDef[] {
  const ids = new Set<string>();
  const docs: DocumentDef[] = [];
  /** A rule that may also read parties.<role>.<name|email>. */
  const docRule = (id: string, logic: Logic, path: Path, file: ParsedFile, what: string): RuleBase => {
    const parties = factsRead(logic).filter((f) => f.split('.')[0] === 'parties');
    for (const f of parties) {
      const [, role, field] = f.split('.');
      if (!(SIGNER_ROLES as readonly string[]).includes(role) || !PARTY_FIELDS.includes(field)) {
        t.diag(
          'unknown-fact',
          `${what} reads '${f}', but parties offer ${SIGNER_ROLES.map((r) => `parties.${r}.name|email`).join(', ')}`,
          path,
          'error',
          false,
          file,
        );
      }
    }
    const stripped = mapVarPaths(logic, (p) => (p.split('.')[0] === 'parties' ? 'job.id' : p));
    const checked = t.rule(id, stripped, path, file, what);
    let fn: CompiledRule = checked.fn;
    if (parties.length) {
      try {
        fn = t.compile(logic);
      } catch {
        fn = () => null; // the stripped twin's diagnostics already say why
      }
    }
    return { ...checked, logic, fn, reads: factsRead(logic) };
  };
  // A task whose form collects signatures needs documents to sign, or it can only ever be signed on paper.
  (raw.tasks as Raw[]).forEach((task, i) => {
    if (forms.get(task.form)?.signatures && !((raw.documents ?? []) as Raw[]).some((d) => d.task === task.id)) {
      t.diag(
        'task-without-documents',
        `task '${task.id}' collects signatures (form '${task.form}'), but no document of the program names it: add one to documents:`,
        ['tasks', i, 'form'],
        'warning',
      );
    }
  });
  ((raw.documents ?? []) as Raw[]).forEach((d, i) => {
    const at: Path = ['documents', i];
    if (ids.has(d.id)) t.diag('duplicate-id', `duplicate document id '${d.id}'`, [...at, 'id']);
    ids.add(d.id);
    const template = shared.document_templates[d.template];
    if (!template) {
      const hint = closest(d.template, Object.keys(shared.document_templates));
      t.diag(
        'unknown-template',
        `document '${d.id}' names unknown template '${d.template}'` + (hint ? ` (did you mean '${hint}'?)` : ''),
        [...at, 'template'],
      );
      return;
    }
    if (!taskIds.has(d.task)) {
      const hint = closest(d.task, [...taskIds]);
      t.diag(
        'unknown-task',
        `document '${d.id}' names unknown task '${d.task}'` + (hint ? ` (did you mean '${hint}'?)` : ''),
        [...at, 'task'],
      );
      return;
    }
    const task = (raw.tasks as Raw[]).find((x) => x.id === d.task)!;
    const form = forms.get(task.form);
    if (form && !form.signatures)
      t.diag(
        'task-without-signatures',
        `document '${d.id}' is signed in task '${d.task}', whose form '${task.form}' declares no signatures`,
        [...at, 'task'],
      );
    const roles = new Set<string>();
    const signers = (d.signers as Raw[]).map((s, j) => {
      if (roles.has(s.role))
        t.diag('duplicate-id', `signer '${s.role}' is listed twice`, [...at, 'signers', j, 'role']);
      roles.add(s.role);
      const sp: Path = [...at, 'signers', j];
      const what = `document '${d.id}' signer '${s.role}'`;
      return {
        role: s.role,
        applies_if:
          s.applies_if === undefined
            ? undefined
            : docRule(`${d.id}.${s.role}.applies_if`, s.applies_if, [...sp, 'applies_if'], parsed, what),
        name: docRule(
          `${d.id}.${s.role}.name`,
          s.name ?? { var: `parties.${s.role}.name` },
          [...sp, s.name === undefined ? 'role' : 'name'],
          parsed,
          what,
        ),
        email: docRule(
          `${d.id}.${s.role}.email`,
          s.email ?? { var: `parties.${s.role}.email` },
          [...sp, s.email === undefined ? 'role' : 'email'],
          parsed,
          what,
        ),
      };
    });
    // The template's fields, compiled against this program's facts; its text names only its fields.
    const fieldDefs = Object.entries(template.fields ?? {});
    const fields = fieldDefs.map(([key, f]) => ({
      key,
      label: f.label,
      value: docRule(
        `${d.template}.${key}`,
        f.value,
        ['document_templates', template.key, 'fields', key, 'value'],
        template.file,
        `template '${d.template}' field '${key}' (in document '${d.id}')`,
      ),
    }));
    template.sections.forEach((sec, k) =>
      sec.paragraphs.forEach((text, n) => {
        for (const m of text.matchAll(/\{([a-z][a-z0-9_]*)\}/g)) {
          if (!template.fields?.[m[1]]) {
            t.diag(
              'unknown-field',
              `template '${d.template}' text names unknown field '{${m[1]}}', which would be shown as typed` +
                didYouMean(closest(m[1], Object.keys(template.fields ?? {}))),
              ['document_templates', template.key, 'sections', k, 'paragraphs', n],
              'error',
              false,
              template.file,
            );
          }
        }
      }),
    );
    docs.push({
      id: d.id,
      template: d.template,
      title: template.title,
      task: d.task,
      terms: d.terms,
      applies_if:
        d.applies_if === undefined
          ? undefined
          : docRule(`${d.id}.applies_if`, d.applies_if, [...at, 'applies_if'], parsed, `document '${d.id}' applies_if`),
      signers,
      fields,
      sections: template.sections.map((sec) => ({ heading: sec.heading ?? null, paragraphs: sec.paragraphs })),
      source: parsed.locate(at),
    });
  });
  const submitStage = shared.stage_models[raw.stage_model]?.stages.find((s) => s.submits)?.number;
  lintSigners(raw, forms, SIGNER_ROLES, submitStage, (f) => t.diag(f.code, f.message, f.path, 'error', f.key));
  lintConditionalSigners(raw, forms, (f) => t.diag(f.code, f.message, f.path, 'error', f.key));
  return docs;
}
