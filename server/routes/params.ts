/** Path and paging parameters shared by the routes. */

import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { query } from '../validation.ts';
import { isId } from '../db/portable.ts';

/** The numeric :id of a path (404 when not a number: nothing can have that id). */
export function idParam(ctx: AppContext, name = 'id'): number {
  const v = ctx.params[name];
  if (!isId(v)) throw notFound();
  return Number(v);
}

/** page_number (default 1) and per_page (default 25, at most 200). */
export function pageOf(ctx: AppContext) {
  return {
    page_number: query.int(ctx.query, 'page_number', { min: 1 }) ?? 1,
    per_page: query.int(ctx.query, 'per_page', { min: 1, max: 200 }) ?? 25,
  };
}

/** `attachment` (or `inline`) with an ASCII fallback name and the exact name in RFC 5987 form (never a raw quote or
 * newline). */
export function contentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** Answers a stored file: its type, its name for saving, never sniffed, kept by no shared cache (photos of homes). */
export function sendFile(ctx: AppContext, file: { name: string; content_type: string; bytes: Buffer }): void {
  ctx.set('Content-Type', file.content_type);
  ctx.set('Content-Disposition', contentDisposition(file.name));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = file.bytes;
}
