/**
 * loadDefinitions(files): parses every definition file, checks it against its meta-schema and
 * across files, and compiles the programs. Files are handed in by the caller (the engine does no I/O).
 */

import { createCompiler, createReferenceCompiler } from '../logic/evaluators.ts';
import type { Diagnostic, Program, SourceFile } from '../types.ts';
import { buildProgram } from './build-program.ts';
import type { Definitions, SharedDefs, UploadKind } from './definition-types.ts';
import { createMetaValidators, validateMeta, type FileKind, type MetaValidators } from './meta-validate.ts';
import { parseSource, type ParsedFile } from './yaml-source.ts';
import type { FormCache } from './form-cache.ts';
import { buildForms } from './build-forms.ts';
import { checkSharedDefinitions } from './lint-shared-definitions.ts';
import { lintSharedMoney } from './lint-money.ts';
import { unusedForms } from './task-graph.ts';
import { lintReuseUploads } from './lint-reuse-uploads.ts';
import { checkUploadKinds, lintUploadFields } from './lint-uploads.ts';
import { lintTemplates } from './lint-templates.ts';
import { lintProgramTexts } from './lint-program-texts.ts';
import { lintUsageForms } from './lint-usage-forms.ts';
import { lintUsageForm, lintUsageStages } from './lint-usage.ts';
import { registerCases } from './register-cases.ts';
import { guard, guarded } from './guard.ts';
import { BrokenShared, collapseFollowOns } from './follow-ons.ts';
import { lintStageNumbers } from './lint-stage-numbers.ts';
import { hintBooleanText, lintTermsStages } from './lint-server-fields.ts';
import { checkStageModels } from './stage-model.ts';
import { kindOf, misnamedFiles } from './file-names.ts';
import { createFormAjv } from '../forms/form-ajv.ts';
import { formFields, type SchemaCompiler } from '../forms/compile-form.ts';
import type { PickBuilder } from '../forms/pick.ts';

export { formFields, kindOf };
export type { CasesFile, Definitions, SharedDefs, UploadKind } from './definition-types.ts';

/** Loader options. */
export interface LoadOptions {
  /**
   * compiled (default): rules compiled once with json-logic-engine (generated code); interpreted: run by
   * json-logic-engine's interpreter (no eval: a page under a strict CSP); reference: interpreted by
   * json-logic-js on every call.
   */
  evaluator?: 'compiled' | 'interpreted' | 'reference';
  /** Compile each form's validator on first use instead of at load (the browser's choice; the CLI compiles all to check
   * them). */
  lazy_forms?: boolean;
  /**
   * The compilers a page without eval passes (defaults: ajv and generated pickers): the meta-schemas'
   * validators generated ahead (needed only when a file is not `meta_checked`), what compiles form
   * schemas, and how a form's field picker is built.
   */
  meta_validators?: MetaValidators;
  form_schemas?: SchemaCompiler;
  pick?: PickBuilder;
  /**
   * Warn on forms no program uses (default true). Off when the files are only a part of the definitions
   * (one program validated on its own), where the other programs' forms would look unused.
   */
  unused_forms?: boolean;
  /** What parses a file (default parseSource): the CLI passes one that reuses what it parsed in an earlier run. */
  parse?: (file: string, text: string) => ParsedFile;
  /**
   * Built forms kept from an earlier load with the same options (the workbench's linter, at each keystroke): a form
   * whose file and shared files are unchanged is not built again. Keyed by the texts it was built from.
   */
  form_cache?: FormCache;
}

/** Loads and checks a set of definition files. */
export function loadDefinitions(files: SourceFile[], options: LoadOptions = {}): Definitions {
  const diagnostics: Diagnostic[] = [];
  // Compiled only when a file needs the check (compiling needs eval, which a page under a strict CSP lacks).
  let validators = options.meta_validators;
  const compile =
    options.evaluator === 'reference'
      ? createReferenceCompiler()
      : createCompiler(options.evaluator === 'interpreted' ? 'interpreted' : 'compiled');
  const shared: SharedDefs = {
    stage_models: {},
    ineligibility_reasons: {},
    eligibility_rules: {},
    rules: {},
    constants: {},
    document_templates: {},
    usage_collection: {},
  };
  const byKind: Record<FileKind, ParsedFile[]> = {
    program: [],
    'task-form': [],
    cases: [],
    shared: [],
    'form-shared': [],
  };
  // Every program document that parses, valid or not: what its tasks name is used, whatever else is wrong.
  const programDocs: unknown[] = [];

  diagnostics.push(
    ...misnamedFiles(
      files.map((f) => f.path),
      kindOf,
    ),
  );
  // What of the shared files is broken: the programs and forms using it are not reported again (follow-ons.ts).
  const broken = new BrokenShared();
  for (const f of files) {
    const kind = kindOf(f.path);
    if (!kind) continue;
    const parsed = guarded(diagnostics, f.path, 'the YAML', () => (options.parse ?? parseSource)(f.path, f.text), null);
    if (!parsed) continue;
    diagnostics.push(...parsed.diagnostics);
    const sections = kind === 'shared' ? Object.keys(shared) : kind === 'form-shared' ? ['uploads', 'definitions'] : [];
    if (parsed.diagnostics.some((d) => d.severity === 'error')) {
      broken.unreadable(f.text, sections);
      continue;
    }
    if (kind === 'program') programDocs.push(parsed.value);
    const meta = parsed.meta_checked
      ? []
      : guarded(
          diagnostics,
          parsed,
          'the file against its schema',
          () => validateMeta((validators ??= createMetaValidators()), kind, parsed),
          null,
        );
    if (!meta) continue;
    diagnostics.push(...hintBooleanText(parsed, meta));
    if (meta.length === 0) byKind[kind].push(parsed);
    else if (sections.length) byKind[kind].push(broken.usable(parsed, meta, sections));
  }

  const seenShared = new Map<string, string>();
  for (const parsed of byKind.shared) {
    const doc = parsed.value as Record<string, Record<string, unknown>>;
    for (const [section, entries] of Object.entries(doc)) {
      for (const [key, value] of Object.entries(entries)) {
        const sig = `${section}.${key}`;
        if (seenShared.has(sig)) {
          diagnostics.push({
            code: 'duplicate-id',
            severity: 'error',
            file: parsed.file,
            path: [section, key],
            range: parsed.locate([section, key], true),
            message: `'${key}' is already defined in ${seenShared.get(sig)}`,
          });
          continue;
        }
        seenShared.set(sig, parsed.file);
        const target = shared[section as keyof SharedDefs] as Record<string, unknown>;
        target[key] =
          section === 'eligibility_rules' || section === 'rules' || section === 'document_templates'
            ? { ...(value as object), file: parsed, key }
            : value;
      }
    }
  }

  lintSharedMoney(byKind.shared, diagnostics);

  checkStageModels(byKind.shared, diagnostics);
  // A model numbering two stages alike is reported at its line; the programs on it are not built (nor reported).
  for (const name of lintStageNumbers(byKind.shared, diagnostics)) {
    broken.mark('stage_models', name);
    delete shared.stage_models[name];
  }
  const formAjv = options.form_schemas ?? createFormAjv();
  const uploads: Record<string, UploadKind> = Object.create(null);
  for (const parsed of byKind['form-shared'])
    Object.assign(uploads, (parsed.value as { uploads?: Record<string, UploadKind> }).uploads);
  // Checked once here, so a broken one is reported in its file and not again by every form using it.
  const formDefinitions = guarded(
    diagnostics,
    byKind['form-shared'][0] ?? 'task-schemas/_shared/definitions.yaml',
    'the shared form definitions',
    () => checkSharedDefinitions(byKind['form-shared'], formAjv, !options.lazy_forms, diagnostics),
    {},
  );
  Object.assign(formDefinitions, broken.definitionStubs(byKind['task-form'], formDefinitions));
  const forms = buildForms(byKind['task-form'], files, diagnostics, {
    definitions: formDefinitions,
    constants: shared.constants,
    ajv: formAjv,
    compile,
    eager: !options.lazy_forms,
    pick: options.pick,
    cache: options.form_cache,
  });

  guarded(
    diagnostics,
    'task-schemas',
    'reuse_uploads',
    () => lintReuseUploads(forms, byKind['task-form'], uploads, diagnostics),
    undefined,
  );
  guarded(
    diagnostics,
    'task-schemas',
    'upload kinds and fields',
    () => {
      checkUploadKinds(byKind['form-shared'], diagnostics);
      lintUploadFields(forms, byKind['task-form'], uploads, formDefinitions, diagnostics);
    },
    undefined,
  );
  lintTemplates(byKind, (path) => files.find((f) => f.path === path)?.text, diagnostics);
  lintProgramTexts(byKind, (path) => files.find((f) => f.path === path)?.text, diagnostics);
  for (const parsed of byKind.shared) lintUsageStages(parsed, diagnostics);
  for (const parsed of byKind['task-form']) {
    const form = forms[(parsed.value as { key: string }).key];
    if (form?.file === parsed.file) lintUsageForm(parsed, form, diagnostics);
  }

  const programs: Record<string, Program> = {};
  const formMap = new Map(Object.entries(forms));
  for (const parsed of byKind.program) {
    const id = (parsed.value as { id: string }).id;
    if (programs[id]) {
      diagnostics.push({
        code: 'duplicate-id',
        severity: 'error',
        file: parsed.file,
        path: ['id'],
        range: parsed.locate(['id']),
        message: `duplicate program id '${id}' (also in ${programs[id].file})`,
      });
      continue;
    }
    const program = guard(diagnostics, `program '${id}'`, undefined, buildProgram)(
      parsed,
      shared,
      formMap,
      compile,
      diagnostics,
    );
    if (program) programs[id] = program;
  }

  lintTermsStages(programs, byKind['task-form'], diagnostics);
  lintUsageForms(byKind.program, byKind['task-form'], forms, diagnostics);

  // A form no task names is never asked of anyone: a warning (its program may not be written yet).
  if (options.unused_forms !== false && programDocs.length > 0) {
    const unused = new Set(
      guarded(diagnostics, 'program-defs', 'which forms are used', () => unusedForms(forms, programDocs), []),
    );
    for (const parsed of byKind['task-form']) {
      const key = (parsed.value as { key: string }).key;
      if (!unused.has(key) || forms[key]?.file !== parsed.file) continue;
      diagnostics.push({
        code: 'unused-form',
        severity: 'warning',
        file: parsed.file,
        path: ['key'],
        range: parsed.locate(['key'], true),
        message: `form '${key}' is used by no program: no task names it, so no one is ever asked to fill it in`,
      });
    }
  }

  const cases = guarded(
    diagnostics,
    byKind.cases[0] ?? 'program-defs',
    'the cases',
    () => registerCases(byKind.cases, programs, forms, diagnostics),
    {},
  );

  // One mistake, one diagnostic: what only follows from another is dropped (follow-ons.ts).
  const collapsed = collapseFollowOns(diagnostics, broken, byKind.shared);
  return { programs, forms, uploads, cases, shared, diagnostics: collapsed };
}
