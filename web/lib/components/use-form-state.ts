/**
 * The state of an admin form: values as typed, which fields were left, the form's own checks and the
 * server's 422 messages. A field's own message shows once it was left or a save was tried; a server
 * message stays under its field until that field changes. What was typed is never reset by a failure.
 */

import { useCallback, useMemo, useState } from 'react';
import { fieldErrorsOf, type FieldErrors } from './field-errors.ts';

export interface FormState<V, B> {
  values: V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  /** Marks a field as left (its message may show). */
  touch: (key: string) => void;
  /** The messages to show, by field path. */
  errors: FieldErrors;
  /** The values differ from the initial ones. */
  dirty: boolean;
  /** Checks, then saves the body; false (messages shown) when a check fails or the save throws. */
  submit: (save: (body: B) => Promise<unknown>) => Promise<boolean>;
  /** Starts over from new values (after a save that stays on the page). */
  reset: (values: V) => void;
}

export function useFormState<V extends object, B>(
  initial: V,
  validate: (v: V) => FieldErrors,
  toBody: (v: V) => B,
): FormState<V, B> {
  const [values, setValues] = useState(initial);
  const [base, setBase] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const clientErrors = useMemo(() => validate(values), [validate, values]);
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(base), [values, base]);

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors((e) => {
      const k = String(key);
      const stale = Object.keys(e).filter((p) => p === k || p.startsWith(`${k}.`));
      if (!stale.length) return e;
      const rest = { ...e };
      for (const p of stale) delete rest[p];
      return rest;
    });
  }, []);
  const touch = useCallback((key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key))), []);

  const errors: FieldErrors = { ...serverErrors };
  for (const [k, m] of Object.entries(clientErrors))
    if (submitted || touched.has(k.split('.')[0]) || touched.has(k)) errors[k] ??= m;

  async function submit(save: (body: B) => Promise<unknown>): Promise<boolean> {
    setSubmitted(true);
    if (Object.keys(clientErrors).length) return false;
    try {
      await save(toBody(values));
      return true;
    } catch (err) {
      setServerErrors(fieldErrorsOf(err));
      return false;
    }
  }

  const reset = useCallback((v: V) => {
    setValues(v);
    setBase(v);
    setTouched(new Set());
    setSubmitted(false);
    setServerErrors({});
  }, []);

  return { values, set, touch, errors, dirty, submit, reset };
}
