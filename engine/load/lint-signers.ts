/**
 * The checks of a program's documents (program.yaml `documents:`) that need its tasks, forms and stage model:
 * every signer a signing form's status field requires is listed by a document of its task; each signer has a name
 * and an address the portal can fill, its `email` rule reading an email address; and terms are accepted at a
 * stage where they can be: the submit terms before the job is submitted, the install terms after.
 */

import { factsRead, type Logic } from '../logic/walk.ts';
import type { TaskForm } from '../types.ts';
import { followSchema } from './schema-path.ts';
import { closest } from './suggest.ts';

type Path = (string | number)[];
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Schema = Record<string, unknown>;

/**
 * The roles whose name and address the portal knows for every job (server/workflows/signing/parties.ts: the job's
 * homeowner and its contractor company): any other signer's name and email must be given by rules.
 */
export const PARTY_ROLES = ['homeowner', 'contractor'] as const;

/** One finding at a path of the program; `key` when it is reported at the key. */
export interface Finding {
  code: string;
  message: string;
  path: Path;
  key?: boolean;
}
/** Reports a finding (an error). */
export type SignerDiag = (f: Finding) => void;

const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether a field schema (its $ref, allOf/anyOf/oneOf members) declares `format: email`. */
function isEmailSchema(node: unknown, definitions: Schema, seen = new Set<unknown>()): boolean {
  if (!isSchema(node) || seen.has(node)) return false;
  seen.add(node);
  if (node.format === 'email') return true;
  const ref = typeof node.$ref === 'string' ? /^#\/definitions\/(.+)$/.exec(node.$ref) : null;
  if (ref && isEmailSchema(definitions[ref[1]], definitions, seen)) return true;
  return ['allOf', 'anyOf', 'oneOf'].some(
    (k) => Array.isArray(node[k]) && (node[k] as unknown[]).some((n) => isEmailSchema(n, definitions, seen)),
  );
}

/** The email fields of a form (top level and inside its conditions), as `<task>.<field>` facts. */
function emailFacts(task: string, form: TaskForm): string[] {
  const defs = (form.schema.definitions ?? {}) as Schema;
  return form.fields
    .filter((f) => {
      const step = followSchema([form.schema], [f], defs);
      return step.kind === 'found' && step.schemas.some((s) => isEmailSchema(s, defs));
    })
    .map((f) => `${task}.${f}`);
}

/** The top-level required fields of a form's schema (none when `required` is not a list: the schema check says so). */
const requiredOf = (form: TaskForm) =>
  new Set(Array.isArray(form.schema.required) ? (form.schema.required as string[]) : []);

/** The signer role a field's name speaks of (`homeowner_signature_status`: homeowner), if any. */
export function roleNamed(field: string, roles: readonly string[]): string | undefined {
  return [...roles].sort((a, b) => b.length - a.length).find((r) => new RegExp(`(^|_)${r}(_|$)`).test(field));
}

/** The checks; `raw` is the program document, `forms` its forms by key, `submitStage` its model's submitting stage. */
export function lintSigners(
  raw: Raw,
  forms: Map<string, TaskForm>,
  roles: readonly string[],
  submitStage: number | undefined,
  diag: SignerDiag,
): void {
  const docs = ((raw.documents ?? []) as Raw[]).filter((d) => d && typeof d === 'object');
  const tasks = ((raw.tasks ?? []) as Raw[]).filter((t) => t && typeof t === 'object');
  const taskOf = (id: unknown) => tasks.find((t) => t.id === id);

  // A status field the form requires, filled from one role's signatures, needs a document of the task that role
  // signs: without one the field stays empty and the task never completes.
  const reported = new Set<string>();
  docs.forEach((d, i) => {
    const task = taskOf(d.task);
    const form = task && forms.get(task.form);
    if (!form?.signatures || reported.has(d.task)) return;
    reported.add(d.task);
    const ofTask = docs.map((x, j) => ({ x, j })).filter(({ x }) => x.task === d.task);
    const signing = new Set(ofTask.flatMap(({ x }) => ((x.signers ?? []) as Raw[]).map((s) => s?.role)));
    const required = requiredOf(form);
    for (const [field, role] of Object.entries(form.signatures)) {
      if (role === 'all' || !required.has(field) || signing.has(role)) continue;
      // A field named for another role is the form's mistake (lint-server-fields reports it there).
      const named = roleNamed(field, roles);
      if (named && named !== role) continue;
      const others = ofTask.slice(1).map(({ x }) => `'${x.id}'`);
      const also = others.length ? ` (or of ${others.join(', ')})` : '';
      diag({
        code: 'signer-not-listed',
        message:
          `form '${form.key}' requires '${field}', the ${role.replace(/_/g, ' ')}'s signature status, but no document ` +
          `of task '${d.task}' lists a ${role} signer, so the field stays empty and the task never completes: add ` +
          `{ role: ${role} } to the signers of document '${d.id}'${also}`,
        path: ['documents', i, 'signers'],
        key: true,
      });
    }
  });

  docs.forEach((d, i) => {
    const signers = Array.isArray(d.signers) ? (d.signers as Raw[]) : [];
    signers.forEach((s, j) => {
      if (!s || typeof s !== 'object' || typeof s.role !== 'string') return;
      const at: Path = ['documents', i, 'signers', j];
      const known = (PARTY_ROLES as readonly string[]).includes(s.role);
      // A role the portal knows no party for: its name and address come from the rules alone.
      const lacking = (['name', 'email'] as const).filter((k) => s[k] === undefined);
      if (!known && lacking.length)
        diag({
          code: 'signer-without-address',
          message:
            `signer '${s.role}' of document '${d.id}' has no ${lacking.join(' and no ')} rule, and the portal knows ` +
            `the ${lacking.join(' and ')} of the homeowner and the contractor only, so this signer is never invited: ` +
            `give ${lacking.map((k) => `${k}: { var: <task>.<field> }`).join(' and ')} (a field of the task that ` +
            `asks for it)`,
          path: [...at, 'role'],
        });
      if (s.email !== undefined) checkEmail(d, s, [...at, 'email']);
    });
  });

  /** A signer's email rule must give an email address: a field of format email, a party's email or a literal. */
  function checkEmail(d: Raw, s: Raw, at: Path) {
    const what = `the email of signer '${s.role}' of document '${d.id}'`;
    const logic = s.email as Logic;
    if (typeof logic === 'string' || typeof logic === 'number' || typeof logic === 'boolean') {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(String(logic)))
        diag({
          code: 'signer-email-not-email',
          message: `${what} is '${String(logic)}', which is not an email address`,
          path: at,
        });
      return;
    }
    for (const fact of factsRead(logic)) {
      const [root, name, ...rest] = fact.split('.');
      if (root === 'parties') {
        if (rest[0] === 'email' || rest.length !== 1) continue;
        diag({
          code: 'signer-email-not-email',
          message:
            `${what} reads '${fact}', which is a name, not an email address, so the invite cannot be sent ` +
            `(did you mean 'parties.${name}.email'?)`,
          path: at,
        });
        continue;
      }
      const task = taskOf(root);
      const form = task && forms.get(task.form);
      if (!form || !name || !form.fields.includes(name)) continue; // unknown facts are the rule check's
      const defs = (form.schema.definitions ?? {}) as Schema;
      const step = followSchema([form.schema], [name, ...rest], defs);
      if (step.kind !== 'found' || step.schemas.some((x) => isEmailSchema(x, defs))) continue;
      const hint = closest(fact, emailFacts(root, form));
      const mean = hint ? ` (did you mean '${hint}'?)` : '';
      diag({
        code: 'signer-email-not-email',
        message:
          `${what} reads '${fact}', which is not an email address (form '${form.key}' does not declare it ` +
          `format: email), so the invite cannot be sent: read the field that holds the signer's email${mean}`,
        path: at,
      });
    }
  }

  // Terms are accepted by signing: the submit terms before the job is submitted, the install terms after it.
  if (submitStage === undefined) return;
  docs.forEach((d, i) => {
    if (d.terms !== 'submit' && d.terms !== 'install') return;
    const stage = taskOf(d.task)?.stage;
    if (typeof stage !== 'number') return;
    if (d.terms === 'submit' && stage > submitStage)
      diag({
        code: 'terms-wrong-stage',
        message:
          `document '${d.id}' carries the submit terms, but its task '${d.task}' is in stage ${stage}, after the job ` +
          `is submitted (stage ${submitStage}), so they can no longer be accepted as the terms the job was submitted ` +
          `under: write terms: install, or attach them to a document signed in stage ${submitStage} or before`,
        path: ['documents', i, 'terms'],
      });
    const when = stage === submitStage ? 'the stage that submits the job' : `before it (stage ${submitStage})`;
    if (d.terms === 'install' && stage <= submitStage)
      diag({
        code: 'terms-wrong-stage',
        message:
          `document '${d.id}' carries the install terms, but its task '${d.task}' is in stage ${stage}, ` +
          `${when}, when no installation has been approved: write terms: submit, or ` +
          `attach them to a document signed after stage ${submitStage}`,
        path: ['documents', i, 'terms'],
      });
  });
}
