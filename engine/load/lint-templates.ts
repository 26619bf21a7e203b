/**
 * Placeholders people would read as typed. Every template engine of the portal fills `{name}` (one pair of
 * braces, a lower-case name) and leaves anything else as written:
 * - document templates (_shared/documents.yaml, engine/documents.ts): a paragraph's `{key}` names one of the
 *   template's `fields`; its title, headings and field labels are not filled;
 * - the usage wording (_shared/usage-collection.yaml, engine/usage.ts fillWords): a step's wording fills
 *   `{detail}`, a failure's internal wording `{detail}`, `{months}` and `{required}`, its homeowner wording
 *   `{months}` and `{required}`; labels, the overall status, the history and the homeowner page fill nothing;
 * - a form rule's `message` fills `{name}` from its `params` (engine/forms/compile-form.ts); a form's titles,
 *   descriptions, help and option labels fill nothing (rendered by the browser as written);
 * - mails (server/mail/templates.ts renderMail) fill the placeholders each template declares.
 * So `{{name}}`, `${name}`, `{ name }`, a capitalised `{Name}` and a name the text does not fill all reach
 * people as typed. Each is reported at the placeholder itself.
 */

import type { Diagnostic } from '../types.ts';
import { closest } from './suggest.ts';
import type { ParsedFile } from './yaml-source.ts';

type Path = (string | number)[];
type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** A placeholder-looking token in a text. */
export interface PlaceholderToken {
  raw: string;
  name: string;
  index: number;
  /** single: `{name}`; double: `{{name}}`; dollar: `${name}`; spaced: `{ name }`. */
  form: 'single' | 'double' | 'dollar' | 'spaced';
}

const TOKEN = /\$\{\s*([A-Za-z_][\w.]*)\s*\}|\{\{\s*([A-Za-z_][\w.]*)\s*\}\}|\{(\s*)([A-Za-z_][\w.]*)(\s*)\}/g;

/** The placeholder-looking tokens of a text. */
export function placeholderTokens(text: string): PlaceholderToken[] {
  const out: PlaceholderToken[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const name = m[1] ?? m[2] ?? m[4];
    const form = m[1] !== undefined ? 'dollar' : m[2] !== undefined ? 'double' : m[3] || m[5] ? 'spaced' : 'single';
    out.push({ raw: m[0], name, index: m.index, form });
  }
  return out;
}

/** What a text fills: the names (none: it is shown as written), what it is, in words, and the names' shape. */
export interface TextKind {
  names: readonly string[];
  what: string;
  shape?: RegExp;
}

/** A problem of one placeholder. */
export interface PlaceholderProblem {
  code: 'unknown-placeholder' | 'placeholder-braces' | 'placeholder-case';
  message: string;
  token: PlaceholderToken;
}

const LOWER = /^[a-z][a-z0-9_]*$/;

/**
 * The problem of a placeholder in a text no engine fills (shown as written): its code says how it is written, so
 * `{{x}}`, `{Key}` and `{x}` read the same wherever they are.
 */
export function fillsNothing(token: PlaceholderToken, what: string): Omit<PlaceholderProblem, 'token'> {
  const asTyped = `'${token.raw}' would be shown as typed: ${what} is shown as written, no engine fills placeholders in it`;
  const fix = 'write the words themselves';
  if (token.form !== 'single')
    return { code: 'placeholder-braces', message: `${asTyped}, whatever the braces: ${fix}` };
  if (/[A-Z]/.test(token.name)) return { code: 'placeholder-case', message: `${asTyped}, capitalised or not: ${fix}` };
  return { code: 'unknown-placeholder', message: `${asTyped}, so '${token.name}' names nothing: ${fix}` };
}
const listed = (names: readonly string[]) => names.map((n) => `{${n}}`).join(', ');

/** The placeholders of `text` that would be printed as typed. */
export function placeholderProblems(text: string, kind: TextKind): PlaceholderProblem[] {
  const shape = kind.shape ?? LOWER;
  const out: PlaceholderProblem[] = [];
  for (const token of placeholderTokens(text)) {
    const { raw, name } = token;
    if (kind.names.length === 0) {
      out.push({ ...fillsNothing(token, kind.what), token });
      continue;
    }
    const fills = `${kind.what} fills ${listed(kind.names)}`;
    const hint = (n: string) => (kind.names.includes(n) ? n : closest(n, [...kind.names]));
    if (token.form !== 'single') {
      const h = hint(name.toLowerCase());
      out.push({
        code: 'placeholder-braces',
        message:
          `'${raw}' would be shown as typed: placeholders are written with one pair of braces and no spaces` +
          (h ? ` (did you mean '{${h}}'?)` : `; ${fills}`),
        token,
      });
    } else if (kind.names.includes(name) && shape.test(name)) continue;
    else if (name !== name.toLowerCase() && shape.test(name.toLowerCase())) {
      const h = hint(name.toLowerCase());
      out.push({
        code: 'placeholder-case',
        message:
          `'${raw}' would be shown as typed: placeholder names are lower case` +
          (h ? ` (did you mean '{${h}}'?)` : `; ${fills}`),
        token,
      });
    } else {
      const h = hint(name);
      out.push({
        code: 'unknown-placeholder',
        message:
          `'${raw}' names nothing ${kind.what} fills, so it would be shown as typed` +
          (h ? ` (did you mean '{${h}}'?)` : `: ${fills.replace(`${kind.what} fills`, 'it fills')}`),
        token,
      });
    }
  }
  return out;
}

/** Reports the problems of one text at the placeholder's own line and column. */
type Where = (parsed: ParsedFile, path: Path, text: string, token: PlaceholderToken) => Diagnostic['range'];

/** Where a token of the value at `path` is written in the file's source (the value's start when not found). */
export function tokenPlace(source: (file: string) => string | undefined): Where {
  const lines = new Map<string, string[]>();
  return (parsed, path, text, token) => {
    const range = parsed.locate(path);
    const src = source(parsed.file);
    if (src === undefined) return range;
    if (!lines.has(parsed.file)) lines.set(parsed.file, src.split('\n'));
    const ls = lines.get(parsed.file)!;
    // The how-manieth time this token's text appears in the value: the same count into its source.
    let nth = 0;
    for (let i = text.indexOf(token.raw); i !== -1 && i < token.index; i = text.indexOf(token.raw, i + 1)) nth++;
    for (let l = range.line - 1; l < Math.min(ls.length, range.end_line); l++) {
      let from = l === range.line - 1 ? range.col - 1 : 0;
      for (;;) {
        const at = ls[l].indexOf(token.raw, from);
        if (at === -1 || (l === range.end_line - 1 && at >= range.end_col - 1)) break;
        if (nth-- === 0)
          return { ...range, line: l + 1, col: at + 1, end_line: l + 1, end_col: at + 1 + token.raw.length };
        from = at + 1;
      }
    }
    return range;
  };
}

/** Checks one text of a file. */
function checkText(
  parsed: ParsedFile,
  path: Path,
  text: unknown,
  kind: TextKind,
  where: Where,
  out: Diagnostic[],
  keep: (p: PlaceholderProblem) => boolean = () => true,
): void {
  if (typeof text !== 'string' || !text.includes('{')) return;
  for (const p of placeholderProblems(text, kind)) {
    if (!keep(p)) continue;
    out.push({
      code: p.code,
      severity: 'error',
      file: parsed.file,
      path,
      range: where(parsed, path, text, p.token),
      message: p.message,
    });
  }
}

const NONE = (what: string): TextKind => ({ names: [], what });

/** The usage wording file: each text against the names its place fills (engine/usage.ts). */
function lintUsageWording(parsed: ParsedFile, w: Node, where: Where, out: Diagnostic[]): void {
  const base: Path = ['usage_collection'];
  const usage = (names: string[], what: string): TextKind => ({ names, what, shape: /^[a-z_]+$/ });
  (Array.isArray(w.stages) ? w.stages : []).forEach((s, i) =>
    checkText(parsed, [...base, 'stages', i, 'label'], (s as Node)?.label, NONE("a usage stage's label"), where, out),
  );
  for (const [step, def] of Object.entries(isNode(w.steps) ? w.steps : {})) {
    if (!isNode(def)) continue;
    checkText(parsed, [...base, 'steps', step, 'label'], def.label, NONE("a usage step's label"), where, out);
    for (const audience of ['internal', 'contractor'])
      for (const [status, text] of Object.entries(isNode(def[audience]) ? (def[audience] as Node) : {}))
        checkText(
          parsed,
          [...base, 'steps', step, audience, status],
          text,
          usage(['detail'], `the ${audience} wording of step '${step}'`),
          where,
          out,
        );
  }
  for (const [failure, def] of Object.entries(isNode(w.failures) ? w.failures : {})) {
    if (!isNode(def)) continue;
    const at: Path = [...base, 'failures', failure];
    const what = `the wording of failure '${failure}'`;
    checkText(parsed, [...at, 'internal'], def.internal, usage(['detail', 'months', 'required'], what), where, out);
    checkText(
      parsed,
      [...at, 'homeowner'],
      def.homeowner,
      usage(['months', 'required'], `the homeowner's ${what}`),
      where,
      out,
    );
  }
  for (const part of ['overall', 'history', 'homeowner'])
    for (const [k, text] of Object.entries(isNode(w[part]) ? (w[part] as Node) : {}))
      checkText(parsed, [...base, part, k], text, NONE(`the usage wording ${part}.${k}`), where, out);
}

/** The document templates: paragraphs fill the template's fields; title, headings and labels nothing. */
function lintDocumentTemplates(parsed: ParsedFile, templates: Node, where: Where, out: Diagnostic[]): void {
  for (const [key, t] of Object.entries(templates)) {
    if (!isNode(t)) continue;
    const at: Path = ['document_templates', key];
    const fields = Object.keys(isNode(t.fields) ? t.fields : {});
    checkText(parsed, [...at, 'title'], t.title, NONE(`template '${key}' title`), where, out);
    for (const [f, def] of Object.entries(isNode(t.fields) ? t.fields : {}))
      checkText(parsed, [...at, 'fields', f, 'label'], (def as Node)?.label, NONE(`a field label`), where, out);
    const kind: TextKind = { names: fields, what: `template '${key}'` };
    (Array.isArray(t.sections) ? t.sections : []).forEach((sec, k) => {
      if (!isNode(sec)) return;
      checkText(parsed, [...at, 'sections', k, 'heading'], sec.heading, NONE('a section heading'), where, out);
      (Array.isArray(sec.paragraphs) ? sec.paragraphs : []).forEach((text, n) =>
        // A lower-case name the template does not define is reported by the program that uses the template.
        checkText(parsed, [...at, 'sections', k, 'paragraphs', n], text, kind, where, out, (p) => {
          const inner = /^[a-z][a-z0-9_]*$/.test(p.token.name) && p.token.form !== 'spaced';
          return !(inner && !fields.includes(p.token.name));
        }),
      );
    });
  }
}

const FORM_TEXTS = ['title', 'description'];
const UI_TEXTS = ['ui:help', 'ui:description', 'ui:title', 'ui:placeholder'];

/** A form's schema texts (titles, descriptions) at any depth: the browser shows them as written. */
function lintSchemaTexts(parsed: ParsedFile, node: unknown, at: Path, where: Where, out: Diagnostic[]): void {
  if (Array.isArray(node)) {
    node.forEach((v, i) => lintSchemaTexts(parsed, v, [...at, i], where, out));
    return;
  }
  if (!isNode(node)) return;
  for (const [k, v] of Object.entries(node)) {
    if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples') continue;
    if (typeof v === 'string') {
      if (FORM_TEXTS.includes(k)) checkText(parsed, [...at, k], v, NONE(`a form's ${k}`), where, out);
    } else lintSchemaTexts(parsed, v, [...at, k], where, out);
  }
}

/** A form's UI texts: help, descriptions, titles, placeholders and option labels (ui:enumNames). */
function lintUiTexts(parsed: ParsedFile, node: unknown, at: Path, where: Where, out: Diagnostic[]): void {
  if (!isNode(node)) return;
  for (const [k, v] of Object.entries(node)) {
    if (UI_TEXTS.includes(k)) checkText(parsed, [...at, k], v, NONE(`a form's ${k}`), where, out);
    else if (k === 'ui:enumNames' && Array.isArray(v))
      v.forEach((label, i) => checkText(parsed, [...at, k, i], label, NONE('an option label'), where, out));
    else lintUiTexts(parsed, v, [...at, k], where, out);
  }
}

/**
 * A form's texts. A rule's message is checked here only for what the params check (`unknown-message-param`)
 * cannot see: a placeholder written with the wrong braces around a name its params do have.
 */
function lintFormTexts(parsed: ParsedFile, doc: Node, where: Where, out: Diagnostic[]): void {
  for (const k of FORM_TEXTS) checkText(parsed, [k], doc[k], NONE(`a form's ${k}`), where, out);
  lintSchemaTexts(parsed, doc.schema, ['schema'], where, out);
  lintSchemaTexts(parsed, doc.definitions, ['definitions'], where, out);
  lintUiTexts(parsed, doc.ui_schema, ['ui_schema'], where, out);
  (Array.isArray(doc.rules) ? doc.rules : []).forEach((r, i) => {
    if (!isNode(r) || !isNode(r.params)) return;
    const names = Object.keys(r.params);
    checkText(
      parsed,
      ['rules', i, 'message'],
      r.message,
      { names, what: `rule '${String(r.id)}' message`, shape: /^\w+$/ },
      where,
      out,
      (p) => p.code === 'placeholder-braces' && (p.token.form === 'spaced' || names.includes(p.token.name)),
    );
  });
}

/** The files `lintTemplates` reads, by kind. */
export interface TemplateFiles {
  shared: ParsedFile[];
  'task-form': ParsedFile[];
  'form-shared': ParsedFile[];
}

/** Checks the placeholders of every text people read; `source` gives a file's text (for the column). */
export function lintTemplates(
  files: TemplateFiles,
  source: (file: string) => string | undefined,
  out: Diagnostic[],
): void {
  const where = tokenPlace(source);
  for (const parsed of files.shared) {
    const doc = parsed.value as Node;
    if (isNode(doc.usage_collection)) lintUsageWording(parsed, doc.usage_collection, where, out);
    if (isNode(doc.document_templates)) lintDocumentTemplates(parsed, doc.document_templates, where, out);
  }
  for (const parsed of [...files['task-form'], ...files['form-shared']])
    if (isNode(parsed.value)) lintFormTexts(parsed, parsed.value, where, out);
}
