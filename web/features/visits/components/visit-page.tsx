/**
 * The homeowner's page of a field inspection visit (/visit/:token): no sign-in, no shell; the mailed link is the
 * credential. Who comes, where and why, the times offered (in the homeowner's own time on their phone), and "another
 * time" to pick one that suits them better, with a note for the inspector. Once confirmed it says when, and the time
 * can still be changed until the inspection is recorded. A link that no longer works is a calm page with the words.
 */

import {
  Button,
  Callout,
  FormGroup,
  InputGroup,
  NonIdealState,
  Radio,
  RadioGroup,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError, CLIENT_MESSAGES } from '../../../lib/api-client.ts';
import { PublicBrand } from '../../../lib/components/public-brand.tsx';
import { useAnswerVisit, useVisitView, type VisitView } from '../api/visits.ts';
import '../../../lib/components/public-page.css';
import '../visits.css';

const OTHER = 'other';

/** A time as the homeowner reads it, in their phone's own zone. */
export const visitWhen = (iso: string) =>
  new Date(iso).toLocaleString([], {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });

/** A time as a datetime-local input's value, in this browser's zone (now, by default: its earliest choice). */
function localValue(iso?: string): string {
  const d = iso ? new Date(iso) : new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

function AnswerForm({ view, token }: { view: VisitView; token: string }) {
  const answer = useAnswerVisit(token);
  const v = view.visit;
  const current = v.visit_at && v.times.includes(v.visit_at) ? v.visit_at : v.visit_at ? OTHER : '';
  const [choice, setChoice] = useState(current);
  // A time of their own, kept as they picked it (they may change it until the inspection is recorded).
  const [other, setOther] = useState(current === OTHER && v.visit_at ? localValue(v.visit_at) : '');
  const [note, setNote] = useState(v.note ?? '');
  const [missing, setMissing] = useState<string | null>(null);
  const failure = answer.error instanceof ApiError ? answer.error : null;
  const atError = failure?.fieldErrors.find((e) => e.path === 'at')?.message;
  const submit = () => {
    const at = choice === OTHER ? (other ? new Date(other).toISOString() : '') : choice;
    if (!at) {
      setMissing(choice === OTHER ? 'Please choose the day and time that suits you.' : 'Please choose a time.');
      return;
    }
    setMissing(null);
    answer.mutate({ at, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  return (
    <section className="public-card visit-card" aria-label="Choose a time">
      <RadioGroup
        label={v.state === 'confirmed' ? 'Change the time' : 'Which time suits you?'}
        selectedValue={choice}
        onChange={(e) => setChoice(e.currentTarget.value)}
      >
        {v.times.map((t) => (
          <Radio key={t} value={t} label={visitWhen(t)} />
        ))}
        <Radio value={OTHER} label="Another time" />
      </RadioGroup>
      {choice === OTHER && (
        <FormGroup label="The day and time that suits you" labelFor="visit-other" intent={atError ? 'danger' : 'none'}>
          <InputGroup
            id="visit-other"
            type="datetime-local"
            min={localValue()}
            value={other}
            onChange={(e) => setOther(e.target.value)}
          />
        </FormGroup>
      )}
      <FormGroup
        label="Anything the inspector should know"
        labelInfo="(optional)"
        labelFor="visit-note"
        subLabel="A gate code, a dog, where to park."
      >
        <TextArea id="visit-note" fill maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </FormGroup>
      {(missing ?? atError) && (
        <Callout intent="danger" icon="error" compact role="alert">
          {missing ?? atError}
        </Callout>
      )}
      {failure && !atError && (
        <Callout intent="danger" icon="error" compact role="alert">
          {failure.message}
        </Callout>
      )}
      {answer.error && !failure && (
        <Callout intent="danger" icon="error" compact role="alert">
          {CLIENT_MESSAGES.unexpected}
        </Callout>
      )}
      <Button intent="primary" large icon="tick" text="Confirm this time" loading={answer.isPending} onClick={submit} />
    </section>
  );
}

function Body({ token }: { token: string }) {
  const view = useVisitView(token);
  if (!view.data) {
    if (view.error)
      return (
        <NonIdealState
          className="page-state"
          icon="lock"
          title="This link does not work"
          description={view.error instanceof ApiError ? view.error.message : CLIENT_MESSAGES.unexpected}
        />
      );
    return <Spinner className="page-state" aria-label="Loading" />;
  }
  const d = view.data;
  const v = d.visit;
  return (
    <div className="public-column">
      <div className="public-heading">
        <h1>{v.state === 'confirmed' ? 'Your inspection visit' : 'When may the inspector visit?'}</h1>
        <p className="muted">
          {d.program} · {d.review} · job {d.job_code}
        </p>
      </div>
      <section className="public-card visit-card">
        <p className="visit-lead">
          {d.inspector ?? 'An inspector'} of {d.program} would like to look at the work done at your home at{' '}
          <strong>{d.address}</strong>. It takes about an hour; please be home for it.
        </p>
        {v.state === 'confirmed' && v.visit_at && (
          <Callout intent="success" icon="calendar" role="status" className="visit-confirmed">
            The inspector comes <strong>{visitWhen(v.visit_at)}</strong>.{v.note ? ` Your note: ${v.note}` : ''}
          </Callout>
        )}
      </section>
      {d.open ? (
        <AnswerForm key={`${v.proposed_at}:${v.answered_at ?? ''}`} view={d} token={token} />
      ) : (
        <Callout intent="none" icon="info-sign">
          This inspection is over: there is no visit to arrange.
        </Callout>
      )}
    </div>
  );
}

export function Component() {
  const { token = '' } = useParams();
  return (
    <div className="public-page">
      <PublicBrand className="public-brand" />
      <Body key={token} token={token} />
    </div>
  );
}
