/**
 * The collection's four stages, each a group of its steps; a step is a row with its status as an icon,
 * its label, its words (the reader's wording: detailed for internal users, softer for contractors) and
 * when it last changed.
 */

import { Icon } from '@blueprintjs/core';
import type { JobUsage } from '../api/get-job-usage.ts';
import { STEP_ICON, when } from './usage-text.ts';

type Step = JobUsage['stages'][number]['steps'][number];

function StepRow({ step }: { step: Step }) {
  const mark = STEP_ICON[step.status];
  const at = when(step.at);
  return (
    <li className={`usage-step usage-step-${step.status}`} data-step={step.key}>
      <Icon
        icon={mark.icon}
        intent={mark.intent}
        className="usage-step-icon"
        title={mark.label}
        aria-label={mark.label}
      />
      <div className="usage-step-text">
        <span className="usage-step-label">{step.label}</span>
        <span className="usage-step-words">{step.words}</span>
      </div>
      {at && (
        <time className="usage-step-at muted" dateTime={step.at ?? undefined}>
          {at}
        </time>
      )}
    </li>
  );
}

export function UsageStages({ stages }: { stages: JobUsage['stages'] }) {
  return (
    <div className="usage-stages">
      {stages.map((stage) => (
        <section key={stage.key} className="usage-stage" aria-labelledby={`usage-stage-${stage.key}`}>
          <h3 id={`usage-stage-${stage.key}`} className="usage-stage-title">
            {stage.label}
          </h3>
          <ol className="usage-steps">
            {stage.steps.map((s) => (
              <StepRow key={s.key} step={s} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
