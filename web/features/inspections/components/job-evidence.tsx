/**
 * A desk review's evidence beside its checklist (issue 43): the job's photos and documents (the invoice, the equipment
 * certificates, the install photos), grouped by the task they were uploaded for, each opened in a new tab. Ops only:
 * an inspector reads none of the job's own files.
 */

import { Button, Card, Spinner } from '@blueprintjs/core';
import { downloadAttachment, fileSize } from '../../../forms/attachments.ts';
import { errorToast } from '../../../lib/toaster.ts';
import { useJobFiles } from '../api/inspections.ts';

/** A task or field key as words: "photos_of_installed_measures" -> "Photos of installed measures". */
const words = (key: string) => {
  const s = key.replace(/^quality\/[^/]+\//, '').replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
};

async function open(a: { id: string }) {
  try {
    const url = URL.createObjectURL(await downloadAttachment(a));
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    errorToast(e instanceof Error ? e.message : 'The file could not be opened.');
  }
}

export function JobEvidence({ jobId }: { jobId: number }) {
  const files = useJobFiles(jobId, true);
  const items = files.data?.items ?? [];
  const byTask = new Map<string, typeof items>();
  for (const a of items) byTask.set(a.task_id, [...(byTask.get(a.task_id) ?? []), a]);
  return (
    <Card className="inspection-card inspection-evidence">
      <h2 className="inspection-checklist-title">The job’s files</h2>
      <p className="muted">What the contractor uploaded: check them against the checklist below.</p>
      {files.isPending ? (
        <Spinner size={20} aria-label="Loading the job’s files" />
      ) : files.error ? (
        <p className="muted">The job’s files could not be loaded.</p>
      ) : items.length === 0 ? (
        <p className="muted">The job has no files.</p>
      ) : (
        <dl className="inspection-facts">
          {[...byTask].map(([task, list]) => (
            <div key={task}>
              <dt>{words(task)}</dt>
              <dd>
                <ul className="inspection-files">
                  {list.map((a) => (
                    <li key={a.id}>
                      <Button
                        variant="minimal"
                        size="small"
                        icon={a.content_type.startsWith('image/') ? 'media' : 'document'}
                        text={a.name}
                        onClick={() => void open({ id: String(a.id) })}
                      />
                      <span className="muted">{fileSize(a.size_bytes)}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
