/**
 * A drawn signature as the signer's browser sent it (a PNG data URL), decoded and re-encoded before it is kept:
 * pngjs (a complete PNG decoder: chunks, CRCs, zlib, filters) reads every pixel, so an image that would fail when
 * the signed PDF is stamped (a PNG header over garbage, a truncated stream) is refused at signing time with nothing
 * written, and what is stored is the image as we wrote it, not as it came.
 */

import { PNG } from 'pngjs';
import { SIGNING_LIMITS } from '../../../engine/api/signing.ts';

export type DrawnSignature = { ok: true; base64: string } | { ok: false; reason: 'unreadable' | 'too_large' | 'blank' };

const PREFIX = 'data:image/png;base64,';

/** The signature's PNG re-encoded (base64), or why it is refused. */
export function readDrawnSignature(dataUrl: string): DrawnSignature {
  if (!dataUrl.startsWith(PREFIX)) return { ok: false, reason: 'unreadable' };
  const bytes = Buffer.from(dataUrl.slice(PREFIX.length), 'base64');
  // The header's size first: a small file may declare a huge image (decoding it would allocate width x height x 4).
  if (bytes.length < 33 || bytes.subarray(12, 16).toString('latin1') !== 'IHDR')
    return { ok: false, reason: 'unreadable' };
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1) return { ok: false, reason: 'unreadable' };
  if (width > SIGNING_LIMITS.drawn_max_side || height > SIGNING_LIMITS.drawn_max_side)
    return { ok: false, reason: 'too_large' };
  let png: PNG;
  try {
    png = PNG.sync.read(bytes);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  // Some ink: a pixel neither transparent nor (near) white.
  const d = png.data;
  let ink = false;
  for (let i = 0; i < d.length && !ink; i += 4) ink = d[i + 3] > 16 && (d[i] < 224 || d[i + 1] < 224 || d[i + 2] < 224);
  if (!ink) return { ok: false, reason: 'blank' };
  const clean = new PNG({ width: png.width, height: png.height });
  png.data.copy(clean.data);
  return { ok: true, base64: PNG.sync.write(clean, { colorType: 6 }).toString('base64') };
}
