/**
 * The one place the web app decides whether a URL from data may become a link, an image or a place
 * to go: links and images are https only (the server's rule, engine/constants SAFE_LINK_PATTERN), so
 * `javascript:`, `data:`, `vbscript:` and `file:` never reach an href or a src; a return path after
 * sign-in is a path of this site, never another origin.
 */

import { SAFE_LINK_PATTERN } from '../../engine/constants.ts';

/** The URL when it is a well-formed https link; otherwise null (render no link or image). */
export function safeLink(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  const s = url.trim();
  if (!SAFE_LINK_PATTERN.test(s)) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * A path of this site to return to (`/jobs?page=2#x`), or null: nothing that leaves the origin
 * (`//host`, `/\host`, a scheme), and not the sign-in and sign-out pages themselves.
 */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if ([...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  if (/^\/(login|logout)(?:[/?#]|$)/.test(path)) return null;
  return path;
}
