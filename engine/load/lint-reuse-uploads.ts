/**
 * A form's `reuse_uploads:` against the other forms (issue 41): each field that may reuse files is an upload field of
 * its own form, and each source names a loaded form and an upload field of it taking the same kind of file (a PDF
 * field never takes a photo uploaded elsewhere). Reported at the name that is wrong, with a "did you mean".
 */

import type { Diagnostic, TaskForm } from '../types.ts';
import type { UploadKind } from './definition-types.ts';
import { closest } from './suggest.ts';
import type { ParsedFile } from './yaml-source.ts';

/** The upload widget of a form's field, or undefined when the field is not an upload field. */
function widgetOf(form: TaskForm, field: string, uploads: Record<string, UploadKind>): string | undefined {
  const w = (form.ui_schema?.[field] as Record<string, unknown> | undefined)?.['ui:widget'];
  return typeof w === 'string' && Object.hasOwn(uploads, w) ? w : undefined;
}

export function lintReuseUploads(
  forms: Record<string, TaskForm>,
  parsedForms: ParsedFile[],
  uploads: Record<string, UploadKind>,
  out: Diagnostic[],
): void {
  for (const parsed of parsedForms) {
    const form = forms[(parsed.value as { key: string }).key];
    if (!form?.reuse_uploads || form.file !== parsed.file) continue;
    const report = (message: string, path: (string | number)[], key = false) =>
      out.push({
        code: 'reuse-uploads',
        severity: 'error',
        file: parsed.file,
        path,
        message,
        range: parsed.locate(path, key),
      });
    for (const [field, sources] of Object.entries(form.reuse_uploads)) {
      const widget = widgetOf(form, field, uploads);
      if (!form.fields.includes(field)) continue; // unknown-field, reported by the form's own checks
      if (!widget) {
        const why = `reuse_uploads: '${field}' is not an upload field of this form (its ui:widget is no upload widget)`;
        report(why, ['reuse_uploads', field], true);
        continue;
      }
      sources.forEach((src, i) => {
        const from = forms[src.form];
        if (!from) {
          const hint = closest(src.form, Object.keys(forms));
          report(`reuse_uploads names unknown form '${src.form}'${hint ? ` (did you mean '${hint}'?)` : ''}`, [
            'reuse_uploads',
            field,
            i,
            'form',
          ]);
          return;
        }
        const theirs = widgetOf(from, src.field, uploads);
        if (!theirs) {
          const upload = from.fields.filter((f) => widgetOf(from, f, uploads));
          const hint = closest(src.field, upload);
          report(
            `reuse_uploads: '${src.field}' is not an upload field of form '${src.form}'` +
              (hint ? ` (did you mean '${hint}'?)` : upload.length ? '' : ': it has none'),
            ['reuse_uploads', field, i, 'field'],
          );
        } else if (theirs !== widget)
          report(
            `reuse_uploads: '${src.form}.${src.field}' takes ${uploads[theirs].label} files and '${field}' takes ${uploads[widget].label} files`,
            ['reuse_uploads', field, i, 'field'],
          );
      });
    }
  }
}
