/** Background work in plain words: what each kind of work is, and when something happened. */

/** The kinds of work the portal does today (server/adapters/mail.ts, server/services/documents.service.ts). */
const KIND_LABELS: Record<string, string> = {
  mail: 'Mail delivery',
  'documents.generate': 'Generate documents',
  'documents.invite': 'Send a signing invite',
  'documents.finalize': 'Stamp the signed PDF',
};

/** A kind in plain words; an unknown kind readable ('reports.export' → 'Reports export'). */
export function kindLabel(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[._-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : kind;
}

/** '8 of 8' */
export function attemptsText(attempts: number, max: number): string {
  return `${attempts} of ${max}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago'. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (!Number.isFinite(seconds)) return iso;
  if (Math.abs(seconds) < 60) return 'just now';
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(Math.round(seconds / 60), 'minute');
}

/** The exact date and time, for a title. */
export function exactTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}
