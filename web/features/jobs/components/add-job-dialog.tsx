/**
 * Add new job (spec sect. 2): homeowner first and last name, email, phone, home address; ops also pick
 * the contractor; 'Create job'. A possible duplicate asks: go to the existing job or create anyway; an
 * address several programs serve asks which program to submit to first. What was typed stays through
 * every prompt and failure, and when the dialog is closed and opened again.
 */

import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Radio,
  RadioGroup,
  Tag,
} from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../../engine/forms/messages.ts';
import { ERROR_CODES } from '../../../../engine/api/error-codes.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { requestErrors } from '../../../lib/request-validation.ts';
import { successToast } from '../../../lib/toaster.ts';
import { fieldProps } from '../../../lib/components/field-errors.ts';
import { useFormState } from '../../../lib/components/use-form-state.ts';
import { useCreateJob, type NewJob } from '../api/create-job.ts';
import { useFilterOptions } from '../api/job-filters.ts';
import type { JobItem } from '../api/list-jobs.ts';

type Values = Record<
  | 'contractor_id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone_number'
  | 'address'
  | 'city'
  | 'county'
  | 'state'
  | 'zip',
  string
>;
const EMPTY: Values = {
  contractor_id: '',
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  address: '',
  city: '',
  county: '',
  state: '',
  zip: '',
};

interface Field {
  key: keyof Values;
  label: string;
  required?: boolean;
  type?: string;
  inputMode?: 'email' | 'tel' | 'numeric' | 'text';
  className?: string;
  helper?: string;
}
const FIELDS: Field[] = [
  { key: 'first_name', label: 'Homeowner first name', required: true },
  { key: 'last_name', label: 'Homeowner last name', required: true },
  { key: 'email', label: 'Email', type: 'email', inputMode: 'email' },
  { key: 'phone_number', label: 'Phone', type: 'tel', inputMode: 'tel' },
  { key: 'address', label: 'Home address', required: true, className: 'add-job-wide' },
  { key: 'city', label: 'City', className: 'add-job-city' },
  // Programs serve counties (3C-REN, 3CE, PCE): without it only statewide programs can be offered.
  { key: 'county', label: 'County', className: 'add-job-county', helper: 'Decides which programs serve the home' },
  { key: 'state', label: 'State', className: 'add-job-state' },
  { key: 'zip', label: 'ZIP code', inputMode: 'numeric', className: 'add-job-zip' },
];
/** Changing these makes a prompt's answer stale (another homeowner or another address). */
const IDENTITY: (keyof Values)[] = [
  'contractor_id',
  'first_name',
  'last_name',
  'address',
  'city',
  'county',
  'state',
  'zip',
];
/**
 * The body checked with the call's own schema (the server's validators and messages); then what only
 * this form asks: an address (the API also takes a place id instead) and, for ops, the contractor.
 */
function check(v: Values, needContractor: boolean): Record<string, string> {
  const e = requestErrors('new_job', toBody(v));
  if (!v.address.trim()) e.address ??= MESSAGES.required;
  if (needContractor && !v.contractor_id) e.contractor_id = MESSAGES.required;
  return e;
}

function toBody(v: Values): NewJob {
  const body: Record<string, string | number> = {};
  for (const f of FIELDS) if (v[f.key].trim()) body[f.key] = v[f.key].trim();
  if (body.state) body.state = String(body.state).toUpperCase();
  if (v.contractor_id) body.contractor_id = Number(v.contractor_id);
  return body as unknown as NewJob;
}

type DuplicateJob = Pick<JobItem, 'id' | 'code' | 'full_name' | 'address' | 'city'> & {
  program?: { name: string };
  stage?: { label: string };
};
type Prompt = { kind: 'duplicate'; job: DuplicateJob } | { kind: 'program'; programs: { id: string; name: string }[] };

export function AddJobDialog({ isOpen, onClose, isOps }: { isOpen: boolean; onClose: () => void; isOps: boolean }) {
  const navigate = useNavigate();
  const create = useCreateJob();
  const options = useFilterOptions(isOps);
  const validate = useCallback((v: Values) => check(v, isOps), [isOps]);
  const form = useFormState<Values, NewJob>(EMPTY, validate, toBody);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  // The answers given to prompts so far, sent with every retry (create anyway, then pick a program).
  const [answers, setAnswers] = useState<Pick<NewJob, 'create_anyway' | 'program_id'>>({});
  const [program, setProgram] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const promptRef = useRef<HTMLDivElement>(null);
  // A block body: scrollIntoView may return a promise, which React would take for a cleanup.
  useEffect(() => {
    if (prompt) promptRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [prompt]);

  const set = (k: keyof Values, v: string) => {
    form.set(k, v);
    if (IDENTITY.includes(k) && (prompt || answers.create_anyway || answers.program_id)) {
      setPrompt(null);
      setAnswers({});
    }
  };

  const send = async (more: Pick<NewJob, 'create_anyway' | 'program_id'> = {}) => {
    const given = { ...answers, ...more };
    setAnswers(given);
    setFailure(null);
    setPrompt(null);
    await form.submit(async (body) => {
      try {
        const job = await create.mutateAsync({ ...body, ...given });
        successToast('Job created');
        navigate(`/${job.id}`);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        const b = e.body as { existing_job?: DuplicateJob; programs?: { id: string; name: string }[] } | undefined;
        if (e.code === ERROR_CODES.duplicate_job && b?.existing_job)
          setPrompt({ kind: 'duplicate', job: b.existing_job });
        else if (e.code === ERROR_CODES.program_choice_required && b?.programs?.length) {
          setProgram((p) => (b.programs!.some((x) => x.id === p) ? p : b.programs![0].id));
          setPrompt({ kind: 'program', programs: b.programs });
        } else if (e.status === 422) {
          // Messages of fields on the form show under them; any other (no program serves it) shows on top.
          const other = e.fieldErrors.filter((f) => !(f.path in EMPTY));
          if (other.length || !e.fieldErrors.length) setFailure(other.map((f) => f.message).join(' ') || e.message);
        } else if (e.status < 500) setFailure(e.message);
        throw e;
      }
    });
  };

  const field = (f: Field) => (
    <FormGroup
      key={f.key}
      label={f.label}
      labelFor={`new-job-${f.key}`}
      labelInfo={f.required ? '(required)' : undefined}
      className={f.className}
      helperText={f.helper}
      {...fieldProps(form.errors, f.key)}
    >
      <InputGroup
        id={`new-job-${f.key}`}
        type={f.type ?? 'text'}
        inputMode={f.inputMode}
        autoComplete="off"
        value={form.values[f.key]}
        onValueChange={(v) => set(f.key, f.key === 'state' ? v.toUpperCase() : v)}
        onBlur={() => form.touch(f.key)}
        intent={form.errors[f.key] ? 'danger' : 'none'}
        maxLength={f.key === 'state' ? 2 : undefined}
      />
    </FormGroup>
  );

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Add new job" icon="add" className="add-job-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
        noValidate
      >
        <DialogBody>
          <div ref={promptRef}>
            {failure && (
              <Callout intent="danger" role="alert" className="add-job-callout">
                {failure}
              </Callout>
            )}
            {prompt?.kind === 'duplicate' && (
              <Callout
                intent="warning"
                role="alert"
                icon="duplicate"
                title="A job for this homeowner at this address already exists."
                className="add-job-callout"
              >
                <div className="add-job-existing">
                  <strong>{prompt.job.full_name}</strong> <code>{prompt.job.code}</code>
                  <div className="muted">{[prompt.job.address, prompt.job.city].filter(Boolean).join(', ')}</div>
                  {(prompt.job.program || prompt.job.stage) && (
                    <div className="add-job-existing-tags">
                      {prompt.job.program && <Tag minimal>{prompt.job.program.name}</Tag>}
                      {prompt.job.stage && (
                        <Tag minimal intent="primary">
                          {prompt.job.stage.label}
                        </Tag>
                      )}
                    </div>
                  )}
                </div>
                <div className="add-job-prompt-actions">
                  <Button intent="primary" text="Go to existing job" onClick={() => navigate(`/${prompt.job.id}`)} />
                  <Button
                    text="Create anyway"
                    loading={create.isPending}
                    onClick={() => void send({ create_anyway: true })}
                  />
                </div>
              </Callout>
            )}
            {prompt?.kind === 'program' && (
              <Callout
                intent="primary"
                role="alert"
                icon="help"
                title="Which program should we submit to first?"
                className="add-job-callout"
              >
                <p className="muted">This address qualifies for more than one program.</p>
                <RadioGroup
                  selectedValue={program}
                  onChange={(e) => setProgram(e.currentTarget.value)}
                  name="new-job-program"
                >
                  {prompt.programs.map((p) => (
                    <Radio key={p.id} value={p.id} label={p.name} />
                  ))}
                </RadioGroup>
                <Button
                  intent="primary"
                  text="Submit to this program first"
                  disabled={!program}
                  loading={create.isPending}
                  onClick={() => void send({ program_id: program })}
                />
              </Callout>
            )}
          </div>
          <div className="add-job-grid">
            {isOps && (
              <FormGroup
                label="Contractor"
                labelInfo="(required)"
                labelFor="new-job-contractor_id"
                className="add-job-wide"
                {...fieldProps(form.errors, 'contractor_id')}
              >
                <HTMLSelect
                  id="new-job-contractor_id"
                  fill
                  value={form.values.contractor_id}
                  onChange={(e) => set('contractor_id', e.currentTarget.value)}
                  onBlur={() => form.touch('contractor_id')}
                  options={[
                    { value: '', label: options.isLoading ? 'Loading contractors…' : 'Choose a contractor…' },
                    ...(options.data?.contractors ?? []).map((c) => ({ value: String(c.id), label: c.name })),
                  ]}
                />
              </FormGroup>
            )}
            {FIELDS.map(field)}
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text="Create job" loading={create.isPending && !prompt} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
