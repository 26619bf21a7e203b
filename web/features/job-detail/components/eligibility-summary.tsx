/**
 * Eligibility in the reasons' own wording: ineligible with each reason, pending with what is still
 * missing, 'Unable to determine eligibility' when it cannot be decided. Ops also see why (the rule and
 * the values it read), and the reason they gave when they marked the job ineligible themselves.
 */

import { Tag } from '@blueprintjs/core';
import type { JobDetail, EligibilityReasonView } from '../api/get-job.ts';
import { ELIGIBILITY_VIEW, UNDETERMINED, type Viewer } from './job-text.ts';

function Reasons({ list, internal }: { list: EligibilityReasonView[]; internal: boolean }) {
  if (!list.length) return null;
  return (
    <ul className="eligibility-reasons">
      {list.map((r) => (
        <li key={`${r.code}-${r.rule ?? ''}`}>
          {r.text}
          {internal && r.because && <div className="muted eligibility-because">{r.because}</div>}
          {internal && r.missing?.length ? <div className="muted eligibility-because">Missing: {r.missing.join(', ')}</div> : null}
        </li>
      ))}
    </ul>
  );
}

export function EligibilitySummary({ eligibility, viewer, opsReason }: { eligibility: JobDetail['evaluation']['eligibility']; viewer: Viewer; opsReason?: string | null }) {
  const view = ELIGIBILITY_VIEW[eligibility.status] ?? ELIGIBILITY_VIEW.unable_to_determine;
  const internal = viewer === 'ops';
  return (
    <div className="eligibility">
      <Tag intent={view.intent} icon={view.icon} minimal size="large">
        {view.text}
      </Tag>
      {eligibility.status === 'ineligible' && <Reasons list={eligibility.reasons} internal={internal} />}
      {internal && opsReason && <div className="muted eligibility-because">Marked ineligible by ops: {opsReason}</div>}
      {eligibility.status === 'pending_more_information' && eligibility.pending.length > 0 && (
        <>
          {/* These are checks still waiting for answers, not reasons the job failed. */}
          <div className="muted eligibility-lead">Checks still waiting for answers:</div>
          <Reasons list={eligibility.pending} internal={internal} />
        </>
      )}
      {eligibility.status === 'unable_to_determine' && (eligibility.undetermined.length ? <Reasons list={eligibility.undetermined} internal={internal} /> : <div className="muted">{UNDETERMINED}</div>)}
    </div>
  );
}
