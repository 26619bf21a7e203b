/**
 * Unsaved keystrokes kept on this device per job and task until the server has them: a reload, a
 * closed tab or a lost connection loses nothing. Cleared by a successful save or submit.
 */

/** What is kept: the answers, the answers they started from, and the version they were based on. */
export interface LocalDraft {
  data: Record<string, unknown>;
  base: Record<string, unknown>;
  version: number;
  saved_at: string;
}

const key = (jobId: number, taskId: string) => `rebate.task-draft.${jobId}.${taskId}`;

export function readLocalDraft(jobId: number, taskId: string): LocalDraft | null {
  try {
    const raw = localStorage.getItem(key(jobId, taskId));
    const v = raw ? (JSON.parse(raw) as LocalDraft) : null;
    return v && typeof v.data === 'object' && typeof v.version === 'number' ? v : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(jobId: number, taskId: string, d: Omit<LocalDraft, 'saved_at'>): void {
  try {
    localStorage.setItem(key(jobId, taskId), JSON.stringify({ ...d, saved_at: new Date().toISOString() }));
  } catch {
    // Storage full or disabled: the form still works; only the reload safety net is gone.
  }
}

export function clearLocalDraft(jobId: number, taskId: string): void {
  localStorage.removeItem(key(jobId, taskId));
}

/** Task ids of a job with unsaved changes on this device. */
export function localDraftTasks(jobId: number): string[] {
  const prefix = `rebate.task-draft.${jobId}.`;
  const out: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k?.startsWith(prefix)) out.push(k.slice(prefix.length));
  }
  return out;
}

/** Same answers (an empty answer and a missing one are the same). */
export function sameData(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  for (const k of keys) {
    if (empty(a[k]) && empty(b[k])) continue;
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return false;
  }
  return true;
}

/** My changes (where I differ from where I started) laid on top of the current answers. */
export function mergeOnTop(
  mine: Record<string, unknown>,
  base: Record<string, unknown>,
  current: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...current };
  for (const k of new Set([...Object.keys(mine), ...Object.keys(base)])) {
    if (!sameData({ v: mine[k] }, { v: base[k] })) {
      if (mine[k] === undefined) delete out[k];
      else out[k] = mine[k];
    }
  }
  return out;
}
