/**
 * The workbench's side of its linter's worker: one request in flight at a time, and only the latest text waits behind
 * it (a burst of keystrokes is linted once, as it ends).
 */

import type { SourceFile } from '../../../../engine/types.ts';
import type { EarlyReply, LintInit, LintReply, LintRequest } from './lint-protocol.ts';

export interface LintClient {
  lint(program: string, files: SourceFile[]): void;
  dispose(): void;
}

/** `onReply` hears each request's early diagnostics (unless a newer request waits) and then its whole answer. */
export function createLintClient(
  init: Omit<LintInit, 'type'>,
  onReply: (reply: LintReply | EarlyReply) => void,
): LintClient {
  const worker = new Worker(new URL('./lint.worker.ts', import.meta.url), { type: 'module' });
  let seq = 0;
  let busy = false;
  let waiting: LintRequest | undefined;
  const send = (req: LintRequest) => {
    busy = true;
    worker.postMessage(req);
  };
  worker.onmessage = (e: MessageEvent<LintReply | EarlyReply>) => {
    if (e.data.early) {
      if (!waiting) onReply(e.data);
      return;
    }
    busy = false;
    if (waiting) {
      const next = waiting;
      waiting = undefined;
      send(next);
    } else onReply(e.data);
  };
  worker.onerror = () => {
    busy = false;
    onReply({ ok: false, seq, error: 'The checks could not start in this browser.' });
  };
  worker.postMessage({ type: 'init', ...init } satisfies LintInit);
  return {
    lint(program, files) {
      const req: LintRequest = { type: 'lint', seq: ++seq, program, files };
      if (busy) waiting = req;
      else send(req);
    },
    dispose: () => worker.terminate(),
  };
}
