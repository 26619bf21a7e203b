/**
 * Builds every task form of the definitions (build-form.ts), each key checked against its folder and against the
 * other forms; with a form cache (the workbench), a form whose texts are unchanged since the last load is reused.
 */

import type { CompiledRule } from '../logic/evaluators.ts';
import type { Logic } from '../logic/walk.ts';
import type { Diagnostic, SourceFile, TaskForm } from '../types.ts';
import type { SchemaCompiler } from '../forms/compile-form.ts';
import type { PickBuilder } from '../forms/pick.ts';
import { buildForm } from './build-form.ts';
import { keptForm, sharedFingerprint, type FormCache } from './form-cache.ts';
import { guard } from './guard.ts';
import type { ParsedFile } from './yaml-source.ts';

export interface FormsContext {
  definitions: Record<string, unknown>;
  constants: Record<string, unknown>;
  ajv: SchemaCompiler;
  compile: (logic: Logic) => CompiledRule;
  eager: boolean;
  pick?: PickBuilder;
  cache?: FormCache;
}

export function buildForms(
  formFiles: ParsedFile[],
  files: SourceFile[],
  diagnostics: Diagnostic[],
  ctx: FormsContext,
): Record<string, TaskForm> {
  const forms: Record<string, TaskForm> = {};
  // What a form is built from besides its own file: the shared files (form definitions, uploads, constants).
  const textOf = new Map(files.map((f) => [f.path, f.text]));
  const sharedPrint = ctx.cache ? sharedFingerprint(files) : '';
  for (const parsed of formFiles) {
    const v = parsed.value as { key: string };
    const folder = parsed.file.replace(/\\/g, '/').split('/').slice(-2, -1)[0];
    if (folder && folder !== v.key) {
      diagnostics.push({
        code: 'id-mismatch',
        severity: 'error',
        file: parsed.file,
        path: ['key'],
        range: parsed.locate(['key']),
        message: `form key '${v.key}' must equal its folder name '${folder}'`,
      });
    }
    if (forms[v.key]) {
      diagnostics.push({
        code: 'duplicate-id',
        severity: 'error',
        file: parsed.file,
        path: ['key'],
        range: parsed.locate(['key']),
        message: `duplicate form key '${v.key}'`,
      });
      continue;
    }
    const build = (out: Diagnostic[]) =>
      guard(out, `form '${v.key}'`, undefined, buildForm)(
        parsed,
        { definitions: ctx.definitions, constants: ctx.constants },
        ctx.ajv,
        ctx.compile,
        out,
        ctx.eager,
        ctx.pick,
      );
    const form = ctx.cache
      ? keptForm(ctx.cache, `${parsed.file}\0${textOf.get(parsed.file)}\0${sharedPrint}`, build, diagnostics)
      : build(diagnostics);
    if (form) forms[v.key] = form;
  }
  return forms;
}
