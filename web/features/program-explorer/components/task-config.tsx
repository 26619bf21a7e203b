/** One task's configuration: stage, default owner, dependencies, when it applies, its form and the rules reading it. */

import { Button, Card, H5, HTMLTable, Tag } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import type { Definitions, Program, SourceFile, TaskDef } from '../../../../engine/index.ts';
import { LogicText } from './logic-text.tsx';
import { SourceLink } from './source-link.tsx';
import { OWNER_COLORS } from './owner-colors.ts';

const FormPreview = lazy(() => import('./form-preview.tsx'));

/** Rules of a program that read a task's fields. */
export function rulesReading(program: Program, taskId: string) {
  const reads = (r: { reads: string[] }) => r.reads.some((p) => p === taskId || p.startsWith(`${taskId}.`));
  return {
    eligibility: program.eligibility.filter(reads),
    checks: program.rules.filter((r) => r.task === taskId || reads(r.valid_if)),
    tasks: program.tasks.filter((t) => t.applies_if && reads(t.applies_if)),
    measures: program.incentives.measures.filter((m) => reads(m.amount) || (m.applies_if && reads(m.applies_if))),
  };
}

export function TaskConfig({
  task,
  program,
  defs,
  files,
  status,
}: {
  task: TaskDef;
  program: Program;
  defs: Definitions;
  files: SourceFile[];
  status?: string;
}) {
  const [preview, setPreview] = useState(false);
  const stage = program.stage_model.stages.find((s) => s.number === task.stage);
  const form = defs.forms[task.form];
  const r = rulesReading(program, task.id);
  return (
    <Card className="task-config" data-task={task.id}>
      <div className="task-config-head">
        <H5>{task.title}</H5>
        <Tag minimal>{task.id}</Tag>
        {status && (
          <Tag intent={status === 'COMPLETE' ? 'success' : status === 'LOCKED' ? 'none' : 'primary'}>{status}</Tag>
        )}
        <SourceLink range={task.source} files={files} />
      </div>
      <HTMLTable compact className="config-table">
        <tbody>
          <tr>
            <th>Stage</th>
            <td>{stage ? `${stage.number}. ${stage.label} (${stage.tab})` : task.stage}</td>
          </tr>
          <tr>
            <th>Default owner</th>
            <td>
              <Tag className="owner-tag" style={{ background: OWNER_COLORS[task.owner], color: '#1c2127' }}>
                {task.owner}
              </Tag>
            </td>
          </tr>
          <tr>
            <th>Waits for</th>
            <td>
              {task.after.length ? (
                task.after.map((a) => (
                  <Tag key={a} minimal className="dep-tag">
                    {a}
                  </Tag>
                ))
              ) : (
                <span className="muted">nothing</span>
              )}
            </td>
          </tr>
          <tr>
            <th>Applies</th>
            <td>
              <LogicText logic={task.applies_if?.logic} prefix={task.applies_if ? 'when' : undefined} />
            </td>
          </tr>
          <tr>
            <th>Form</th>
            <td>
              {form ? `${form.title} (${task.form}, ${form.fields.length} fields)` : task.form}
              {form && (
                <Button
                  size="small"
                  icon="eye-open"
                  text="Preview form"
                  className="preview-button"
                  onClick={() => setPreview(true)}
                />
              )}
            </td>
          </tr>
          {r.eligibility.length > 0 && (
            <tr>
              <th>Eligibility rules reading it</th>
              <td>
                {r.eligibility.map((e) => (
                  <div key={e.id}>
                    <Tag minimal intent="danger">
                      {e.reason}
                    </Tag>{' '}
                    {e.reason_text}
                  </div>
                ))}
              </td>
            </tr>
          )}
          {r.checks.length > 0 && (
            <tr>
              <th>Checks on submit</th>
              <td>
                {r.checks.map((c) => (
                  <div key={c.id}>
                    {c.message} <span className="muted">({c.id})</span>
                  </div>
                ))}
              </td>
            </tr>
          )}
          {r.tasks.length > 0 && (
            <tr>
              <th>Decides whether these apply</th>
              <td>
                {r.tasks.map((t) => (
                  <Tag key={t.id} minimal className="dep-tag">
                    {t.id}
                  </Tag>
                ))}
              </td>
            </tr>
          )}
          {program.documents
            .filter((d) => d.task === task.id)
            .map((d) => (
              <tr key={d.id} data-document={d.id}>
                <th>Document to sign</th>
                <td>
                  <div>
                    <strong>{d.title}</strong>{' '}
                    <span className="muted">
                      ({d.template}
                      {d.terms ? `; signers accept the ${d.terms} terms` : ''})
                    </span>{' '}
                    <SourceLink range={d.source} files={files} />
                  </div>
                  <div>
                    Signers, in order:{' '}
                    {d.signers.map((sg, i) => (
                      <span key={sg.role}>
                        {i > 0 && ' → '}
                        <Tag minimal className="dep-tag">
                          {sg.role.replace(/_/g, ' ')}
                        </Tag>
                        {sg.applies_if && (
                          <span className="muted">
                            {' '}
                            (<LogicText logic={sg.applies_if.logic} prefix="when" />)
                          </span>
                        )}
                      </span>
                    ))}
                  </div>
                  {d.applies_if && (
                    <div>
                      <LogicText logic={d.applies_if.logic} prefix="when" />
                    </div>
                  )}
                  <div className="muted">Fills: {d.fields.map((f) => f.label).join(', ')}</div>
                </td>
              </tr>
            ))}
          {r.measures.length > 0 && (
            <tr>
              <th>Incentives reading it</th>
              <td>
                {r.measures.map((m) => (
                  <Tag key={m.id} minimal className="dep-tag">
                    {m.label}
                  </Tag>
                ))}
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      {preview && form && (
        <Suspense fallback={null}>
          <FormPreview form={form} onClose={() => setPreview(false)} />
        </Suspense>
      )}
    </Card>
  );
}
