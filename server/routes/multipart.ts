/** A multipart upload (one file and a few short fields), streamed with a size limit. */

import busboy from 'busboy';
import { MESSAGES, type FieldMessage } from '../../engine/index.ts';
import type { AppContext } from '../context.ts';
import { badRequest, validationError } from '../errors.ts';
import { ATTACHMENT_MESSAGES, tooLarge } from '../services/attachments.service.ts';

/** The answer to a multipart body that is not one (no boundary, cut short, garbled). */
export const MALFORMED = 'Malformed multipart upload';

/** The fields are short keys (a task id, a field): a bigger value is cut here rather than held in memory. */
const FIELD_MAX_BYTES = 1024;

/** A multipart upload as read: its named fields and its file. */
export interface MultipartUpload {
  fields: Record<string, string>;
  filename: string;
  bytes: Buffer;
}

/**
 * Reads one `file` part and the named fields (each required). The file is counted as it streams and refused (413) once
 * past `limit`; the rest of the body is drained so the client reads the answer.
 */
export function readMultipart(ctx: AppContext, limit: number, names: readonly string[]): Promise<MultipartUpload> {
  if (!ctx.is('multipart/form-data'))
    return Promise.reject(badRequest('Expected a multipart/form-data upload', 'malformed_multipart'));
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { filename: string; bytes: Buffer } | undefined;
    let failed = false;
    let bb: busboy.Busboy;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(bb);
      ctx.req.resume();
      reject(e);
    };
    try {
      // Browsers send file names as raw UTF-8 (busboy would read them as latin1).
      // busboy stops a file at `fileSize` bytes and says 'limit' then: one byte more lets a file of
      // exactly `limit` bytes through, and the count above refuses anything longer.
      bb = busboy({
        headers: ctx.req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: limit + 1, files: 1, fields: 10, fieldSize: FIELD_MAX_BYTES },
      });
    } catch {
      reject(badRequest(MALFORMED, 'malformed_multipart'));
      return;
    }
    bb.on('field', (name, value) => {
      if (names.includes(name)) fields[name] = value.trim();
    });
    bb.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size > limit) fail(tooLarge(limit));
        else chunks.push(c);
      });
      stream.on('limit', () => fail(tooLarge(limit)));
      // A body that ends inside this part ("Unexpected end of form") errors the part's own stream: an
      // 'error' with no listener would stop the process.
      stream.on('error', () => fail(badRequest(MALFORMED, 'malformed_multipart')));
      stream.on('end', () => {
        if (!failed) file = { filename: info.filename ?? '', bytes: Buffer.concat(chunks) };
      });
    });
    bb.on('error', () => fail(badRequest(MALFORMED, 'malformed_multipart')));
    ctx.req.on('error', () => fail(badRequest(MALFORMED, 'malformed_multipart')));
    bb.on('close', () => {
      if (failed) return;
      const errors: FieldMessage[] = [];
      if (!file || file.bytes.length === 0) errors.push({ path: 'file', message: ATTACHMENT_MESSAGES.no_file });
      for (const name of names) if (!fields[name]) errors.push({ path: name, message: MESSAGES.required });
      if (errors.length || !file) reject(validationError(errors));
      else resolve({ fields, filename: file.filename, bytes: file.bytes });
    });
    ctx.req.pipe(bb);
  });
}
