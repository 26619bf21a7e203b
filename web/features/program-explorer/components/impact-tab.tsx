/**
 * The explorer's Impact tab: the program's program.yaml as the server runs it, editable; "Show impact"
 * evaluates every live job of the program under the edited file beside its current outcome
 * (POST /api/programs/{id}/impact) and shows what changes: counts, dollars by program and county, and
 * the changed jobs with the rule that made the difference. Errors of the edited file are shown at their lines.
 */

import { Button, Callout, Card, TextArea } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { diagnosticsOf, useImpact, type ImpactDiagnostic } from '../api/impact.ts';
import type { SourceFile } from '../../../../engine/index.ts';
import { ImpactReportView, type Labels } from './impact-report.tsx';
import '../versions-impact.css';

/** The text's line (1-based), for showing beside an error. */
const lineOf = (text: string, line: number) => text.split('\n')[line - 1] ?? '';

function Diagnostics({
  diagnostics,
  text,
  onGo,
}: {
  diagnostics: ImpactDiagnostic[];
  text: string;
  onGo: (line: number) => void;
}) {
  return (
    <Callout
      intent="danger"
      className="impact-errors"
      title={`The edited file has ${diagnostics.length === 1 ? 'an error' : `${diagnostics.length} errors`}: nothing was evaluated`}
    >
      <ul>
        {diagnostics.map((d, i) => (
          <li key={i} data-line={d.line}>
            <Button
              variant="minimal"
              size="small"
              className="go-line"
              onClick={() => onGo(d.line)}
            >{`${d.file.split('/').pop()} line ${d.line}`}</Button>{' '}
            {d.message}
            <code className="error-source">{lineOf(text, d.line)}</code>
          </li>
        ))}
      </ul>
    </Callout>
  );
}

export function ImpactTab({ programId, file, labels }: { programId: string; file: SourceFile; labels?: Labels }) {
  const [text, setText] = useState(file.text);
  const impact = useImpact(programId);
  const area = useRef<HTMLTextAreaElement>(null);
  const diagnostics = diagnosticsOf(impact.error);
  const show = () => impact.mutate([{ path: file.path, text }]);
  /** Selects a line of the text (an error's) and scrolls it into view. */
  const goTo = (line: number) => {
    const el = area.current;
    if (!el) return;
    const lines = text.split('\n');
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    el.focus();
    el.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
    el.scrollTop = Math.max(0, ((line - 4) / lines.length) * el.scrollHeight);
  };
  // A refused edit (a new answer with errors): its first error's line is selected in the editor.
  const firstLine = diagnostics?.[0]?.line;
  useEffect(() => {
    if (firstLine) goTo(firstLine);
  }, [impact.error]);
  const edited = text !== file.text;
  return (
    <div className="impact-tab">
      <p className="muted">
        Edit the program’s definition below (for example a cap or a submission window) and show what the change would do
        to the program’s live jobs before it ships. Nothing is saved. The Workbench tab edits all of the program’s
        files, checked as you type.
      </p>
      <Card className="impact-editor">
        <label htmlFor="impact-source" className="impact-file">
          {file.path}
        </label>
        <TextArea
          id="impact-source"
          inputRef={area}
          className="impact-source"
          fill
          rows={18}
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="impact-buttons">
          <Button intent="primary" icon="changes" loading={impact.isPending} onClick={show}>
            Show impact
          </Button>
          <Button
            variant="minimal"
            icon="reset"
            disabled={!edited}
            onClick={() => {
              setText(file.text);
              impact.reset();
            }}
          >
            Undo my edits
          </Button>
          {!edited && <span className="muted">Unchanged: the report will show no changes.</span>}
        </div>
      </Card>
      {diagnostics && <Diagnostics diagnostics={diagnostics} text={text} onGo={goTo} />}
      {impact.isError && !diagnostics && <Callout intent="warning">The impact could not be computed.</Callout>}
      {impact.data && !impact.isPending && <ImpactReportView report={impact.data} labels={labels} />}
    </div>
  );
}
