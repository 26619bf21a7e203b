/**
 * Eligibility in words people read: ineligible with each reason's label; pending as what we still
 * need, task by task ("Household income estimate: not answered yet"), each task a link when the viewer
 * may answer it; 'Unable to determine eligibility' when it cannot be decided. Ops also get a "Why?"
 * disclosure per reason: the values the rule read (in words) and the rule itself.
 */

import { Tag } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router-dom';
import type { JobDetail, EligibilityReasonView, JobTask } from '../api/get-job.ts';
import { ELIGIBILITY_VIEW, UNDETERMINED, sentence, type Viewer } from './job-text.ts';

type Eligibility = JobDetail['evaluation']['eligibility'];

/** The lead of the pending list: what is missing, not a failure. */
export const PENDING_LEAD = 'To decide eligibility we still need:';

/** Ops only: why a rule came out as it did, in words, then the rule as traced. */
function Why({ r }: { r: EligibilityReasonView }) {
  if (!r.why && !r.because && !r.rule) return null;
  return (
    <details className="eligibility-why">
      <summary>Why?</summary>
      {r.why && <div>{r.why}</div>}
      <div className="muted eligibility-because">
        Rule <code>{r.rule}</code>
        {r.because ? `: ${r.because}` : ''}
      </div>
    </details>
  );
}

function Reasons({ list, internal }: { list: EligibilityReasonView[]; internal: boolean }) {
  if (!list.length) return null;
  return (
    <ul className="eligibility-reasons">
      {list.map((r) => (
        <li key={`${r.code}-${r.rule ?? ''}`}>
          {sentence(r.text)}
          {r.would_pass && <div className="eligibility-would-pass">{r.would_pass}</div>}
          {internal && <Why r={r} />}
        </li>
      ))}
    </ul>
  );
}

/** A task's title, a link that opens it when the viewer may answer it now. */
function TaskTitle({
  id,
  title,
  tasks,
}: {
  id: string | null;
  title: string;
  tasks?: readonly Pick<JobTask, 'id' | 'can_edit'>[];
}) {
  const [params] = useSearchParams();
  if (!id || !tasks?.some((t) => t.id === id && t.can_edit)) return <strong>{title}</strong>;
  const next = new URLSearchParams(params);
  next.set('task', id);
  return <Link to={{ search: `?${next.toString()}` }}>{title}</Link>;
}

/** The line standing for answers in tasks the viewer does not see (a homeowner sees only their own tasks). */
export const othersAnswer = (n: number) =>
  `${n === 1 ? 'One more answer' : `${n} more answers`} from your contractor or the program`;

function Missing({
  eligibility,
  internal,
  tasks,
}: {
  eligibility: Eligibility;
  internal: boolean;
  tasks?: readonly Pick<JobTask, 'id' | 'can_edit'>[];
}) {
  // Tasks the viewer does not see are not named to them: one line says others will answer.
  const seen = (task: string | null) => !tasks || task === null || tasks.some((t) => t.id === task);
  const shown = eligibility.missing.filter((g) => seen(g.task));
  const others = eligibility.missing.length - shown.length;
  return (
    <>
      <div className="muted eligibility-lead">{PENDING_LEAD}</div>
      <ul className="eligibility-reasons eligibility-missing">
        {shown.map((g) => (
          <li key={g.task ?? g.title}>
            <TaskTitle id={g.task} title={g.title} tasks={tasks} />: not answered yet
            <div className="muted eligibility-because">{g.fields.join(', ')}</div>
          </li>
        ))}
        {others > 0 && <li className="muted">{othersAnswer(others)}</li>}
      </ul>
      {internal && (
        <details className="eligibility-why">
          <summary>Why?</summary>
          <Reasons list={eligibility.pending} internal />
        </details>
      )}
    </>
  );
}

export function EligibilitySummary({
  eligibility,
  viewer,
  opsReason,
  tasks,
}: {
  eligibility: Eligibility;
  viewer: Viewer;
  opsReason?: string | null;
  tasks?: readonly Pick<JobTask, 'id' | 'can_edit'>[];
}) {
  const view = ELIGIBILITY_VIEW[eligibility.status] ?? ELIGIBILITY_VIEW.unable_to_determine;
  const internal = viewer === 'ops';
  return (
    <div className="eligibility">
      <Tag intent={view.intent} icon={view.icon} minimal size="large">
        {view.text}
      </Tag>
      {eligibility.status === 'ineligible' && <Reasons list={eligibility.reasons} internal={internal} />}
      {internal && opsReason && <div className="muted eligibility-because">Marked ineligible by ops: {opsReason}</div>}
      {eligibility.status === 'pending_more_information' && eligibility.missing.length > 0 && (
        <Missing eligibility={eligibility} internal={internal} tasks={tasks} />
      )}
      {eligibility.status === 'unable_to_determine' &&
        (eligibility.undetermined.length ? (
          <Reasons list={eligibility.undetermined} internal={internal} />
        ) : (
          <div className="muted">{UNDETERMINED}</div>
        ))}
    </div>
  );
}
