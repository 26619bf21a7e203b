/**
 * Upload kinds (task-schemas/_shared `uploads:`) and the forms' upload fields, checked where they are written (issue
 * 45). The server takes a file for a field only when the field's `ui:widget` is an upload kind, the file's extension
 * is one of the kind's and the type its bytes show (told by file-type, server/services/attachments.service.ts) is one
 * the kind lists for that extension. So each of these refuses every upload at run time:
 * - a kind listing a content type the server never tells (`image/jpg`, `application/pfd`, `img/png`):
 *   `upload-type-unknown`, at the type, with a "did you mean";
 * - an extension whose listed types leave out the one its files show (`png: [image/jpeg]`): `upload-type-extension`;
 * - a field given a kind whose files it cannot hold (a photo kind on a PDF field, a kind whose types the field's
 *   `ui:accept` or `content_type` leaves out, an upload widget on a field that holds no file): `upload-kind-mismatch`,
 *   at the widget;
 * - a field holding uploaded files (an attachment reference) without an upload widget: `upload-widget-missing`.
 */

import type { Diagnostic, TaskForm } from '../types.ts';
import type { UploadKind } from './definition-types.ts';
import { levelFields } from './form-fields.ts';
import { closest } from './suggest.ts';
import { DETECTED_TYPES } from './detected-types.ts';
import type { ParsedFile } from './yaml-source.ts';

type Node = Record<string, unknown>;
type Path = (string | number)[];
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Names in use for a type that the server tells under another name. */
const TYPE_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'application/x-pdf': 'application/pdf',
  'image/tif': 'image/tiff',
  'image/x-tiff': 'image/tiff',
  'image/heic-sequence': 'image/heic',
  'image/x-ms-bmp': 'image/bmp',
  'text/pdf': 'application/pdf',
};

/** The types files of a common extension show (the server's names). */
const EXTENSION_TYPES: Record<string, readonly string[]> = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  jpe: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  heic: ['image/heic', 'image/heif'],
  heif: ['image/heif', 'image/heic'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
  bmp: ['image/bmp'],
  avif: ['image/avif'],
  pdf: ['application/pdf'],
};

/** Checks the kinds' extensions and content types, in the file that declares them. */
export function checkUploadKinds(files: ParsedFile[], out: Diagnostic[]): void {
  const known = new Set(DETECTED_TYPES);
  for (const parsed of files) {
    const kinds = (parsed.value as { uploads?: Record<string, UploadKind> } | null)?.uploads;
    if (!isNode(kinds)) continue;
    for (const [kind, def] of Object.entries(kinds)) {
      if (!isNode(def?.accept)) continue;
      for (const [ext, types] of Object.entries(def.accept)) {
        if (!Array.isArray(types)) continue;
        const report = (code: string, message: string, path: Path, key = false) =>
          out.push({ code, severity: 'error', file: parsed.file, path, range: parsed.locate(path, key), message });
        types.forEach((type, i) => {
          if (typeof type !== 'string' || known.has(type)) return;
          const hint = TYPE_ALIASES[type] ?? closest(type, [...DETECTED_TYPES]);
          report(
            'upload-type-unknown',
            `upload kind '${kind}' takes .${ext} files of type '${type}', a content type the server never tells a file to be, so no such file is ever taken` +
              (hint ? ` (did you mean '${hint}'?)` : ' (write a type such as image/jpeg or application/pdf)'),
            ['uploads', kind, 'accept', ext, i],
          );
        });
        const shows = EXTENSION_TYPES[ext];
        const listed = types.filter((t): t is string => typeof t === 'string');
        // A misspelt type is reported above; the extension is judged on the types that are real.
        if (shows && listed.every((t) => known.has(t)) && !listed.some((t) => shows.includes(t)))
          report(
            'upload-type-extension',
            `upload kind '${kind}' takes .${ext} files only as ${listed.join(', ')}, but a .${ext} file is ${shows[0]}: every .${ext} upload would be refused (add ${shows[0]})`,
            ['uploads', kind, 'accept', ext],
            true,
          );
      }
    }
  }
}

/** What a field's schema says of the files it holds (undefined: it holds none). */
interface Holds {
  /** The definitions its `$ref`s went through (photos, photo, attachment). */
  names: string[];
  /** Content types its `content_type` allows (undefined: any). */
  types?: string[];
  /** Whether the schema says it holds something that is not a file (a string, a number). */
  not_a_file: boolean;
}

function holdsOf(schema: unknown, definitions: Record<string, unknown>): Holds {
  const names: string[] = [];
  let types: string[] | undefined;
  let file = false;
  let other = false;
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    if (!isNode(node) || seen.has(node)) return;
    seen.add(node);
    if (typeof node.$ref === 'string') {
      const name = /^#\/definitions\/(.+)$/.exec(node.$ref)?.[1];
      if (name !== undefined && Object.hasOwn(definitions, name)) {
        names.push(name);
        visit(definitions[name]);
      }
    }
    const props = isNode(node.properties) ? node.properties : undefined;
    if (props && 'content_type' in props) file = true;
    const ct = props && isNode(props.content_type) ? props.content_type : undefined;
    if (ct && Array.isArray(ct.enum)) types = ct.enum.filter((t): t is string => typeof t === 'string');
    else if (ct && typeof ct.const === 'string') types = [ct.const];
    if (typeof node.type === 'string' && !['object', 'array'].includes(node.type)) other = true;
    if (node.items !== undefined) visit(node.items);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(node[k])) (node[k] as unknown[]).forEach(visit);
  };
  visit(schema);
  return { names, types, not_a_file: other && !file };
}

/** Whether a field holds files (an attachment reference, or a list of them). */
const holdsFiles = (schema: unknown, definitions: Record<string, unknown>) => {
  const seen = new Set<unknown>();
  const visit = (node: unknown): boolean => {
    if (!isNode(node) || seen.has(node)) return false;
    seen.add(node);
    if (isNode(node.properties) && 'content_type' in node.properties) return true;
    const name = typeof node.$ref === 'string' ? /^#\/definitions\/(.+)$/.exec(node.$ref)?.[1] : undefined;
    if (name !== undefined && Object.hasOwn(definitions, name) && visit(definitions[name])) return true;
    return (
      visit(node.items) ||
      ['allOf', 'anyOf', 'oneOf'].some((k) => Array.isArray(node[k]) && (node[k] as unknown[]).some(visit))
    );
  };
  return visit(schema);
};

/** The kind a definition name stands for: `photo` for photo_upload (or a kind labelled "photo"), `pdfs` for PDFs. */
function kindOfName(name: string, uploads: Record<string, UploadKind>): string | undefined {
  const words = [name, name.replace(/s$/, '')];
  return Object.keys(uploads).find((k) =>
    words.some((w) => w === k.replace(/_upload$/, '') || w === uploads[k].label?.toLowerCase()),
  );
}

/** The types and extensions a kind takes. */
const takes = (kind: UploadKind) => ({
  exts: Object.keys(kind.accept ?? {}),
  types: [...new Set(Object.values(kind.accept ?? {}).flat())],
});

/** Whether an accept list (`.pdf`, `application/pdf`, `image/*`, comma separated) lets a kind's files through. */
function acceptFits(accept: string, kind: UploadKind): boolean {
  const { exts, types } = takes(kind);
  return accept
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .some((t) =>
      t.startsWith('.')
        ? exts.includes(t.slice(1))
        : t.endsWith('/*')
          ? types.some((x) => x.startsWith(t.slice(0, -1)))
          : types.includes(t) || exts.includes(t),
    );
}

/** Checks each form's upload fields against the kinds their widgets name. */
export function lintUploadFields(
  forms: Record<string, TaskForm>,
  parsedForms: ParsedFile[],
  uploads: Record<string, UploadKind>,
  shared: Record<string, unknown>,
  out: Diagnostic[],
): void {
  if (Object.keys(uploads).length === 0) return;
  for (const parsed of parsedForms) {
    const value = parsed.value as { key?: string; schema?: Node; ui_schema?: Record<string, unknown> };
    const form = value.key === undefined ? undefined : forms[value.key];
    if (!form || form.file !== parsed.file || !isNode(value.schema)) continue;
    const definitions = { ...shared, ...(isNode(value.schema.definitions) ? value.schema.definitions : {}) };
    const report = (code: string, message: string, path: Path, key = false) =>
      out.push({ code, severity: 'error', file: parsed.file, path, range: parsed.locate(path, key), message });
    for (const [field, placed] of levelFields(value.schema, ['schema'])) {
      const ui = isNode(value.ui_schema?.[field]) ? (value.ui_schema![field] as Node) : undefined;
      const widget = typeof ui?.['ui:widget'] === 'string' ? (ui['ui:widget'] as string) : undefined;
      const kind = widget !== undefined && Object.hasOwn(uploads, widget) ? uploads[widget] : undefined;
      const files = placed.some((p) => holdsFiles(p.node, definitions));
      const holds = placed.map((p) => holdsOf(p.node, definitions));
      const fitting = [...new Set(holds.flatMap((h) => h.names.map((n) => kindOfName(n, uploads))))].filter(
        (k): k is string => k !== undefined,
      );
      if (files && !kind) {
        const fix = fitting.length === 1 ? fitting[0] : Object.keys(uploads).join(' or ');
        const why = `field '${field}' holds uploaded files, but its ui_schema gives it no upload widget, so the server takes no file for it and every upload is refused`;
        if (widget !== undefined)
          report('upload-widget-missing', `${why} ('${widget}' is not an upload kind): write "ui:widget": ${fix}`, [
            'ui_schema',
            field,
            'ui:widget',
          ]);
        else if (ui) report('upload-widget-missing', `${why}: add "ui:widget": ${fix}`, ['ui_schema', field], true);
        else
          report(
            'upload-widget-missing',
            `${why}: add "${field}": { "ui:widget": ${fix} } to ui_schema`,
            placed[0].at,
            true,
          );
        continue;
      }
      if (!kind) continue;
      const at = ['ui_schema', field, 'ui:widget'];
      const mismatch = (why: string, better?: string) =>
        report(
          'upload-kind-mismatch',
          `field '${field}' has upload widget '${widget}' (${kind.label} files), but ${why}: the server takes only ${kind.label} files for it, so every upload the field can hold is refused` +
            (better ? ` (did you mean '${better}'?)` : ''),
          at,
        );
      if (!files) {
        if (holds.some((h) => h.not_a_file))
          mismatch(
            `its schema holds no file (a ${String(placed[0].node.type ?? 'value')}): give it an attachment, e.g. $ref: "#/definitions/${widget!.replace(/_upload$/, '')}"`,
          );
        continue;
      }
      if (fitting.length && !fitting.includes(widget!)) {
        mismatch(`its schema holds ${fitting.map((k) => uploads[k].label).join(' or ')} files`, fitting[0]);
        continue;
      }
      const allowed = holds.find((h) => h.types)?.types;
      if (allowed && !takes(kind).types.some((t) => allowed.includes(t))) {
        const better = Object.keys(uploads).find((k) => takes(uploads[k]).types.some((t) => allowed.includes(t)));
        mismatch(`its content_type allows only ${allowed.join(', ')}`, better);
        continue;
      }
      const options = isNode(ui?.['ui:options']) ? (ui!['ui:options'] as Node) : undefined;
      const accept = [ui?.['ui:accept'], options?.accept].find((a): a is string => typeof a === 'string');
      if (accept !== undefined && !acceptFits(accept, kind)) {
        const better = Object.keys(uploads).find((k) => acceptFits(accept, uploads[k]));
        mismatch(`its accept says '${accept}'`, better);
      }
    }
  }
}
