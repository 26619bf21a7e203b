/**
 * An upload field that may take a file already uploaded on this job for another form (form.yaml `reuse_uploads:`,
 * served as `ui:options.reuse_from`): the files there are offered, each with a button that puts it in this field
 * without uploading it again. The server accepts exactly these (server/services/evidence.ts).
 */

import { Button, Icon } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { Attachment } from '../attachments.ts';
import type { JobFile, TaskFormContext } from '../form-context.ts';

/** Another form's upload field this field may reuse files of (server/services/present.ts: ReuseOffer). */
export interface ReuseSource {
  form: string;
  field: string;
  title: string;
}

/** The sources a field's `ui:options` names (anything malformed is no source). */
export function reuseSourcesOf(options: Record<string, unknown>): ReuseSource[] {
  const list = options.reuse_from;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (x): x is ReuseSource => !!x && typeof x === 'object' && typeof x.form === 'string' && typeof x.field === 'string',
  );
}

/** The job's files from the sources, not already in the field, each with the title of the form it came from. */
export function offeredFiles(files: JobFile[], sources: ReuseSource[], taken: Attachment[]) {
  const out: { file: JobFile; from: string }[] = [];
  for (const f of files) {
    const src = sources.find((s) => s.form === f.form && s.field === f.field);
    if (src && !taken.some((a) => a.id === f.id)) out.push({ file: f, from: src.title });
  }
  return out;
}

export function ReuseOffer({
  sources,
  ctx,
  taken,
  onUse,
}: {
  sources: ReuseSource[];
  ctx: TaskFormContext;
  taken: Attachment[];
  onUse: (a: Attachment) => void;
}) {
  const [files, setFiles] = useState<JobFile[]>([]);
  const load = ctx.job_files;
  const wanted = sources.length > 0 && !!load;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    load!()
      .then((f) => live && setFiles(f))
      // Nothing to offer when the list cannot be read: uploading stays possible.
      .catch(() => live && setFiles([]));
    return () => {
      live = false;
    };
  }, [wanted, load]);
  const offered = offeredFiles(files, sources, taken);
  if (!offered.length) return null;
  return (
    <div className="rjsf-bp-reuse" role="group" aria-label="Files already uploaded on this job">
      <span className="bp6-text-muted">Already uploaded on this job:</span>
      <ul>
        {offered.map(({ file, from }) => (
          <li key={file.id}>
            <Icon icon="document" size={12} /> {file.name ?? 'File'} <span className="bp6-text-muted">({from})</span>{' '}
            <Button
              size="small"
              variant="outlined"
              text="Use this file"
              aria-label={`Use ${file.name ?? 'this file'} from ${from}`}
              onClick={() => {
                const { task_id: _t, form: _f, field: _x, ...ref } = file;
                onUse(ref as Attachment);
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
