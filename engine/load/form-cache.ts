/**
 * Forms kept between loads of the same definitions being edited (the workbench's linter, at each keystroke): a form
 * is built again only when its own text or a shared file's text changed. Keyed by those texts.
 */

import type { Diagnostic, SourceFile, TaskForm } from '../types.ts';

/** Built forms (or undefined when the build failed) with the diagnostics their build reported, by key. */
export type FormCache = Map<string, { form: TaskForm | undefined; diagnostics: Diagnostic[] }>;

/** A short fingerprint of texts (FNV-1a). */
function fingerprint(texts: string[]): string {
  let h = 0x811c9dc5;
  for (const t of texts) {
    for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0xff, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** What a form is built from besides its own file: the shared files (form definitions, uploads, constants). */
export function sharedFingerprint(files: SourceFile[]): string {
  return fingerprint(files.filter((f) => f.path.includes('/_shared/')).map((f) => `${f.path}\0${f.text}`));
}

/** The form kept under `key`, else built (its diagnostics kept with it); its diagnostics are added to `out`. */
export function keptForm(
  cache: FormCache,
  key: string,
  build: (out: Diagnostic[]) => TaskForm | undefined,
  out: Diagnostic[],
): TaskForm | undefined {
  let kept = cache.get(key);
  if (!kept) {
    const diagnostics: Diagnostic[] = [];
    kept = { form: build(diagnostics), diagnostics };
    cache.set(key, kept);
  }
  out.push(...kept.diagnostics);
  return kept.form;
}
