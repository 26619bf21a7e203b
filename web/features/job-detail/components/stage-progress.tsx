/**
 * The stage model's progress: each stage by its progress word ('Pending review' / 'Reviewed'), done ones
 * ticked. On a phone the steps show numbers only; the caption names the current one (pages that name the
 * stage above the steps leave it out).
 */

import { Icon } from '@blueprintjs/core';
import type { StageProgress as Step } from '../../../../engine/types.ts';

export function StageProgress({
  steps,
  canceled,
  caption = true,
}: {
  steps: readonly Step[];
  canceled?: boolean;
  caption?: boolean;
}) {
  const current = steps.find((s) => s.state === 'current') ?? steps[steps.length - 1];
  return (
    <>
      <ol className={`stage-progress${canceled ? ' stage-progress-canceled' : ''}`} aria-label="Stage progress">
        {steps.map((s) => (
          <li
            key={s.number}
            className={`stage-step stage-step-${s.state}`}
            aria-current={s.state === 'current' ? 'step' : undefined}
            title={s.label}
          >
            <span className="stage-step-mark" aria-hidden>
              {s.state === 'done' ? <Icon icon="tick" size={12} /> : s.number}
            </span>
            <span className="stage-step-label">{s.progress_label}</span>
          </li>
        ))}
      </ol>
      {caption && current && (
        <div className="stage-progress-caption" aria-hidden>
          Stage {current.number} of {steps.length}: <strong>{current.progress_label}</strong>
        </div>
      )}
    </>
  );
}
