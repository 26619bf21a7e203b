/**
 * The workbench's linter in a web worker, so typing never waits for it: the engine's own `rebate validate --cases`
 * (lint-run.ts) over the files as they are. No eval (the portal's Content Security Policy holds here too): the
 * meta-schema and form validators are the modules the server generated, imported from our own origin; a form schema
 * edited here has none, and its answers go unchecked by a schema (said beside the cases).
 */

/// <reference lib="webworker" />

import type { ValidateFunction } from 'ajv';
import type { SchemaCompiler } from '../../../../engine/forms/compile-form.ts';
import { schemaKey } from '../../../../engine/forms/precompiled.ts';
import { metaValidatorsFrom } from '../../../../engine/load/meta-validate.ts';
import { runtimeRequire } from '../../../forms/ajv-runtime.ts';
import type { EarlyReply, LintInit, LintReply, LintRequest } from './lint-protocol.ts';
import { createLinter, type EarlyAnswer } from './lint-run.ts';

type Factory = (require: (name: string) => unknown) => Record<string, ValidateFunction>;

// import() of a URL computed at run time: Vite leaves it to the browser.
const importModule = (url: string) => import(/* @vite-ignore */ url) as Promise<Record<string, unknown>>;

let linter: ReturnType<typeof createLinter> | undefined;
let ready: Promise<void> | undefined;

async function init(msg: LintInit): Promise<void> {
  const [meta, ...forms] = await Promise.all([
    importModule(msg.meta_url).then((m) => (m.meta as Factory)(runtimeRequire)),
    // A form whose module fails to load is checked by no schema here: the linter says so.
    ...msg.form_urls.map((url) =>
      importModule(url)
        .then((m) => (m.engine as Factory)(runtimeRequire))
        .catch(() => ({})),
    ),
  ]);
  const generated: Record<string, ValidateFunction> = Object.assign({}, ...forms);
  const unchecked = new Set<string>();
  const form_schemas: SchemaCompiler = {
    compile(schema) {
      const fn = generated[schemaKey(schema)];
      if (fn) return fn;
      unchecked.add(typeof schema.title === 'string' ? schema.title : 'a form');
      const pass = (() => true) as unknown as ValidateFunction;
      pass.errors = null;
      return pass;
    },
  };
  linter = createLinter(msg.files, { meta_validators: metaValidatorsFrom(meta), form_schemas, unchecked });
}

self.onmessage = async (e: MessageEvent<LintInit | LintRequest>) => {
  const msg = e.data;
  if (msg.type === 'init') {
    ready = init(msg);
    return;
  }
  const post = (m: LintReply | EarlyReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);
  let reply: LintReply;
  try {
    await ready;
    const early = (e: EarlyAnswer) => post({ ok: true, early: true, seq: msg.seq, ...e });
    reply = { ok: true, seq: msg.seq, ...linter!(msg.program, msg.files, early) };
  } catch (err) {
    reply = { ok: false, seq: msg.seq, error: err instanceof Error ? err.message : String(err) };
  }
  post(reply);
};
