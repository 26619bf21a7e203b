/**
 * Add new job (spec sect. 2): homeowner name, email, home address, phone; 'Create job'. A possible
 * duplicate asks: go to the existing job or create anyway; an address several programs serve asks which
 * program to submit to first. What was typed stays through every prompt and error.
 */

import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PHONE_PATTERN } from '../../../../engine/constants.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateJob, useFilterOptions, type NewJob } from '../api/jobs.ts';

const REQUIRED = 'This field is required';
const FIELDS: { key: keyof NewJob; label: string; required?: boolean; type?: string; max?: number }[] = [
  { key: 'first_name', label: 'Homeowner first name', required: true, max: 50 },
  { key: 'last_name', label: 'Homeowner last name', required: true, max: 50 },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'phone_number', label: 'Phone', type: 'tel' },
  { key: 'address', label: 'Home address', required: true },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zip', label: 'ZIP code' },
];

/** The client's checks, with the spec's messages (the server checks again). */
function check(v: Record<string, string>, needContractor: boolean): Record<string, string> {
  const e: Record<string, string> = {};
  for (const f of FIELDS) {
    const value = (v[f.key] ?? '').trim();
    if (f.required && !value) e[f.key] = REQUIRED;
    else if (f.max && value.length > f.max) e[f.key] = 'Please enter a value less than 50 characters';
  }
  if (v.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.email.trim())) e.email = 'Please enter a valid email address';
  if (v.phone_number && !PHONE_PATTERN.test(v.phone_number.trim())) e.phone_number = 'Please enter a valid phone number';
  if (needContractor && !v.contractor_id) e.contractor_id = REQUIRED;
  return e;
}

type Prompt = { kind: 'duplicate'; job: { id: number; code: string; full_name: string; address: string } } | { kind: 'program'; programs: { id: string; name: string }[] };

export function AddJobDialog({ isOpen, onClose, isOps }: { isOpen: boolean; onClose: () => void; isOps: boolean }) {
  const navigate = useNavigate();
  const create = useCreateJob();
  const options = useFilterOptions(isOpen && isOps);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [program, setProgram] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const set = (k: string, v: string) => {
    const next = { ...values, [k]: v };
    setValues(next);
    if (tried) setErrors(check(next, isOps));
  };

  const send = (extra: Partial<NewJob> = {}) => {
    const body: NewJob = { first_name: '', last_name: '', address: '' };
    for (const f of FIELDS) if ((values[f.key] ?? '').trim()) (body as unknown as Record<string, string>)[f.key] = values[f.key].trim();
    if (isOps && values.contractor_id) body.contractor_id = Number(values.contractor_id);
    setFailure(null);
    create.mutate({ ...body, ...extra }, {
      onSuccess: (job) => navigate(`/${job.id}`),
      onError: (e) => {
        if (!(e instanceof ApiError)) return;
        const b = e.body as { reason?: string; existing_job?: Prompt extends { job: infer J } ? J : never; programs?: { id: string; name: string }[] } | undefined;
        if (e.status === 409 && b?.reason === 'duplicate' && b.existing_job) setPrompt({ kind: 'duplicate', job: b.existing_job });
        else if (e.status === 409 && b?.reason === 'which_program' && b.programs) {
          setProgram(b.programs[0]?.id ?? '');
          setPrompt({ kind: 'program', programs: b.programs });
        } else if (e.status === 422) {
          setErrors(Object.fromEntries(e.fieldErrors.map((f) => [f.path, f.message])));
          if (!e.fieldErrors.some((f) => FIELDS.some((x) => x.key === f.path))) setFailure(e.message);
        } else setFailure(e.message);
      },
    });
  };

  const submit = () => {
    setTried(true);
    const e = check(values, isOps);
    setErrors(e);
    if (Object.keys(e).length === 0) send();
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Add new job" className="add-job-dialog">
      <DialogBody>
        {failure && <Callout intent="danger" role="alert" className="form-callout">{failure}</Callout>}
        {prompt?.kind === 'duplicate' && (
          <Callout intent="warning" title="A job for this homeowner at this address already exists." className="form-callout">
            <p>{prompt.job.full_name} · {prompt.job.code} · {prompt.job.address}</p>
            <Button intent="primary" text="Go to existing job" onClick={() => navigate(`/${prompt.job.id}`)} /> <Button text="Create anyway" onClick={() => { setPrompt(null); send({ create_anyway: true }); }} />
          </Callout>
        )}
        {prompt?.kind === 'program' && (
          <Callout intent="primary" title="Which program should we submit to first?" className="form-callout">
            <RadioGroup selectedValue={program} onChange={(e) => setProgram(e.currentTarget.value)}>
              {prompt.programs.map((p) => <Radio key={p.id} value={p.id} label={p.name} />)}
            </RadioGroup>
            <Button intent="primary" text="Create job in this program" disabled={!program} onClick={() => { setPrompt(null); send({ program_id: program }); }} />
          </Callout>
        )}
        <div className="add-job-grid">
          {isOps && (
            <FormGroup label="Contractor" labelFor="new-job-contractor" intent={errors.contractor_id ? 'danger' : 'none'} helperText={errors.contractor_id} className="span-2">
              <HTMLSelect id="new-job-contractor" fill value={values.contractor_id ?? ''} onChange={(e) => set('contractor_id', e.target.value)} options={[{ value: '', label: 'Choose a contractor…' }, ...(options.data?.contractors ?? []).map((c) => ({ value: String(c.id), label: c.name }))]} />
            </FormGroup>
          )}
          {FIELDS.map((f) => (
            <FormGroup key={f.key} label={f.label} labelFor={`new-job-${f.key}`} labelInfo={f.required ? undefined : '(optional)'} intent={errors[f.key] ? 'danger' : 'none'} helperText={errors[f.key]} className={f.key === 'address' ? 'span-2' : undefined}>
              <InputGroup id={`new-job-${f.key}`} type={f.type ?? 'text'} value={values[f.key] ?? ''} onValueChange={(v) => set(f.key, v)} intent={errors[f.key] ? 'danger' : 'none'} />
            </FormGroup>
          ))}
        </div>
      </DialogBody>
      <DialogFooter actions={<><Button text="Cancel" onClick={onClose} /><Button intent="primary" text="Create job" loading={create.isPending} onClick={submit} /></>} />
    </Dialog>
  );
}
