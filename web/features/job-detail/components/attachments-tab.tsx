/**
 * Attachments of the job: name, the task and field it belongs to, when and where it was taken, size;
 * open or delete. The attachments API may not be available yet: that reads as a notice, not an error.
 */

import { Alert, Button, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { errorToast } from '../../../lib/toaster.ts';
import { ATTACHMENT_MESSAGES, downloadAttachment, fileSize } from '../../../forms/attachments.ts';
import { humanize } from '../../../forms/values.ts';
import type { JobDetail } from '../api/get-job.ts';
import { useAttachments, useDeleteAttachment, type JobAttachment } from '../api/get-attachments.ts';

async function open(a: JobAttachment) {
  try {
    const blob = await downloadAttachment({ id: String(a.id) });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener';
    if (!blob.type.startsWith('image/') && blob.type !== 'application/pdf') link.download = a.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    errorToast(e instanceof ApiError ? e.message : ATTACHMENT_MESSAGES.download_failed);
  }
}

export function AttachmentsTab({ job, canDelete }: { job: JobDetail; canDelete: boolean }) {
  const list = useAttachments(job.id);
  const remove = useDeleteAttachment(job.id);
  const [confirm, setConfirm] = useState<JobAttachment | null>(null);
  const taskTitle = (id?: string | null) => (id ? (job.tasks.find((t) => t.id === id)?.title ?? humanize(id)) : '—');
  if (list.isLoading) return <Spinner className="page-state" />;
  if (list.data === null)
    return (
      <NonIdealState
        icon="paperclip"
        title="Attachments are not available yet."
        description="Uploaded files will be listed here."
      />
    );
  if (list.error)
    return (
      <NonIdealState
        icon="error"
        title={list.error instanceof ApiError ? list.error.message : 'Unexpected error occurred.'}
      />
    );
  const items = list.data ?? [];
  if (!items.length)
    return (
      <NonIdealState
        icon="paperclip"
        title="No attachments yet."
        description="Photos and documents uploaded in the task forms appear here."
      />
    );
  return (
    <div className="rebate-lines-scroll">
      <HTMLTable className="attachments-table" striped compact>
        <thead>
          <tr>
            <th>File</th>
            <th>Task</th>
            <th>Field</th>
            <th>Taken / uploaded</th>
            <th className="num">Size</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr key={String(a.id)}>
              <td>
                <Button
                  variant="minimal"
                  icon={a.content_type?.startsWith('image/') ? 'media' : 'document'}
                  text={a.name}
                  onClick={() => void open(a)}
                  className="attachment-name"
                />
                {typeof a.lat === 'number' && typeof a.lon === 'number' && (
                  <Tag minimal icon="map-marker" title={`${a.lat.toFixed(5)}, ${a.lon.toFixed(5)}`}>
                    Geotagged
                  </Tag>
                )}
              </td>
              <td>{taskTitle(a.task_id)}</td>
              <td>{a.field ? humanize(a.field) : '—'}</td>
              <td>
                {a.taken_at
                  ? new Date(a.taken_at).toLocaleString()
                  : a.created_at
                    ? new Date(a.created_at).toLocaleString()
                    : '—'}
              </td>
              <td className="num">{fileSize(a.size_bytes)}</td>
              <td>
                {canDelete && (
                  <Button
                    variant="minimal"
                    icon="trash"
                    intent="danger"
                    aria-label={`Delete ${a.name}`}
                    onClick={() => setConfirm(a)}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Alert
        isOpen={!!confirm}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Keep"
        loading={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && remove.mutate(confirm.id, { onSettled: () => setConfirm(null) })}
      >
        Delete {confirm?.name}? Forms that reference it will need a new upload.
      </Alert>
    </div>
  );
}
