/**
 * Offering the homeowner times for a field inspection's visit (issue 43): up to three days and times, in this
 * browser's own zone (the mail writes them in it). The homeowner is mailed them with a link to take one or pick
 * another; new times replace the earlier offer. The server's words show under the time they are about.
 */

import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { VISIT_MAX_TIMES } from '../../../../engine/api/inspections.ts';
import { ApiError, CLIENT_MESSAGES } from '../../../lib/api-client.ts';
import { successToast } from '../../../lib/toaster.ts';
import { useProposeVisit, type Inspection } from '../api/inspections.ts';

/** Now as a datetime-local input's value (its earliest choice). */
function localNow(): string {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

export function VisitButton({ inspection }: { inspection: Inspection }) {
  const [open, setOpen] = useState(false);
  const propose = useProposeVisit();
  const [times, setTimes] = useState<string[]>(() => Array.from({ length: VISIT_MAX_TIMES }, () => ''));
  const [missing, setMissing] = useState(false);
  const failure = propose.error instanceof ApiError ? propose.error : null;
  // The server's messages by the index of the time sent (blank inputs are not sent).
  const sent = times.map((t, i) => [t, i] as const).filter(([t]) => t);
  const errorOf = (i: number) => {
    const at = sent.findIndex(([, j]) => j === i);
    return failure?.fieldErrors.find((e) => e.path === `times/${at}`)?.message;
  };
  const other = failure
    ? failure.fieldErrors.length
      ? failure.fieldErrors.filter((e) => !e.path.startsWith('times/')).map((e) => e.message)
      : [failure.message]
    : propose.error
      ? [CLIENT_MESSAGES.unexpected]
      : [];
  const submit = () => {
    if (!sent.length) {
      setMissing(true);
      return;
    }
    setMissing(false);
    propose.mutate(
      { inspection, times: sent.map(([t]) => new Date(t).toISOString()) },
      {
        onSuccess: () => {
          successToast('The times went to the homeowner by email.');
          setOpen(false);
        },
      },
    );
  };
  const offered = inspection.visit !== null;
  return (
    <>
      <Button
        icon="calendar"
        text={offered ? 'Offer other times…' : 'Offer visit times…'}
        onClick={() => {
          propose.reset();
          setOpen(true);
        }}
      />
      <Dialog isOpen={open} onClose={() => setOpen(false)} title="Offer the homeowner visit times">
        <DialogBody>
          <p>
            {inspection.homeowner.name} gets these by email with a link to take one or pick another time. Times are in
            your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
            {offered ? ' They replace the times offered before.' : ''}
          </p>
          {times.map((t, i) => (
            <FormGroup
              key={i}
              label={`Time ${i + 1}`}
              labelInfo={i ? '(optional)' : undefined}
              labelFor={`visit-time-${i}`}
              intent={errorOf(i) ? 'danger' : 'none'}
              helperText={errorOf(i)}
            >
              <InputGroup
                id={`visit-time-${i}`}
                type="datetime-local"
                min={localNow()}
                value={t}
                intent={errorOf(i) ? 'danger' : 'none'}
                onChange={(e) => {
                  const value = e.target.value;
                  setTimes((all) => all.map((x, j) => (j === i ? value : x)));
                }}
              />
            </FormGroup>
          ))}
          {(missing ? ['Please choose at least one time.'] : other).map((m) => (
            <Callout key={m} intent="danger" icon="error" compact role="alert">
              {m}
            </Callout>
          ))}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={() => setOpen(false)} />
              <Button intent="primary" text="Send the times" loading={propose.isPending} onClick={submit} />
            </>
          }
        />
      </Dialog>
    </>
  );
}
