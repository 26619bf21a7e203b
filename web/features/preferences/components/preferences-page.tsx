/**
 * The Preferences screen: the user_preferences form (the order of the jobs list's stage tabs, SLA days
 * per stage tab, page sizes, the sidebar) filled with the user's saved preferences. Save checks the form
 * here, then the server checks it with the same form; its messages show under the fields.
 */

import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { TaskFormView, validateClientForm, type ClientForm, type FieldMessage } from '../../../forms/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { successToast } from '../../../lib/toaster.ts';
import { usePreferencesForm } from '../api/get-preferences-form.ts';
import { usePreferences, type Preferences } from '../api/get-preferences.ts';
import { useSavePreferences } from '../api/save-preferences.ts';
import '../preferences.css';

/** The preferences the form has fields for. */
function formValues(form: ClientForm, prefs: Preferences): Record<string, unknown> {
  const fields = Object.keys((form.document.schema as { properties?: object }).properties ?? {});
  return Object.fromEntries(fields.filter((f) => f in prefs).map((f) => [f, prefs[f as keyof Preferences]]));
}

function Editor({ form, prefs }: { form: ClientForm; prefs: Preferences }) {
  const [data, setData] = useState(() => formValues(form, prefs));
  const [errors, setErrors] = useState<FieldMessage[]>([]);
  const [dirty, setDirty] = useState(false);
  const save = useSavePreferences();
  const onChange = useCallback((next: Record<string, unknown>) => {
    setData(next);
    setDirty(true);
  }, []);

  const submit = async () => {
    const checked = validateClientForm(form, data);
    if (!checked.ok) return setErrors(checked.errors);
    // Every SLA emptied is "no limit" on every tab, not "keep what was saved".
    const body = { ...data, sla_days_in_stage: data.sla_days_in_stage ?? {} };
    try {
      await save.mutateAsync(body);
      setErrors([]);
      setDirty(false);
      successToast('Preferences saved.');
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setErrors(e.fieldErrors);
    }
  };

  return (
    <Card className="preferences-card">
      <TaskFormView form={form} formData={data} onChange={onChange} errors={errors} />
      <div className="preferences-footer">
        <span className="muted" aria-live="polite">
          {dirty ? 'Unsaved changes' : ''}
        </span>
        <Button
          intent="primary"
          icon="floppy-disk"
          text="Save"
          loading={save.isPending}
          onClick={() => void submit()}
        />
      </div>
    </Card>
  );
}

export function Component() {
  const form = usePreferencesForm();
  const prefs = usePreferences();
  const failed = form.error ?? prefs.error;
  return (
    <div className="preferences-page">
      <PageHeading
        title="Preferences"
        subtitle="How the jobs list looks for you: the order of its stage tabs, how long a job may stay in each, and page sizes."
      />
      {failed ? (
        <NonIdealState
          className="page-state"
          icon="error"
          title="Your preferences could not be loaded."
          action={
            <Button
              text="Try again"
              icon="refresh"
              onClick={() => void Promise.all([form.refetch(), prefs.refetch()])}
            />
          }
        />
      ) : form.data && prefs.data ? (
        <Editor form={form.data} prefs={prefs.data} />
      ) : (
        <Spinner className="page-state" aria-label="Loading your preferences" />
      )}
    </div>
  );
}
