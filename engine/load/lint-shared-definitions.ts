/**
 * task-schemas/_shared definitions checked once, where they are written: every form merges them into
 * its schema, so a mistake in one would otherwise fail every form (and every program using them),
 * reported nowhere near it. A broken definition is reported here and handed to the forms as `{}`
 * (accepts anything), so they build and say nothing more about it.
 */

import type { Diagnostic } from '../types.ts';
import type { SchemaCompiler } from '../forms/compile-form.ts';
import { closest } from './suggest.ts';
import { lintFormSchema } from './lint-form-schema.ts';
import {
  eachSubschema,
  keywordPlace,
  lintSchemaKeywords,
  locateMetaErrors,
  type Report,
  type SchemaKnowledge,
} from './schema-keywords.ts';
import type { ParsedFile } from './yaml-source.ts';

type Node = Record<string, unknown>;

/** The definitions a schema references directly. */
function refsOf(schema: unknown): { name: string | undefined; ref: string; at: (string | number)[] }[] {
  const out: { name: string | undefined; ref: string; at: (string | number)[] }[] = [];
  eachSubschema(schema, [], (node, at) => {
    if (typeof node.$ref === 'string')
      out.push({ name: /^#\/definitions\/([a-z0-9_]+)$/.exec(node.$ref)?.[1], ref: node.$ref, at: [...at, '$ref'] });
  });
  return out;
}

/** The chain of definitions that are nothing but a `$ref`, when it comes back to `name`. */
function refLoop(name: string, all: Record<string, unknown>): string[] | undefined {
  const chain = [name];
  for (let cur = all[name] as Node | undefined; cur && typeof cur.$ref === 'string';) {
    const next = /^#\/definitions\/([a-z0-9_]+)$/.exec(cur.$ref)?.[1];
    if (next === undefined) return undefined;
    if (next === name) return [...chain, next];
    if (chain.includes(next)) return undefined;
    chain.push(next);
    cur = all[next] as Node | undefined;
  }
  return undefined;
}

/**
 * Checks the shared definitions files; returns the definitions for the forms (a broken one, and one
 * that references a broken one, as `{}`). `compiler`: the forms' compiler; `eager`: also compile them.
 */
export function checkSharedDefinitions(
  files: ParsedFile[],
  compiler: SchemaCompiler,
  eager: boolean,
  out: Diagnostic[],
): Record<string, unknown> {
  const all: Record<string, unknown> = {};
  const fileOf: Record<string, ParsedFile> = {};
  for (const parsed of files) {
    for (const [name, def] of Object.entries((parsed.value as { definitions?: Node }).definitions ?? {})) {
      all[name] = def;
      fileOf[name] = parsed;
    }
  }
  const knows: SchemaKnowledge = compiler;
  const broken = new Set<string>();
  const names = Object.keys(all);
  for (const name of names) {
    const parsed = fileOf[name];
    const report: Report = (code, message, path, key = false) => {
      broken.add(name);
      out.push({ code, message, severity: 'error', file: parsed.file, path, range: parsed.locate(path, key) });
    };
    const at = ['definitions', name];
    for (const r of refsOf(all[name])) {
      if (r.name !== undefined && r.name in all) continue;
      const hint = r.name === undefined ? undefined : closest(r.name, names);
      report(
        'bad-ref',
        r.name === undefined
          ? `$ref '${r.ref}' must be '#/definitions/<name>'`
          : `$ref to unknown definition '${r.name}'` + (hint ? ` (did you mean '${hint}'?)` : ''),
        [...at, ...r.at],
      );
    }
    const loop = refLoop(name, all);
    if (loop)
      report(
        'bad-ref',
        `'${name}' is only a $ref that leads back to itself (${loop.join(' -> ')}): it defines nothing`,
        [...at, '$ref'],
      );
    lintSchemaKeywords(all[name], at, knows, report);
    lintFormSchema(all[name], at, all, report, false);
    if (!broken.has(name)) locateMetaErrors(all[name] as object, at, knows, report);
  }
  if (eager) compileEach(all, names, broken, compiler, fileOf, out);

  // A definition built on a broken one cannot be trusted either (it is not reported again).
  for (let grew = true; grew;) {
    grew = false;
    for (const name of names) {
      if (broken.has(name) || !refsOf(all[name]).some((r) => r.name !== undefined && broken.has(r.name))) continue;
      broken.add(name);
      grew = true;
    }
  }
  return Object.fromEntries(names.map((n) => [n, broken.has(n) ? {} : all[n]]));
}

/** Compiles the definitions together (one compile), and one by one only when that fails, to name the culprit. */
function compileEach(
  all: Record<string, unknown>,
  names: string[],
  broken: Set<string>,
  compiler: SchemaCompiler,
  fileOf: Record<string, ParsedFile>,
  out: Diagnostic[],
) {
  const sound = names.filter((n) => !broken.has(n));
  const definitions = Object.fromEntries(names.map((n) => [n, broken.has(n) ? {} : all[n]]));
  try {
    compiler.compile({ definitions, anyOf: sound.map((n) => ({ $ref: `#/definitions/${n}` })) });
    return;
  } catch {
    // Found below, one definition at a time.
  }
  for (const name of sound) {
    try {
      compiler.compile({ definitions: { ...definitions, [name]: {} }, ...(all[name] as Node) });
    } catch (e) {
      broken.add(name);
      const parsed = fileOf[name];
      const path = keywordPlace(all[name], ['definitions', name], (e as Error).message) ?? ['definitions', name];
      out.push({
        code: 'schema-compile',
        message: `definition '${name}' does not compile: ${(e as Error).message}`,
        severity: 'error',
        file: parsed.file,
        path,
        range: parsed.locate(path, true),
      });
    }
  }
}
