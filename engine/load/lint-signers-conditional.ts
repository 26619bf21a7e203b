/**
 * A signer a form requires but a document lists only under a condition. A signing form's status field (form.yaml
 * `signatures:` maps it to a role) is filled by the server from that role's signatures, and left empty when the
 * role signs nothing on the job (engine/documents.ts signatureFields). So when the form requires the field while
 * every document of the task lists the role with an `applies_if` (the signer's, or the whole document's while
 * another document of the task still applies), the jobs where the condition fails get no signature of the role,
 * the required field stays empty, and the task can never complete. Reported at the `applies_if`, with the fixes:
 * list the signer unconditionally, or stop requiring the field (a form rule checks it once it is filled), or show
 * the field only when the signer applies (`shown_if`).
 */

import type { TaskForm } from '../types.ts';
import type { SignerDiag } from './lint-signers.ts';

type Path = (string | number)[];
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const isRaw = (v: unknown): v is Raw => !!v && typeof v === 'object' && !Array.isArray(v);

/** The checks; `raw` is the program document, `forms` its forms by key. */
export function lintConditionalSigners(raw: Raw, forms: Map<string, TaskForm>, diag: SignerDiag): void {
  const docs = (Array.isArray(raw.documents) ? (raw.documents as unknown[]) : [])
    .map((d, i) => ({ d: d as Raw, i }))
    .filter(({ d }) => isRaw(d));
  const tasks = (Array.isArray(raw.tasks) ? (raw.tasks as unknown[]) : []).filter(isRaw);
  const done = new Set<string>();
  for (const { d } of docs) {
    if (typeof d.task !== 'string' || done.has(d.task)) continue;
    done.add(d.task);
    const task = tasks.find((t) => t.id === d.task);
    const form = task && typeof task.form === 'string' ? forms.get(task.form) : undefined;
    if (!form?.signatures) continue;
    const required = new Set(Array.isArray(form.schema.required) ? (form.schema.required as string[]) : []);
    const ofTask = docs.filter(({ d: x }) => x.task === d.task);
    for (const [field, role] of Object.entries(form.signatures)) {
      if (role === 'all' || !required.has(field) || form.shown_if?.[field] !== undefined) continue;
      const listings = ofTask.flatMap(({ d: x, i }) =>
        (Array.isArray(x.signers) ? (x.signers as unknown[]) : [])
          .map((s, j) => ({ x, i, s: s as Raw, j }))
          .filter(({ s }) => isRaw(s) && s.role === role),
      );
      // Not listed at all is signer-not-listed's; listed once without a condition always signs.
      if (!listings.length || listings.some(({ x, s }) => s.applies_if === undefined && x.applies_if === undefined))
        continue;
      const own = listings.find(({ s }) => s.applies_if !== undefined);
      // Only the documents are conditional: the role is missing when another document of the task applies alone.
      const docCondition = (x: Raw) => JSON.stringify(x.applies_if);
      const alone =
        !own &&
        ofTask.some(
          ({ d: x }) =>
            !listings.some((l) => l.x === x) && listings.every((l) => docCondition(l.x) !== docCondition(x)),
        );
      if (!own && !alone) continue;
      const at: Path = own
        ? ['documents', own.i, 'signers', own.j, 'applies_if']
        : ['documents', listings[0].i, 'applies_if'];
      const doc = String((own ?? listings[0]).x.id);
      const who = role.replace(/_/g, ' ');
      const cond = own ? `lists the ${who} signer only when this applies_if holds` : 'applies only when this holds';
      diag({
        code: 'required-signer-conditional',
        message:
          `form '${form.key}' requires '${field}', the ${who}'s signature status, but document '${doc}' ${cond}: ` +
          `on the other jobs no ${who} signs, the field stays empty and task '${d.task}' can never complete. ` +
          `List the ${who} without the condition, or stop requiring '${field}' in form '${form.key}' (a form ` +
          `rule can check it once it is filled), or give it a shown_if that holds when the ${who} signs`,
        path: at,
        key: true,
      });
    }
  }
}
