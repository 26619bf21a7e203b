/** The messages between the workbench and its linter's web worker (lint.worker.ts). */

import type { SourceFile } from '../../../../engine/types.ts';
import type { EarlyAnswer, LintAnswer, LintFile } from './lint-run.ts';

/** Once: the program's files as the server sent them, and the URLs of the validators the server generated. */
export interface LintInit {
  type: 'init';
  files: LintFile[];
  meta_url: string;
  form_urls: string[];
}

/** At each change: the program's files as they are now. */
export interface LintRequest {
  type: 'lint';
  seq: number;
  program: string;
  files: SourceFile[];
}

/** The worker's answer to a request (or its failure, in words). */
export type LintReply =
  ({ ok: true; early?: false; seq: number } & LintAnswer) | { ok: false; early?: false; seq: number; error: string };

/** The loader's diagnostics of a request, sent before its cases run. */
export type EarlyReply = { ok: true; early: true; seq: number } & EarlyAnswer;
