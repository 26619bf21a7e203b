/**
 * Try it: a job (the program's example from cases.yaml, or a stored job) whose facts can be changed;
 * eligibility, open tasks and the incentive re-evaluate instantly in the browser with the same engine
 * the server uses, each outcome with the rule that produced it.
 */

import { Callout, Card, FormGroup, H5, HTMLSelect, HTMLTable, InputGroup, NumericInput, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import {
  evaluateJobWithFacts,
  liftWords,
  plainWords,
  formatCents,
  isOpenTask,
  ELIGIBILITY_STATUS_LABELS,
  type Definitions,
  type JobInput,
  type Program,
} from '../../../../engine/index.ts';

type Schema = Record<string, unknown>;

/** A fact a rule of the program reads from a task's form, with the schema of its field. */
interface EditableFact {
  task: string;
  field: string;
  schema: Schema;
}

/** Facts the program's eligibility, applicability and incentive rules read from task forms. */
export function editableFacts(program: Program, defs: Definitions): EditableFact[] {
  const reads = new Set<string>();
  for (const r of program.eligibility) r.reads.forEach((p) => reads.add(p));
  for (const t of program.tasks) t.applies_if?.reads.forEach((p) => reads.add(p));
  for (const m of program.incentives.measures)
    [m.amount, m.applies_if, m.qualifies_if].forEach((x) => x?.reads.forEach((p) => reads.add(p)));
  const out: EditableFact[] = [];
  for (const path of [...reads].sort()) {
    const [task, field, ...rest] = path.split('.');
    if (rest.length || !field) continue;
    const def = program.tasks.find((t) => t.id === task);
    const form = def && defs.forms[def.form];
    const schema = form && resolve(form.schema, field);
    if (schema) out.push({ task, field, schema });
  }
  return out;
}

function resolve(formSchema: Schema, field: string): Schema | undefined {
  const defsOf = (formSchema.definitions ?? {}) as Record<string, Schema>;
  const deref = (s: Schema | undefined): Schema | undefined => {
    for (let i = 0; s && typeof s.$ref === 'string' && i < 5; i++)
      s = {
        ...defsOf[(s.$ref as string).split('/').pop()!],
        ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== '$ref')),
      };
    return s;
  };
  const props = (formSchema.properties ?? {}) as Record<string, Schema>;
  if (props[field]) return deref(props[field]);
  for (const branch of (formSchema.allOf as Schema[] | undefined) ?? []) {
    for (const part of [branch.then, branch.else] as (Schema | undefined)[]) {
      const p = (part?.properties as Record<string, Schema> | undefined)?.[field];
      if (p) return deref(p);
    }
  }
  return undefined;
}

function FactInput({ fact, value, onChange }: { fact: EditableFact; value: unknown; onChange: (v: unknown) => void }) {
  const s = fact.schema;
  const label = `${fact.task.replace(/_/g, ' ')}: ${fact.field.replace(/_/g, ' ')}`;
  const id = `fact-${fact.task}-${fact.field}`;
  const items = s.items as Schema | undefined;
  if (Array.isArray(s.enum)) {
    return (
      <FormGroup label={label} labelFor={id} className="fact">
        <HTMLSelect
          fill
          id={id}
          value={value === undefined ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
          options={[
            { value: '', label: '(not answered)' },
            ...(s.enum as string[]).map((v) => ({ value: v, label: v })),
          ]}
        />
      </FormGroup>
    );
  }
  if (s.type === 'boolean') {
    return (
      <FormGroup label={label} labelFor={id} className="fact">
        <HTMLSelect
          fill
          id={id}
          value={value === undefined ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
          options={[
            { value: '', label: '(not answered)' },
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
        />
      </FormGroup>
    );
  }
  if (s.type === 'integer' || s.type === 'number') {
    return (
      <FormGroup label={label} labelFor={id} className="fact">
        <NumericInput
          fill
          id={id}
          buttonPosition="none"
          value={typeof value === 'number' ? value : ''}
          onValueChange={(n) => onChange(Number.isFinite(n) ? n : undefined)}
          allowNumericCharactersOnly
        />
      </FormGroup>
    );
  }
  if (s.type === 'array' && Array.isArray(items?.enum)) {
    const list = Array.isArray(value) ? (value as string[]) : [];
    return (
      <FormGroup label={label} labelFor={id} className="fact">
        <InputGroup
          id={id}
          value={list.join(', ')}
          onValueChange={(v) =>
            onChange(
              v
                .split(',')
                .map((x) => x.trim())
                .filter(Boolean),
            )
          }
          placeholder={(items!.enum as string[]).slice(0, 4).join(', ')}
        />
      </FormGroup>
    );
  }
  return (
    <FormGroup label={label} labelFor={id} className="fact">
      <InputGroup
        id={id}
        type={s.format === 'date' ? 'date' : 'text'}
        value={value === undefined ? '' : String(value)}
        onValueChange={(v) => onChange(v === '' ? undefined : v)}
      />
    </FormGroup>
  );
}

function withFact(job: JobInput, task: string, field: string, value: unknown): JobInput {
  const tasks = { ...job.tasks };
  const state = { ...tasks[task], data: { ...tasks[task]?.data } };
  if (value === undefined) delete state.data[field];
  else state.data[field] = value;
  tasks[task] = state;
  return { ...job, tasks };
}

export function TryIt({
  program,
  defs,
  base,
  today,
}: {
  program: Program;
  defs: Definitions;
  base: JobInput;
  today: string;
}) {
  const [job, setJob] = useState<JobInput>(base);
  const facts = useMemo(() => editableFacts(program, defs), [program, defs]);
  const { evaluation: ev, facts: jobFacts } = useMemo(
    () => evaluateJobWithFacts(program, job, { today, explain: true }),
    [program, job, today],
  );
  const words = useMemo(() => plainWords(program, defs.forms), [program, defs]);
  const status = ev.eligibility.status;
  const open = ev.tasks.filter(isOpenTask);
  return (
    <div className="try-it">
      <Card className="try-facts">
        <H5>Facts</H5>
        {facts.map((f) => (
          <FactInput
            key={`${f.task}.${f.field}`}
            fact={f}
            value={job.tasks?.[f.task]?.data?.[f.field]}
            onChange={(v) => setJob((j) => withFact(j, f.task, f.field, v))}
          />
        ))}
      </Card>
      <Card className="try-outcome" aria-live="polite">
        <H5>Outcome</H5>
        <Callout
          intent={status === 'eligible' ? 'success' : status === 'ineligible' ? 'danger' : 'warning'}
          className="try-eligibility"
          title={`Eligibility: ${ELIGIBILITY_STATUS_LABELS[status]}`}
        >
          {ev.eligibility.reasons.map((r) => (
            <div key={r.code + r.rule} className="try-reason">
              <strong>{r.text}</strong> <Tag minimal>{r.code}</Tag>{' '}
              <span className="muted">
                rule {r.rule}
                {r.because ? `: ${r.because.text}` : ''}
              </span>
              <div className="try-would-pass">{liftWords(program, words, r.rule, jobFacts)}</div>
            </div>
          ))}
          {ev.eligibility.pending.map((r) => (
            <div key={`p-${r.rule}`} className="muted">
              Waiting for {r.missing?.join(', ')} ({r.code})
            </div>
          ))}
        </Callout>
        <p>
          Stage {ev.stage.number}: {ev.stage.label} ({ev.stage.tab})
        </p>
        <HTMLTable compact striped className="try-tasks">
          <thead>
            <tr>
              <th>Open task</th>
              <th>Owner</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {open.map((t) => (
              <tr key={t.id}>
                <td>{t.title}</td>
                <td>{t.owner}</td>
                <td>{t.status}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <H5 className="try-incentive-title">Incentive ({ev.incentive.phase})</H5>
        {ev.incentive.error && <Callout intent="warning">{ev.incentive.error}</Callout>}
        <p>
          Range ${formatCents(ev.incentive.range.min_cents)} – ${formatCents(ev.incentive.range.max_cents)}
          {ev.incentive.final_cents !== null && `; final $${formatCents(ev.incentive.final_cents)}`}
        </p>
        <HTMLTable compact striped>
          <tbody>
            {ev.incentive.lines.map((l) => (
              <tr key={l.id}>
                <td>{l.label}</td>
                <td>${formatCents(l.amount_cents)}</td>
                <td className="muted">
                  {l.capped_by
                    ? `capped at ${formatCents(l.capped_by.cap_cents)} by ${program.id} ${l.capped_by.cap}`
                    : (l.explanation ?? '')}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
    </div>
  );
}
