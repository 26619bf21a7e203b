/**
 * The program manager's workbench (explorer, ?tab=workbench): every file a program uses in an editor, checked as they
 * type by the engine's own `rebate validate --cases` in a web worker (problems at their line with quick fixes, the
 * program's cases passed or failed), completion and hover from the DSL, the impact on the live jobs on demand, the
 * changes beside the server's version, and a patch to take back to the repository. Nothing is saved on the server.
 * Loaded on its own (React.lazy): no other page carries the editor.
 */

import { Button, ButtonGroup, Callout, Card, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Definitions } from '../../../../engine/index.ts';
import { metaSchemasHash } from '../../../../engine/load/meta-validate.ts';
import { API_BASE } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { formValidatorsUrl } from '../../../forms/validator-modules.ts';
import { diagnosticsOf, useImpact } from '../api/impact.ts';
import { fetchSources } from '../api/sources.ts';
import { ImpactReportView, type Labels } from '../components/impact-report.tsx';
import { ChangesView } from './changes-view.tsx';
import { CodeEditor } from './code-editor.tsx';
import { completionSource, hoverAt } from './help.ts';
import { createLintClient, type LintClient } from './lint-client.ts';
import type { EarlyReply, LintReply } from './lint-protocol.ts';
import type { LintFile, Vocabulary } from './lint-run.ts';
import { gitPatch, type Edit } from './patch.ts';
import { Cases, fileName, groupsOf, isShared, Problems } from './panels.tsx';
import './workbench.css';

export interface WorkbenchProps {
  programId: string;
  /** The explorer's loaded definitions (the forms' schemas name their generated validators). */
  defs: Definitions;
  labels?: Labels;
}

export default function WorkbenchTab({ programId, defs, labels }: WorkbenchProps) {
  const sources = useQuery({
    queryKey: ['definitions', 'sources', programId],
    queryFn: () => fetchSources([programId]),
    staleTime: Infinity,
  });
  if (sources.isError) return <Callout intent="warning">The program’s files could not be loaded.</Callout>;
  if (!sources.data) return <Spinner size={24} />;
  return <Workbench programId={programId} defs={defs} labels={labels} files={sources.data.files} />;
}

function Workbench({ programId, defs, labels, files }: WorkbenchProps & { files: LintFile[] }) {
  const groups = useMemo(() => groupsOf(files, programId), [files, programId]);
  const original = useMemo(() => new Map(files.map((f) => [f.path, f.text])), [files]);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [shown, setShown] = useState(`program-defs/${programId}/program.yaml`);
  const [goTo, setGoTo] = useState<{ line: number; n: number }>();
  const [reply, setReply] = useState<LintReply>();
  // The loader's diagnostics of a newer request than `reply`, while its cases run.
  const [early, setEarly] = useState<EarlyReply>();
  const [view, setView] = useState<'none' | 'changes' | 'impact'>('none');
  const vocabulary = useRef<Vocabulary | undefined>(undefined);
  const client = useRef<LintClient | undefined>(undefined);
  const impact = useImpact(programId);

  const textOf = (path: string) => texts[path] ?? original.get(path) ?? '';
  const current = () => files.map((f) => ({ path: f.path, text: textOf(f.path) }));
  const edits: Edit[] = files
    .filter((f) => texts[f.path] !== undefined && texts[f.path] !== f.text)
    .map((f) => ({ path: f.path, before: f.text, after: texts[f.path] }));

  useEffect(() => {
    const form_urls = Object.values(defs.forms).map((f) => formValidatorsUrl(f.key, f.schema));
    const meta_url = `${API_BASE}/api/definitions/meta-validators.js?v=${metaSchemasHash()}`;
    const c = createLintClient({ files, meta_url, form_urls }, (r) => {
      if (r.early) return setEarly(r);
      if (r.ok && r.vocabulary) vocabulary.current = r.vocabulary;
      setReply(r);
      setEarly(undefined);
    });
    client.current = c;
    c.lint(programId, current());
    return () => c.dispose();
  }, [files, programId]);

  const change = (path: string, text: string) => {
    const next = { ...texts, [path]: text };
    setTexts(next);
    client.current?.lint(
      programId,
      files.map((f) => ({ path: f.path, text: next[f.path] ?? f.text })),
    );
  };

  const help = useMemo(
    () => ({
      complete: completionSource(
        () => shown,
        () => vocabulary.current,
      ),
      hover: (text: string, pos: number) => hoverAt(shown, text, pos),
    }),
    [shown],
  );

  const diagnostics = early ? early.diagnostics : reply?.ok ? reply.diagnostics : [];
  const checkedMs = early ? early.diagnostics_ms : reply?.ok ? reply.diagnostics_ms : undefined;
  const go = (file: string, line: number) => {
    setShown(file);
    setGoTo({ line, n: (goTo?.n ?? 0) + 1 });
  };
  const impactErrors = diagnosticsOf(impact.error);
  const downloadPatch = () =>
    saveBlob(new Blob([gitPatch(edits)], { type: 'text/x-diff' }), `${programId}-workbench.patch`);

  return (
    <div className="workbench">
      <p className="muted">
        Edit the program’s definition files: each change is checked as you type, as <code>rebate validate --cases</code>{' '}
        checks it, and the program’s cases run. Nothing is saved here: download the patch and apply it in the
        repository. In the editor Tab indents: press Esc, then Tab, to move on.
      </p>
      <div className="wb-main">
        <nav className="wb-files" aria-label="Definition files">
          {groups.map((g) =>
            g.files.length ? (
              <div key={g.title} className="wb-group">
                <h5>{g.title}</h5>
                {g.files.map((f) => {
                  const errs = diagnostics.filter((d) => d.file === f.path && d.severity === 'error').length;
                  return (
                    <Button
                      key={f.path}
                      variant="minimal"
                      size="small"
                      alignText="start"
                      fill
                      aria-current={f.path === shown ? 'true' : undefined}
                      active={f.path === shown}
                      onClick={() => setShown(f.path)}
                      title={f.path}
                      endIcon={
                        errs ? (
                          <Tag minimal intent="danger">
                            {errs}
                          </Tag>
                        ) : texts[f.path] !== undefined && texts[f.path] !== f.text ? (
                          <Tag minimal>edited</Tag>
                        ) : undefined
                      }
                    >
                      {fileName(f.path)}
                    </Button>
                  );
                })}
              </div>
            ) : null,
          )}
        </nav>
        <div className="wb-center">
          <div className="wb-filebar">
            <code>{shown}</code> {isShared(shown) && <Tag minimal>read-only: shared by every program</Tag>}
            {checkedMs !== undefined && (
              <span className="muted wb-timing" data-ms={checkedMs}>
                checked in {checkedMs} ms
              </span>
            )}
          </div>
          <CodeEditor
            path={shown}
            text={textOf(shown)}
            readOnly={isShared(shown)}
            diagnostics={diagnostics.filter((d) => d.file === shown)}
            help={help}
            onChange={(t) => change(shown, t)}
            goTo={goTo}
          />
        </div>
        <aside className="wb-side">
          <Card className="wb-panel" aria-live="polite">
            <h4>Problems</h4>
            {!reply && !early ? (
              <p className="muted">Checking…</p>
            ) : early || reply?.ok ? (
              <Problems
                diagnostics={diagnostics}
                onGo={(d) => go(d.file, d.range.line)}
                textOf={(path) => (original.has(path) ? textOf(path) : undefined)}
                onFix={change}
              />
            ) : (
              <Callout intent="warning">{reply && !reply.ok ? reply.error : ''}</Callout>
            )}
          </Card>
          <Card className="wb-panel">
            <h4>Cases {early && <span className="muted wb-running">running…</span>}</h4>
            {reply?.ok && <Cases cases={reply.cases} onGo={(c) => go(c.file, c.line)} />}
            {reply?.ok && reply.unchecked_forms.length > 0 && (
              <p className="muted">
                Edited form schemas ({reply.unchecked_forms.join(', ')}) are not checked against answers here:{' '}
                <code>rebate validate --cases</code> checks them.
              </p>
            )}
          </Card>
        </aside>
      </div>
      <ButtonGroup className="wb-actions">
        <Button
          intent="primary"
          icon="changes"
          loading={impact.isPending}
          disabled={!edits.length}
          onClick={() => {
            setView('impact');
            impact.mutate(edits.map((e) => ({ path: e.path, text: e.after })));
          }}
        >
          Show impact
        </Button>
        <Button
          icon="comparison"
          disabled={!edits.length}
          onClick={() => setView(view === 'changes' ? 'none' : 'changes')}
        >
          {view === 'changes' ? 'Hide changes' : 'Show changes'}
        </Button>
        <Button icon="download" disabled={!edits.length} onClick={downloadPatch}>
          Download patch
        </Button>
        <Button
          variant="minimal"
          icon="reset"
          disabled={!edits.length}
          onClick={() => {
            setTexts({});
            setView('none');
            impact.reset();
            client.current?.lint(programId, files);
          }}
        >
          Undo all edits
        </Button>
        {!edits.length && <span className="muted wb-note">No file is edited yet.</span>}
      </ButtonGroup>
      {view === 'changes' && <ChangesView edits={edits} />}
      {view === 'impact' && impactErrors && (
        <Callout intent="danger">The edited files have errors (listed under Problems): nothing was evaluated.</Callout>
      )}
      {view === 'impact' && impact.isError && !impactErrors && (
        <Callout intent="warning">The impact could not be computed.</Callout>
      )}
      {view === 'impact' && impact.data && !impact.isPending && (
        <ImpactReportView report={impact.data} labels={labels} />
      )}
    </div>
  );
}
