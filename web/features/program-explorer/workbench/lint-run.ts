/**
 * The workbench's linter: `rebate validate --cases` (engine/load/validate-definitions.ts) over one program's files as
 * they are being edited, and what completion needs of the program (its task ids, forms, stages, fact paths, measures,
 * signers). It runs in the workbench's web worker (lint.worker.ts) and in Node for the tests and the bench: no DOM, no
 * eval when it is handed generated validators.
 *
 * Each file's parse is kept by its text: a keystroke reparses the one file it changed. Files the server parsed come
 * with its parse (and its meta-schema check passed there).
 */

import { DERIVED_FACTS, JOB_FACTS } from '../../../../engine/facts.ts';
import { formFields } from '../../../../engine/forms/compile-form.ts';
import type { SchemaCompiler } from '../../../../engine/forms/compile-form.ts';
import { createFormAjv } from '../../../../engine/forms/form-ajv.ts';
import { schemaKey } from '../../../../engine/forms/precompiled.ts';
import { closurePick } from '../../../../engine/forms/pick.ts';
import { createMetaValidators, type MetaValidators } from '../../../../engine/load/meta-validate.ts';
import { fromParsedEntry, toParsedEntry, type ParsedEntry } from '../../../../engine/load/parsed-entry.ts';
import { byPlace, runProgramCases, validateDefinitions } from '../../../../engine/load/validate-definitions.ts';
import type { LoadOptions } from '../../../../engine/load/load-definitions.ts';
import { parseSource, type ParsedFile } from '../../../../engine/load/yaml-source.ts';
import type { Diagnostic, SourceFile } from '../../../../engine/types.ts';
import { USAGE_FACTS } from '../../../../engine/usage.ts';

/** A file as the server sent it: its text and, when the server parsed it, its parse. */
export interface LintFile extends SourceFile {
  parsed?: unknown;
}

/** What completion offers inside the program's rules and references. */
export interface Vocabulary {
  tasks: string[];
  forms: string[];
  stages: number[];
  facts: string[];
  measures: string[];
  signers: string[];
}

/** One case of the program: passed or not, what did not hold (expected against actual), and its line. */
export interface CaseRow {
  name: string;
  ok: boolean;
  failures: string[];
  file: string;
  line: number;
}

/** What the loader said, before the cases ran. */
export interface EarlyAnswer {
  diagnostics: Diagnostic[];
  /** How long from the call until they were known. */
  diagnostics_ms: number;
}

export interface LintAnswer extends EarlyAnswer {
  cases: CaseRow[];
  /** Undefined when the program did not load (its errors say why): completion keeps the last one. */
  vocabulary?: Vocabulary;
  /** Forms whose schema changed here: their answers are not checked by a validator in the browser. */
  unchecked_forms: string[];
  /** How long the whole answer took (the cases included). */
  ms: number;
}

export interface LinterOptions {
  /** Generated meta-schema validators (the browser: no eval); default: compiled by the loader. */
  meta_validators?: MetaValidators;
  /** What compiles form schemas (the browser: the server's generated validators); default: ajv. */
  form_schemas?: SchemaCompiler;
  /** The forms whose schema the compiler did not know, since the last call (reset by the linter). */
  unchecked?: Set<string>;
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

/** A value and everything in it made read-only. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

type Parse = (path: string, text: string) => ParsedFile;

/**
 * Keeps each text's parse; what the server parsed is kept as checked. `shared` hands out one read-only parse per text
 * (the loader does not change what it reads: no copy, no new positions table at each keystroke); `fresh` a copy of
 * it, for the run again when a shared one was written to.
 */
function parseCache(files: LintFile[]): { shared: Parse; fresh: Parse } {
  const kept = new Map<string, { entry: ParsedEntry; checked: boolean; file?: ParsedFile }>();
  const key = (path: string, text: string) => `${path}\0${text}`;
  for (const f of files) if (f.parsed) kept.set(key(f.path, f.text), { entry: f.parsed as ParsedEntry, checked: true });
  const find = (path: string, text: string) => {
    const k = key(path, text);
    let hit = kept.get(k);
    if (!hit) {
      const parsed = parseSource(path, text);
      const entry = toParsedEntry(parsed);
      if (!entry) return parsed;
      // Only the latest text of a file is worth keeping beside the server's.
      for (const other of kept.keys())
        if (other.startsWith(`${path}\0`) && !kept.get(other)!.checked) kept.delete(other);
      hit = { entry, checked: false };
      kept.set(k, hit);
    }
    return hit;
  };
  const build = (path: string, hit: { entry: ParsedEntry; checked: boolean }, value: unknown): ParsedFile => {
    const file = fromParsedEntry(path, { ...hit.entry, value });
    return hit.checked ? { ...file, meta_checked: true } : file;
  };
  return {
    shared(path, text) {
      const hit = find(path, text);
      if (!('entry' in hit)) return hit;
      hit.file ??= build(path, hit, deepFreeze(structuredClone(hit.entry.value)));
      return hit.file;
    },
    fresh(path, text) {
      const hit = find(path, text);
      return 'entry' in hit ? build(path, hit, structuredClone(hit.entry.value)) : hit;
    },
  };
}

/** ajv compiling each form schema once, whichever run asks (each run's schemas are new objects, same content). */
function compileOnce(): SchemaCompiler {
  const ajv = createFormAjv();
  const compiled = new Map<string, ReturnType<SchemaCompiler['compile']>>();
  return {
    compile(schema) {
      const key = schemaKey(schema);
      let fn = compiled.get(key);
      if (!fn) compiled.set(key, (fn = ajv.compile(schema)));
      return fn;
    },
    RULES: ajv.RULES,
    formats: ajv.formats,
    validateSchema: (schema) => ajv.validateSchema(schema),
  };
}

/** A linter over the program's files as the server sent them; call it with the files as they are now. */
export function createLinter(base: LintFile[], options: LinterOptions = {}) {
  const parse = parseCache(base);
  // Compiled once here when none were generated (Node: the tests and the bench), not at each keystroke.
  const meta_validators = options.meta_validators ?? createMetaValidators();
  const form_schemas = options.form_schemas ?? compileOnce();
  const form_cache: NonNullable<LoadOptions['form_cache']> = new Map();
  const load = (files: SourceFile[], parse: Parse, cache?: typeof form_cache) =>
    validateDefinitions(
      files,
      {
        lazy_forms: true,
        evaluator: 'interpreted',
        pick: closurePick,
        unused_forms: false,
        meta_validators,
        form_schemas,
        parse,
        form_cache: cache,
      },
      false,
    );
  const failedToRun = (ds: Diagnostic[]) => ds.some((d) => d.code === 'loader-error');
  /**
   * Lints the files; `onDiagnostics` hears the loader's diagnostics as soon as they are known, before the cases run
   * (what the editor marks does not wait for them).
   */
  return (program: string, files: SourceFile[], onDiagnostics?: (early: EarlyAnswer) => void): LintAnswer => {
    const started = performance.now();
    options.unchecked?.clear();
    // Forms built at an earlier keystroke from the same texts are kept (a form edited many times: the latest few).
    if (form_cache.size > 400) form_cache.clear();
    let loaded = load(files, parse.shared, form_cache);
    // A step that wrote to what it read failed on the read-only parse: the run again on copies says what it says.
    const copied = failedToRun(loaded.diagnostics);
    if (copied) loaded = load(files, parse.fresh);
    const diagnostics_ms = Math.round(performance.now() - started);
    onDiagnostics?.({ diagnostics: loaded.diagnostics, diagnostics_ms });
    let caseDiagnostics: Diagnostic[] = [];
    let cases = runProgramCases(loaded.defs, caseDiagnostics);
    if (!copied && failedToRun(caseDiagnostics)) {
      loaded = load(files, parse.fresh);
      caseDiagnostics = [];
      cases = runProgramCases(loaded.defs, caseDiagnostics);
    }
    const defs = loaded.defs;
    const diagnostics = [...loaded.diagnostics, ...caseDiagnostics].sort(byPlace);
    const p = defs.programs[program];
    const caseFile = defs.cases[program]?.file ?? `program-defs/${program}/cases.yaml`;
    const results = cases.find((c) => c.program === program)?.results ?? [];
    return {
      diagnostics,
      cases: results.map((r) => ({ name: r.name, ok: r.ok, failures: r.failures, file: caseFile, line: r.range.line })),
      vocabulary: p && {
        tasks: p.tasks.map((t) => t.id),
        forms: Object.keys(defs.forms).sort(),
        stages: p.stage_model.stages.map((s) => s.number),
        facts: unique([
          ...JOB_FACTS.map((f) => `job.${f}`),
          ...DERIVED_FACTS.map((f) => `derived.${f}`),
          ...USAGE_FACTS.map((f) => `usage.${f}`),
          ...Object.keys(p.constants).map((c) => `constants.${c}`),
          ...Object.keys(p.table_values).map((t) => `tables.${t}`),
          ...p.tasks.map((t) => `task_status.${t.id}`),
          ...p.tasks.flatMap((t) => {
            const form = defs.forms[t.form];
            return form ? formFields(form.schema).map((f) => `${t.id}.${f}`) : [];
          }),
        ]),
        measures: p.incentives.measures.map((m) => m.id),
        signers: unique(p.documents.flatMap((d) => d.signers.map((s) => s.role))),
      },
      unchecked_forms: [...(options.unchecked ?? [])].sort(),
      diagnostics_ms,
      ms: Math.round(performance.now() - started),
    };
  };
}
