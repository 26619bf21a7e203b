/**
 * The explorer's Versions tab: every version of the program's definition the portal has loaded (newest
 * first: its hash, when first loaded, whether current, how many jobs are pinned to it), what a chosen
 * version changed against the current one (grouped by file), and ops' move of a version's pinned jobs
 * to the current version, after a confirmation.
 */

import { Alert, Button, Callout, Card, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import {
  useMigrateJobs,
  useVersionDiff,
  useVersions,
  type ProgramVersion,
  type VersionChange,
} from '../api/versions.ts';
import '../versions-impact.css';

const short = (hash: string) => hash.slice(0, 16);
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const jobs = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

/** A change's words without its file's name (the group names it). */
const withoutFile = (c: VersionChange) => (c.text.startsWith(`${c.file}: `) ? c.text.slice(c.file.length + 2) : c.text);

/** The changes grouped by file, in the order the server gave them. */
function byFile(changes: VersionChange[]): [string, VersionChange[]][] {
  const groups = new Map<string, VersionChange[]>();
  for (const c of changes) groups.set(c.file, [...(groups.get(c.file) ?? []), c]);
  return [...groups];
}

function VersionDiffView({ programId, version }: { programId: string; version: ProgramVersion }) {
  const diff = useVersionDiff(programId, version.hash);
  if (diff.isLoading) return <Spinner size={20} />;
  if (diff.isError || !diff.data)
    return <Callout intent="warning">The changes of version {short(version.hash)} could not be loaded.</Callout>;
  const groups = byFile(diff.data.changes);
  return (
    <div className="version-diff" data-version={version.hash}>
      <h4>What changed from version {short(version.hash)} to the current one</h4>
      {groups.length === 0 && <p className="muted">No differences: the two versions read the same.</p>}
      {groups.map(([file, changes]) => (
        <Card key={file} className="diff-file">
          <h5 className="diff-file-name">{file}</h5>
          <ul className="diff-changes">
            {changes.map((c) => (
              <li key={c.path}>{withoutFile(c)}</li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

export function VersionsTab({ programId }: { programId: string }) {
  const versions = useVersions(programId);
  const isOps = useIsOps();
  const migrate = useMigrateJobs(programId);
  const [chosen, setChosen] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<ProgramVersion | undefined>();
  const [moved, setMoved] = useState<{ n: number; from: string } | undefined>();
  if (versions.isLoading) return <Spinner className="page-state" />;
  if (versions.isError || !versions.data)
    return <NonIdealState icon="error" title="The program’s versions could not be loaded." />;
  const items = versions.data.items;
  if (!items.length)
    return (
      <NonIdealState
        icon="history"
        title="No versions stored yet."
        description="A version is stored when the portal first loads a definition."
      />
    );
  // The version shown: the one chosen, else the newest that is not current.
  const selected = items.find((v) => v.hash === chosen) ?? items.find((v) => !v.current);
  const confirm = async () => {
    const v = confirming!;
    setConfirming(undefined);
    const r = await migrate.mutateAsync(v.hash);
    setMoved({ n: r.moved, from: v.hash });
  };
  return (
    <div className="versions-tab">
      <p className="muted">
        Each version of this program’s definition the portal has loaded. A job stays on the version it is pinned to
        until it is moved.
      </p>
      {moved && (
        <Callout intent="success" className="moved-callout">
          Moved {jobs(moved.n)} from version {short(moved.from)} to the current version.
        </Callout>
      )}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Definition versions">
        <HTMLTable compact className="versions-table">
          <thead>
            <tr>
              <th>Version</th>
              <th>First loaded</th>
              <th>Pinned jobs</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {items.map((v) => (
              <tr key={v.hash} data-version={v.hash} className={v === selected ? 'selected' : undefined}>
                <td>
                  <span className="hash">{short(v.hash)}</span>{' '}
                  {v.current && (
                    <Tag intent="success" minimal>
                      current
                    </Tag>
                  )}
                </td>
                <td>{when(v.first_loaded_at)}</td>
                <td>{v.pinned_jobs}</td>
                <td className="version-actions">
                  {!v.current && (
                    <Button
                      size="small"
                      variant="minimal"
                      icon="changes"
                      active={v === selected}
                      onClick={() => setChosen(v.hash)}
                    >
                      Show changes
                    </Button>
                  )}
                  {isOps && !v.current && v.pinned_jobs > 0 && (
                    <Button
                      size="small"
                      intent="primary"
                      variant="outlined"
                      loading={migrate.isPending && migrate.variables === v.hash}
                      onClick={() => setConfirming(v)}
                    >
                      {`Move ${v.pinned_jobs} pinned ${v.pinned_jobs === 1 ? 'job' : 'jobs'} to the current version`}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {selected ? (
        <VersionDiffView programId={programId} version={selected} />
      ) : (
        <p className="muted">Only the current version is stored: there is nothing to compare yet.</p>
      )}
      <Alert
        isOpen={!!confirming}
        intent="primary"
        icon="swap-horizontal"
        confirmButtonText="Move the jobs"
        cancelButtonText="Cancel"
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(undefined)}
      >
        {confirming && (
          <p>
            Move {jobs(confirming.pinned_jobs)} pinned to version {short(confirming.hash)} to the current version? They
            will be evaluated under the current rules from now on, and each job’s history records the change with its
            outcome before and after.
          </p>
        )}
      </Alert>
    </div>
  );
}
