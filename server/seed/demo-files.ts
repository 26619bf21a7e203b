/**
 * The demo's uploads: the forms' filled examples answer upload fields with references (`{ id: ph-1 }`)
 * to files that do not exist. Each reference of a seeded task becomes an attachment of its own job,
 * its bytes stored through the storage adapter (disk or database, SQLite or PostgreSQL), so every
 * demo photo and PDF opens: a small drawn picture (PNG) or a one-page PDF saying it is demo data.
 */

import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import type { TaskForm } from '../../engine/index.ts';
import type { Deps } from '../context.ts';
import { getAttachment, insertAttachment } from '../db/attachments.db.ts';

type Kind = 'png' | 'pdf';

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 320x240 picture of a house (its walls in the given hue) under a sky, as a PNG. */
export function demoPng(hue: number): Buffer {
  const w = 320;
  const h = 240;
  const walls = hsl(hue, 0.45, 0.55);
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      const inRoof = y >= 60 && y < 110 && Math.abs(x - 160) <= (y - 60) * 1.8;
      const inWalls = y >= 110 && y < 200 && x >= 80 && x < 240;
      const inDoor = y >= 150 && y < 200 && x >= 145 && x < 175;
      const c = inDoor
        ? [90, 60, 40]
        : inWalls
          ? walls
          : inRoof
            ? [120, 50, 45]
            : y >= 200
              ? [95, 150, 80]
              : [150 + y / 3, 190 + y / 6, 235];
      row.set(c.map(Math.round), 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function hsl(hDeg: number, s: number, l: number): number[] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + hDeg / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

/** A one-page PDF naming what it stands for. */
export async function demoPdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText(title, { x: 72, y: 700, size: 20, font: bold, color: rgb(0.1, 0.2, 0.35) });
  page.drawText('Demo document: seeded with the demo data, not a real record.', { x: 72, y: 670, size: 12, font });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The upload fields of a form and the kind of file each takes (photos as PNG, PDFs as PDF). */
function uploadFields(form: TaskForm, uploads: Deps['defs']['uploads']): Map<string, Kind> {
  const out = new Map<string, Kind>();
  for (const [field, spec] of Object.entries(form.ui_schema ?? {})) {
    const widget = (spec as Record<string, unknown> | undefined)?.['ui:widget'];
    const accept = typeof widget === 'string' && Object.hasOwn(uploads, widget) ? uploads[widget].accept : undefined;
    if (accept) out.set(field, 'pdf' in accept ? 'pdf' : 'png');
  }
  return out;
}

const isRef = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { id?: unknown }).id === 'string';
const label = (field: string) => field.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The stored files of the demo, one per upload field, and how a seeded task's references come to point at them. */
export type DemoFiles = Awaited<ReturnType<typeof demoFiles>>;

/**
 * Stores one file per upload field of the forms (before the seed's transaction: the database storage
 * writes with the store's own connection, which would wait for that transaction). The attachments of
 * a field share its file: deleting an attachment keeps its bytes, so nothing ever removes a shared one.
 */
export async function demoFiles(deps: Deps) {
  const stored = new Map<string, { stored_name: string; size_bytes: number }>();
  for (const form of Object.values(deps.defs.forms)) {
    for (const [field, kind] of uploadFields(form, deps.defs.uploads)) {
      const key = `${kind}:${field}`;
      if (stored.has(key)) continue;
      const content =
        kind === 'png' ? demoPng(createHash('sha256').update(field).digest()[0] * 1.4) : await demoPdf(label(field));
      stored.set(key, { stored_name: await deps.adapters.files.put(content), size_bytes: content.length });
    }
  }

  /** The task's data with every upload reference pointing at an attachment of the job (written with `tx`). */
  return async function storeUploads(
    tx: Deps,
    job: { id: number },
    task: { id: string; form: TaskForm; data: Record<string, unknown>; by: number | null; at: string },
  ): Promise<Record<string, unknown>> {
    const out = { ...task.data };
    for (const [field, kind] of uploadFields(task.form, deps.defs.uploads)) {
      const value = out[field];
      const file = stored.get(`${kind}:${field}`);
      if (value === undefined || !file) continue;
      const list = Array.isArray(value) ? value : [value];
      const refs: unknown[] = [];
      for (const [i, ref] of list.entries()) {
        if (!isRef(ref)) {
          refs.push(ref);
          continue;
        }
        const name = `${field.replace(/_/g, '-')}${list.length > 1 ? `-${i + 1}` : ''}.${kind}`;
        const id = `att_${createHash('sha256').update(`${job.id}/${task.id}/${field}/${i}`).digest('hex').slice(0, 24)}`;
        const place = {
          lat: typeof ref.lat === 'number' ? ref.lat : null,
          lon: typeof ref.lon === 'number' ? ref.lon : null,
          taken_at: typeof ref.taken_at === 'string' ? ref.taken_at : null,
        };
        const content_type = kind === 'png' ? 'image/png' : 'application/pdf';
        // Answered again (a draft, then its submission): the file is the one stored then.
        if (!(await getAttachment(tx.db, id)))
          await insertAttachment(tx.db, {
            id,
            job_id: job.id,
            task_id: task.id,
            field,
            name,
            content_type,
            ...file,
            ...place,
            created_by: task.by,
            created_at: task.at,
          });
        refs.push({ ...ref, id, name, content_type, size_bytes: file.size_bytes });
      }
      out[field] = Array.isArray(value) ? refs : refs[0];
    }
    return out;
  };
}
