/**
 * The state of one open task form: the answers, the version they are based on, what the engine says
 * about them (as the user types, debounced, and before a submit), the server's 422 messages, unsaved
 * keystrokes kept on this device, and the stale-save (409) comparison. Nothing typed is lost: a save
 * or a submit that fails keeps the answers on screen and on the device.
 */

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { successToast } from '../../../lib/toaster.ts';
import { validateClientForm, type ClientForm, type JobFacts } from '../../../forms/client-form.ts';
import type { FieldMessage } from '../../../forms/messages.ts';
import { jobKeys, type JobTask } from '../api/get-job.ts';
import { subscribeOwnTaskActions } from '../api/task-actions.ts';
import { saveDraft, staleCopyOf, submitTask, warningsOf, type StaleCopy, type SubmitResult } from '../api/save-task.ts';
import { clearLocalDraft, mergeOnTop, readLocalDraft, sameData, writeLocalDraft } from './local-draft.ts';

const VALIDATE_MS = 250;
const KEEP_MS = 300;

/** A stale save: the server's answers, mine, and where mine started. */
export interface Conflict {
  current: StaleCopy;
  mine: Record<string, unknown>;
  base: Record<string, unknown>;
  /** Found when the form opened (unsaved changes on this device older than the server's copy). */
  on_open: boolean;
}

const top = (path: string) => path.split('.')[0];

export function useTaskEditor(opts: {
  jobId: number;
  task: JobTask;
  form: ClientForm;
  job: JobFacts;
  onSubmitted?: (r: SubmitResult) => void;
}) {
  const { jobId, task, form, job } = opts;
  const qc = useQueryClient();
  // Decided once, when the form opens for a task (the caller mounts one editor per task): later
  // refetches of the task must not replace what is being typed.
  const [initial] = useState(() => {
    const server = task.data ?? {};
    const local = readLocalDraft(jobId, task.id);
    if (!local || sameData(local.data, server))
      return { data: server, base: server, version: task.version, restored: null, conflict: null };
    if (local.version === task.version)
      return { data: local.data, base: local.base, version: local.version, restored: local.saved_at, conflict: null };
    const conflict: Conflict = {
      current: { data: server, version: task.version, updated_at: task.updated_at, updated_by: null },
      mine: local.data,
      base: local.base,
      on_open: true,
    };
    return { data: local.data, base: local.base, version: local.version, restored: local.saved_at, conflict };
  });

  const [data, setData] = useState<Record<string, unknown>>(initial.data);
  const [base, setBase] = useState<Record<string, unknown>>(initial.base);
  const [version, setVersion] = useState(initial.version);
  const [restored, setRestored] = useState<string | null>(initial.restored);
  const [conflict, setConflict] = useState<Conflict | null>(initial.conflict);
  const [touched, setTouched] = useState<Set<string>>(() => new Set(Object.keys(initial.data)));
  const [showAll, setShowAll] = useState(false);
  const [engine, setEngine] = useState<{ errors: FieldMessage[]; warnings: FieldMessage[] }>(() =>
    validateClientForm(form, initial.data, job),
  );
  const [server, setServer] = useState<{ errors: FieldMessage[]; warnings: FieldMessage[]; changed: Set<string> }>({
    errors: [],
    warnings: [],
    changed: new Set(),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const dirty = !sameData(data, base);

  // Validate as the user types (debounced).
  useEffect(() => {
    const t = setTimeout(() => setEngine(validateClientForm(form, data, job)), VALIDATE_MS);
    return () => clearTimeout(t);
  }, [form, data, job]);

  // Keep unsaved keystrokes on this device until the server has them.
  const keep = useRef({ data, base, version });
  keep.current = { data, base, version };
  useEffect(() => {
    const t = setTimeout(() => {
      if (dirty) writeLocalDraft(jobId, task.id, keep.current);
      else clearLocalDraft(jobId, task.id);
    }, KEEP_MS);
    return () => clearTimeout(t);
  }, [data, base, version, dirty, jobId, task.id]);

  // This user's own actions on the task (flag, transfer, reset) move its version: the form follows,
  // as long as the answers the action answered with are the ones this form started from (when they
  // are not, someone else saved in between, and the submit must show that conflict).
  useEffect(
    () =>
      subscribeOwnTaskActions((j, t, after) => {
        if (j !== jobId || t !== task.id) return;
        if (after.version > keep.current.version && sameData(after.data ?? {}, keep.current.base))
          setVersion(after.version);
      }),
    [jobId, task.id],
  );

  const onChange = useCallback((next: Record<string, unknown>, changed: string[]) => {
    setData(next);
    // A field's own messages wait until it is left (or a submit was tried): none at the first keystroke.
    setServer((s) =>
      s.errors.length || s.warnings.length ? { ...s, changed: new Set([...s.changed, ...changed]) } : s,
    );
    setFormError(null);
  }, []);
  const onBlurField = useCallback(
    (field: string) => {
      setEngine(validateClientForm(form, keep.current.data, job));
      setTouched((t) => (t.has(field) ? t : new Set([...t, field])));
    },
    [form, job],
  );

  // Shown: the server's messages on fields not changed since, then the engine's on touched fields (or all after a
  // submit).
  const shown = useMemo(() => {
    const visible = (m: FieldMessage) => showAll || touched.has(top(m.path));
    const fromServer = (list: FieldMessage[]) => list.filter((m) => !server.changed.has(top(m.path)));
    const errors = [...fromServer(server.errors), ...engine.errors.filter(visible)];
    const warnings = [...fromServer(server.warnings), ...engine.warnings];
    const dedupe = (l: FieldMessage[]) =>
      l.filter((m, i) => l.findIndex((x) => x.path === m.path && x.message === m.message) === i);
    return { errors: dedupe(errors), warnings: dedupe(warnings) };
  }, [engine, server, touched, showAll]);

  const afterSave = (t: JobTask, sent: Record<string, unknown>) => {
    setVersion(t.version);
    setBase(sent);
    setRestored(null);
    clearLocalDraft(jobId, task.id);
    qc.setQueryData(jobKeys.task(jobId, task.id), t);
    void qc.invalidateQueries({ queryKey: jobKeys.detail(jobId), exact: true });
    void qc.invalidateQueries({ queryKey: jobKeys.homeowner(jobId) });
  };

  const onStale = (e: unknown, sent: Record<string, unknown>): boolean => {
    const current = staleCopyOf(e);
    if (!current) return false;
    setConflict({ current, mine: sent, base, on_open: false });
    return true;
  };

  const saveAsDraft = async (): Promise<boolean> => {
    const sent = data;
    setBusy('draft');
    setFormError(null);
    try {
      const t = await saveDraft(jobId, task.id, { data: sent, version });
      setSavedAt(new Date().toISOString());
      if (t.dropped?.length) {
        // Files the server does not hold for this field were left out of the draft: the form shows what was kept and
        // says why under each field.
        const kept = t.data ?? {};
        afterSave(t, kept);
        setData(kept);
        setServer({ errors: t.dropped, warnings: [], changed: new Set() });
        setFormError(
          `Draft saved without ${t.dropped.length === 1 ? 'one file' : `${t.dropped.length} files`}: ${t.dropped[0].message}`,
        );
        return true;
      }
      afterSave(t, sent);
      successToast('Draft saved.');
      return true;
    } catch (e) {
      if (!onStale(e, sent))
        setFormError(
          e instanceof ApiError ? e.message : 'The draft could not be saved. Your answers are kept on this device.',
        );
      return false;
    } finally {
      setBusy(null);
    }
  };

  /** Validates with the engine first; sends only what it accepts. Returns true once the server accepted it. */
  const submit = async (): Promise<boolean> => {
    const sent = data;
    const check = validateClientForm(form, sent, job);
    setEngine(check);
    setShowAll(true);
    setServer({ errors: [], warnings: [], changed: new Set() });
    if (!check.ok) {
      setFormError(
        check.errors.length === 1
          ? 'Please fix the highlighted field.'
          : `Please fix the ${check.errors.length} highlighted fields.`,
      );
      return false;
    }
    setBusy('submit');
    setFormError(null);
    try {
      const r = await submitTask(jobId, task.id, { data: sent, version });
      afterSave(r.task, r.task.data ?? check.data);
      setData(r.task.data ?? check.data);
      opts.onSubmitted?.(r);
      return true;
    } catch (e) {
      if (onStale(e, sent)) return false;
      if (e instanceof ApiError && e.status === 422) {
        const errors = e.fieldErrors.filter((m) => m.path !== '' || m.message !== e.message);
        setServer({ errors, warnings: warningsOf(e), changed: new Set() });
        setFormError(
          errors.length
            ? `Please fix the ${errors.length === 1 ? 'highlighted field' : `${errors.length} highlighted fields`}.`
            : e.message,
        );
      } else
        setFormError(
          e instanceof ApiError ? e.message : 'The task could not be submitted. Your answers are kept on this device.',
        );
      return false;
    } finally {
      setBusy(null);
    }
  };

  /** Resolves a stale save: my changes on top of the current answers, at the current version. */
  const loadMineOnTop = () => {
    if (!conflict) return;
    const current = conflict.current.data ?? {};
    setData(mergeOnTop(conflict.mine, conflict.base, current));
    setBase(current);
    setVersion(conflict.current.version);
    setTouched(new Set(Object.keys(conflict.mine)));
    setConflict(null);
  };
  /** Resolves a stale save by taking the current answers (mine are dropped). */
  const takeTheirs = () => {
    if (!conflict) return;
    const current = conflict.current.data ?? {};
    setData(current);
    setBase(current);
    setVersion(conflict.current.version);
    setConflict(null);
    clearLocalDraft(jobId, task.id);
  };
  /** Forgets the unsaved changes kept on this device. */
  const discardLocal = () => {
    setData(base);
    setRestored(null);
    clearLocalDraft(jobId, task.id);
  };

  return {
    data,
    version,
    dirty,
    busy,
    savedAt,
    restored,
    conflict,
    errors: shown.errors,
    warnings: shown.warnings,
    errorCount: engine.errors.length,
    formError,
    onChange,
    onBlurField,
    saveAsDraft,
    submit,
    loadMineOnTop,
    takeTheirs,
    dismissConflict: () => setConflict(null),
    discardLocal,
  };
}

/** The editor's state and actions. */
export type TaskEditor = ReturnType<typeof useTaskEditor>;
