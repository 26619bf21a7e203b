/**
 * Photo and PDF uploads: files go to the attachments API as soon as they are picked (or dropped); the
 * field keeps references. Photos show as thumbnails, PDFs as a list; each can be opened or removed.
 * An upload's own warnings (a geotag far from the job site) show on its thumbnail.
 */

import { Button, Icon, Spinner } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import {
  ATTACHMENT_MESSAGES,
  downloadAttachment,
  fileSize,
  toReference,
  uploadAttachment,
  uploadWarnings,
  type Attachment,
} from '../attachments.ts';
import { contextOf, type TaskFormContext } from '../form-context.ts';
import { ReuseOffer, reuseSourcesOf } from './reuse-offer.tsx';

type Kind = 'photo' | 'pdf';
// The picker's filter is ui:options.accept, which the server serves with each upload field: made from
// what it takes for the widget (task-schemas/_shared `uploads:`), so the two never disagree.

interface Pending {
  key: number;
  name: string;
  error?: string;
}

/** Fetches an attachment into an object URL for as long as the component shows it. */
function useAttachmentUrl(a: Attachment, local: string | undefined, ctx: TaskFormContext, enabled: boolean) {
  const [state, setState] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    if (local || !enabled) return;
    let url: string | undefined;
    let live = true;
    (ctx.download ?? downloadAttachment)(a)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (live) setState({ url });
      })
      .catch(
        (e: unknown) =>
          live && setState({ error: e instanceof ApiError ? e.message : ATTACHMENT_MESSAGES.download_failed }),
      );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [a, local, ctx, enabled]);
  return { url: local ?? state.url, error: state.error };
}

/** Opens a stored file in a new tab (fetched with the bearer token first). */
async function openAttachment(a: Attachment, ctx: TaskFormContext) {
  const blob = await (ctx.download ?? downloadAttachment)(a);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  if (!blob.type.startsWith('image/') && blob.type !== 'application/pdf') link.download = a.name ?? 'attachment';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function Thumbnail({
  a,
  local,
  ctx,
  warnings,
  onRemove,
}: {
  a: Attachment;
  local?: string;
  ctx: TaskFormContext;
  warnings: string[];
  onRemove?: () => void;
}) {
  const { url, error } = useAttachmentUrl(a, local, ctx, true);
  return (
    <figure className={`rjsf-bp-thumb${warnings.length ? ' rjsf-bp-thumb-warning' : ''}`}>
      <button
        type="button"
        className="rjsf-bp-thumb-image"
        onClick={() => void openAttachment(a, ctx).catch(() => undefined)}
        aria-label={`Open ${a.name ?? 'photo'}`}
        title={error ?? a.name}
      >
        {url ? (
          <img src={url} alt={a.name ?? 'Photo'} />
        ) : error ? (
          <Icon icon="media" size={28} className="bp6-text-muted" />
        ) : (
          <Spinner size={20} />
        )}
      </button>
      <figcaption>
        <span className="rjsf-bp-thumb-name">{a.name ?? 'Photo'}</span>
        {warnings.length > 0 && (
          <span title={warnings.join(' ')} className="rjsf-bp-thumb-flag">
            <Icon icon="map-marker" intent="warning" size={12} aria-label={warnings.join(' ')} />
          </span>
        )}
      </figcaption>
      {error && <div className="rjsf-bp-thumb-error">{error}</div>}
      {onRemove && (
        <Button
          className="rjsf-bp-thumb-remove"
          icon="cross"
          size="small"
          variant="minimal"
          aria-label={`Remove ${a.name ?? 'photo'}`}
          onClick={onRemove}
        />
      )}
    </figure>
  );
}

function FileRow({
  a,
  ctx,
  warnings,
  onRemove,
}: {
  a: Attachment;
  ctx: TaskFormContext;
  warnings: string[];
  onRemove?: () => void;
}) {
  const [error, setError] = useState<string>();
  return (
    <li className="rjsf-bp-file">
      <Icon icon="document" />
      <Button
        variant="minimal"
        className="rjsf-bp-file-name"
        text={a.name ?? 'Document'}
        onClick={() =>
          void openAttachment(a, ctx).catch((e: unknown) =>
            setError(e instanceof ApiError ? e.message : ATTACHMENT_MESSAGES.download_failed),
          )
        }
      />
      <span className="bp6-text-muted">{fileSize(a.size_bytes)}</span>
      {warnings.length > 0 && <Icon icon="warning-sign" intent="warning" title={warnings.join(' ')} />}
      {error && <span className="rjsf-bp-error">{error}</span>}
      {onRemove && (
        <Button
          icon="cross"
          size="small"
          variant="minimal"
          aria-label={`Remove ${a.name ?? 'document'}`}
          onClick={onRemove}
        />
      )}
    </li>
  );
}

function UploadWidget(p: WidgetProps & { kind: Kind }) {
  const ctx = contextOf(p.registry);
  const multiple = p.schema.type === 'array';
  const items: Attachment[] = multiple
    ? Array.isArray(p.value)
      ? p.value
      : []
    : p.value && typeof p.value === 'object'
      ? [p.value as Attachment]
      : [];
  // The latest list, updated as each upload lands (several can finish before the next render).
  const current = useRef(items);
  current.current = items;
  const [pending, setPending] = useState<Pending[]>([]);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [uploadWarn, setUploadWarn] = useState<Record<string, string[]>>({});
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const seq = useRef(0);
  const editable = !p.readonly && !p.disabled;
  // Upload fields sit at the top of a form: their name is their path.
  const fieldWarnings = ctx.warnings[p.name] ?? [];

  // Previews of this session's uploads are freed when the form closes.
  const previews = useRef(local);
  previews.current = local;
  useEffect(() => () => Object.values(previews.current).forEach((u) => URL.revokeObjectURL(u)), []);

  const set = (next: Attachment[]) => {
    current.current = next;
    p.onChange(multiple ? (next.length ? next : undefined) : next[0]);
  };

  const uploadOne = async (file: File) => {
    const key = ++seq.current;
    setPending((x) => [...x, { key, name: file.name }]);
    try {
      if (!ctx.upload && !ctx.job_id) throw new ApiError(404, ATTACHMENT_MESSAGES.not_ready);
      const result = ctx.upload
        ? await ctx.upload(file, p.name)
        : await uploadAttachment(ctx.job_id!, ctx.task_id, p.name, file);
      const ref = toReference(result);
      if (p.kind === 'photo' && file.type.startsWith('image/'))
        setLocal((l) => ({ ...l, [ref.id]: URL.createObjectURL(file) }));
      const w = uploadWarnings(result);
      if (w.length) setUploadWarn((m) => ({ ...m, [ref.id]: w }));
      set(multiple ? [...current.current, ref] : [ref]);
      setPending((x) => x.filter((q) => q.key !== key));
    } catch (e) {
      const message =
        e instanceof ApiError
          ? e.status === 404
            ? ATTACHMENT_MESSAGES.not_ready
            : e.message
          : ATTACHMENT_MESSAGES.upload_failed;
      setPending((x) => x.map((q) => (q.key === key ? { ...q, error: message } : q)));
    }
  };

  const onFiles = (files: FileList | null) => {
    if (!files?.length) return;
    const list = multiple ? Array.from(files) : [files[0]];
    // A new pick answers the files refused before: their messages go.
    setPending((x) => x.filter((q) => !q.error));
    list.forEach((f) => void uploadOne(f));
    if (input.current) input.current.value = '';
  };
  const remove = (id: string) => set(current.current.filter((a) => a.id !== id));
  // An item's warnings: its upload's, and the engine's on its place in the list (a far geotag).
  const itemWarnings = (a: Attachment) => {
    const at = multiple ? `${p.name}.${items.indexOf(a)}` : p.name;
    return [...new Set([...(uploadWarn[a.id] ?? []), ...(ctx.item_warnings?.[at] ?? [])])];
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (editable) onFiles(e.dataTransfer.files);
  };
  const noun = p.kind === 'photo' ? (multiple ? 'photos' : 'a photo') : multiple ? 'PDFs' : 'a PDF';
  const replace = !multiple && items.length > 0;

  return (
    <div
      className={`rjsf-bp-upload rjsf-bp-upload-${p.kind}${dragging ? ' rjsf-bp-upload-dragging' : ''}`}
      onDragOver={(e) => {
        if (!editable) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {items.length > 0 &&
        (p.kind === 'photo' ? (
          <div className="rjsf-bp-thumbs">
            {items.map((a) => (
              <Thumbnail
                key={a.id}
                a={a}
                local={local[a.id]}
                ctx={ctx}
                warnings={itemWarnings(a)}
                onRemove={editable ? () => remove(a.id) : undefined}
              />
            ))}
          </div>
        ) : (
          <ul className="rjsf-bp-files">
            {items.map((a) => (
              <FileRow
                key={a.id}
                a={a}
                ctx={ctx}
                warnings={itemWarnings(a)}
                onRemove={editable ? () => remove(a.id) : undefined}
              />
            ))}
          </ul>
        ))}
      {pending.length > 0 && (
        <ul className="rjsf-bp-pending">
          {pending.map((q) => (
            <li key={q.key} className={q.error ? 'rjsf-bp-error' : undefined}>
              {q.error ? <Icon icon="error" size={12} /> : <Spinner size={14} />} {q.name}
              {q.error && (
                <>
                  {': '}
                  {q.error}
                  <Button
                    variant="minimal"
                    size="small"
                    icon="cross"
                    aria-label="Dismiss"
                    onClick={() => setPending((x) => x.filter((y) => y.key !== q.key))}
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {uploadWarnFor(items, uploadWarn, fieldWarnings).map((m) => (
        <div key={m} className="rjsf-bp-warning">
          <Icon icon="warning-sign" size={12} /> {m}
        </div>
      ))}
      {editable && (
        <ReuseOffer
          sources={reuseSourcesOf(p.options)}
          ctx={ctx}
          taken={items}
          onUse={(a) => set(multiple ? [...current.current, a] : [a])}
        />
      )}
      {editable ? (
        <div className="rjsf-bp-dropzone">
          <input
            ref={input}
            id={p.id}
            type="file"
            accept={typeof p.options.accept === 'string' ? p.options.accept : undefined}
            multiple={multiple}
            className="rjsf-bp-file-input"
            onChange={(e) => onFiles(e.currentTarget.files)}
            onBlur={() => p.onBlur(p.id, p.value)}
            aria-describedby={`${p.id}__messages`}
          />
          <Button
            icon={p.kind === 'photo' ? 'camera' : 'upload'}
            text={replace ? `Replace ${p.kind === 'photo' ? 'photo' : 'PDF'}` : `Upload ${noun}`}
            onClick={() => input.current?.click()}
          />
          <span className="bp6-text-muted rjsf-bp-drop-hint">or drop {multiple ? 'files' : 'a file'} here</span>
        </div>
      ) : (
        items.length === 0 && <span className="bp6-text-muted">Nothing uploaded.</span>
      )}
    </div>
  );
}

/** Upload warnings not already shown under the field (the engine says the same about geotags). */
function uploadWarnFor(items: Attachment[], byId: Record<string, string[]>, shown: string[]): string[] {
  const out: string[] = [];
  for (const a of items) for (const m of byId[a.id] ?? []) if (!shown.includes(m) && !out.includes(m)) out.push(m);
  return out;
}

export const PhotoUploadWidget = (p: WidgetProps) => <UploadWidget {...p} kind="photo" />;
export const PdfUploadWidget = (p: WidgetProps) => <UploadWidget {...p} kind="pdf" />;
