/**
 * Program (/programs/{id}): the loaded definition in words: eligibility and incentive criteria in
 * order with name and description (and the program values a rule reads, labelled; the reason key for ops only), the
 * tasks of each stage with their owner and what they wait for,
 * and the definition's hash (jobs record it).
 */

import { Button, Card, HTMLTable, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { LinkButton } from '../../../lib/components/link-button.tsx';
import { LoadState } from '../../../lib/components/load-state.tsx';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { successToast } from '../../../lib/toaster.ts';
import { useAppConfig } from '../../../lib/use-app-config.ts';
import { useSession } from '../../../lib/use-auth.ts';
import { useProgram, type Criterion, type ProgramDetail } from '../api/get-program.ts';
import { showDate, showOwner } from './program-text.ts';
import { ReportingCard } from './reporting-card.tsx';
import './programs.css';

const BACK = { to: pathTo('ProgramsList'), label: 'Programs' };

function Criteria({
  title,
  items,
  empty,
  internal,
}: {
  title: string;
  items: Criterion[];
  empty: string;
  internal: boolean;
}) {
  const sorted = [...items].sort((a, b) => a.order_index - b.order_index);
  return (
    <Card className="program-card">
      <h2>{title}</h2>
      {sorted.length ? (
        <ol className="program-criteria">
          {sorted.map((c) => (
            <li key={c.order_index}>
              <span className="program-order">{c.order_index + 1}</span>
              <div>
                <div className="program-criterion-name">
                  {c.name.charAt(0).toUpperCase() + c.name.slice(1)}
                  {internal && 'reason' in c && c.reason && <code className="program-code">{c.reason}</code>}
                </div>
                {c.description && <div className="muted">{c.description}</div>}
                {'values' in c &&
                  c.values?.map((v) => (
                    <div key={v.label} className="program-criterion-value">
                      {v.label}: {v.value}
                    </div>
                  ))}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{empty}</p>
      )}
    </Card>
  );
}

function Tasks({ program }: { program: ProgramDetail }) {
  const titles = useMemo(() => new Map(program.tasks.map((t) => [t.id, t.title])), [program.tasks]);
  return (
    <Card className="program-card">
      <h2>Tasks by stage</h2>
      {program.stages.map((s) => {
        const tasks = program.tasks.filter((t) => t.stage === s.number);
        return (
          <section key={s.number} className="program-stage">
            <h3>
              {`Stage ${s.number}: ${s.label}`} <Tag minimal>{s.tab}</Tag>
            </h3>
            {tasks.length ? (
              <div className="program-table-scroll" tabIndex={0} role="region" aria-label={`Stage ${s.number} tasks`}>
                <HTMLTable compact className="program-tasks">
                  <thead>
                    <tr>
                      <th scope="col">Task</th>
                      <th scope="col">Owner</th>
                      <th scope="col">Waits for</th>
                    </tr>
                  </thead>
                  <tbody>
                    {tasks.map((t) => (
                      <tr key={t.id}>
                        <td>
                          {t.title}
                          {t.applies_when && (
                            <div className="program-task-when">
                              <Tag minimal intent="warning" className="program-conditional">
                                Only when
                              </Tag>{' '}
                              {t.applies_when}
                            </div>
                          )}
                        </td>
                        <td className="program-nowrap">{showOwner(t.owner)}</td>
                        <td>
                          {t.after.length ? (
                            t.after.map((a) => titles.get(a) ?? a).join(', ')
                          ) : (
                            <span className="muted">Nothing</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            ) : (
              <p className="muted">No tasks in this stage.</p>
            )}
          </section>
        );
      })}
    </Card>
  );
}

export function Component() {
  const { programId = '' } = useParams();
  const query = useProgram(programId);
  const config = useAppConfig();
  const session = useSession();
  const p = query.data;
  if (!p)
    return (
      <>
        <PageHeading title="Program" back={BACK} />
        <LoadState error={query.error} notFoundTitle="Program not found" back={BACK} />
      </>
    );
  const internal = session?.user.role === 'ops';
  const explorer = internal && config.data?.feature_flags.includes('program-explorer');
  const from = showDate(p.accept_submissions.from);
  const until = showDate(p.accept_submissions.until);

  return (
    <>
      <PageHeading
        title={p.name}
        back={BACK}
        subtitle={
          <>
            {p.active ? (
              <Tag minimal intent="success">
                Active
              </Tag>
            ) : (
              <Tag minimal>Inactive</Tag>
            )}
            <Tag minimal>{p.stage_model.label}</Tag>
            <span>
              {from ? `Accepting submissions from ${from}` : 'Accepting submissions'}
              {until ? ` until ${until}` : ', no end date'}
            </span>
          </>
        }
        actions={
          explorer && (
            <LinkButton
              icon="diagram-tree"
              text="Open in program explorer"
              to={`${pathTo('ProgramExplorer')}?program=${encodeURIComponent(p.id)}`}
            />
          )
        }
      />
      {p.description && <p className="program-description">{p.description}</p>}
      <div className="program-grid">
        <Criteria
          title="Eligibility criteria"
          items={p.eligibility_criteria}
          empty="No eligibility criteria: every job is eligible."
          internal={internal}
        />
        <Criteria
          title="Incentive criteria"
          items={p.incentive_criteria}
          empty="No incentive criteria."
          internal={internal}
        />
      </div>
      <Tasks program={p} />
      {internal && p.reporting && <ReportingCard programId={p.id} reporting={p.reporting} />}
      <p className="program-hash muted">
        Definition hash <code>{p.definition_hash}</code>
        <Button
          variant="minimal"
          size="small"
          icon="duplicate"
          aria-label="Copy the definition hash"
          title="Copy"
          onClick={() =>
            void navigator.clipboard?.writeText(p.definition_hash).then(() => successToast('Hash copied.'))
          }
        />
      </p>
    </>
  );
}
