/**
 * The workbench's side panels: the problems the linter found (each a link to its line, with its quick fixes) and the
 * program's cases (failed ones first, with what did not hold).
 */

import { Button, Tag } from '@blueprintjs/core';
import type { Diagnostic } from '../../../../engine/types.ts';
import type { CaseRow, LintFile } from './lint-run.ts';
import { quickFixes, rangeOffsets } from './quick-fix.ts';

/** Files no program owns alone: shown, not edited here. */
export const isShared = (path: string) => path.includes('/_shared/');

export const fileName = (path: string) =>
  path.startsWith('task-schemas/') ? path.split('/').slice(1, -1).join('/') : path.split('/').pop()!;

export function groupsOf(files: LintFile[], programId: string) {
  const own = files.filter((f) => f.path.startsWith(`program-defs/${programId}/`));
  const forms = files.filter((f) => f.path.startsWith('task-schemas/') && !isShared(f.path));
  const shared = files.filter((f) => isShared(f.path));
  return [
    { title: 'This program', files: own },
    { title: 'Its forms', files: forms },
    { title: 'Shared (read-only)', files: shared },
  ];
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** A diagnostic's quick fixes in the text of its file: each the file's new text. */
function fixesOf(d: Diagnostic, text: string): { label: string; text: string }[] {
  const [from, to] = rangeOffsets(text, d.range);
  return quickFixes(d.message, text.slice(from, to)).map((f) => ({
    label: f.label,
    text: text.slice(0, from) + f.text + text.slice(to),
  }));
}

export function Problems({
  diagnostics,
  onGo,
  textOf,
  onFix,
}: {
  diagnostics: Diagnostic[];
  onGo: (d: Diagnostic) => void;
  textOf: (path: string) => string | undefined;
  onFix: (path: string, text: string) => void;
}) {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  if (!diagnostics.length) return <p className="wb-clean">No problems.</p>;
  return (
    <>
      <p className={errors ? 'wb-has-errors' : undefined}>
        {count(errors, 'error')}, {count(diagnostics.length - errors, 'warning')}
      </p>
      <ul className="wb-problems">
        {diagnostics.slice(0, 200).map((d, i) => (
          <li key={i} data-code={d.code} data-file={d.file} data-line={d.range.line} className={d.severity}>
            <Button variant="minimal" size="small" className="wb-go" onClick={() => onGo(d)}>
              {`${fileName(d.file)}:${d.range.line}:${d.range.col}`}
            </Button>
            <span className="wb-message">{d.message}</span> <code className="muted">{d.code}</code>
            {!isShared(d.file) &&
              fixesOf(d, textOf(d.file) ?? '').map((f) => (
                <Button
                  key={f.label}
                  size="small"
                  icon="wrench"
                  className="wb-fix"
                  onClick={() => onFix(d.file, f.text)}
                >
                  {f.label}
                </Button>
              ))}
          </li>
        ))}
      </ul>
    </>
  );
}

export function Cases({ cases, onGo }: { cases: CaseRow[]; onGo: (c: CaseRow) => void }) {
  const failed = cases.filter((c) => !c.ok);
  if (!cases.length) return <p className="muted">No cases ran (the program has errors above, or no cases).</p>;
  return (
    <>
      <p className={failed.length ? 'wb-has-errors' : 'wb-clean'}>
        {cases.length - failed.length} passed{failed.length ? `, ${failed.length} failed` : ''}
      </p>
      <ul className="wb-cases">
        {[...failed, ...cases.filter((c) => c.ok)].map((c) => (
          <li key={`${c.line}-${c.name}`} className={c.ok ? 'passed' : 'failed'} data-case={c.name}>
            <Tag minimal intent={c.ok ? 'success' : 'danger'}>
              {c.ok ? 'passed' : 'failed'}
            </Tag>{' '}
            <Button variant="minimal" size="small" className="wb-go" onClick={() => onGo(c)}>
              {c.name}
            </Button>
            {!c.ok && (
              <ul className="wb-failures">
                {c.failures.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
