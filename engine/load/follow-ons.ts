/**
 * One mistake, one diagnostic. A shared file (program-defs/_shared, task-schemas/_shared) whose meta-schema
 * check fails is not dropped whole: its entries without errors are used as written, and what the broken
 * entries (or a broken section) would have given every program and form is not reported again where it is
 * used (an unknown stage model, rule, reason, template or constant; a `$ref` to a definition that is there,
 * only broken). The same holds for a shared entry another check finds broken (a stage model numbering two
 * stages alike). And two diagnostics of one slip at one place (a misspelt key also "missing"; a key that
 * must be one of a list also "not a valid property name") are reported once. A shared key misspelt or renamed, which
 * every use of the old name reports, is reported once, at the key (`collapseRenamed`).
 */

import type { Diagnostic } from '../types.ts';
import { closest } from './suggest.ts';
import type { ParsedFile } from './yaml-source.ts';

/** The codes that report a use of a shared entry of each section that is not there. */
const USE_CODES: Record<string, string[]> = {
  stage_models: ['unknown-stage-model'],
  rules: ['unknown-rule'],
  eligibility_rules: ['unknown-rule'],
  ineligibility_reasons: ['unknown-reason'],
  constants: ['unknown-fact', 'unknown-constant'],
  document_templates: ['unknown-template'],
  usage_collection: ['usage-wording-missing'],
  uploads: ['upload-widget-missing', 'upload-kind-mismatch', 'reuse-uploads'],
};

/** What of the shared files is broken: per section, the broken entries' keys, or every entry. */
export class BrokenShared {
  readonly sections = new Map<string, Set<string> | 'all'>();

  /** Marks an entry (or, without `key`, a whole section) broken. */
  mark(section: string, key?: string): void {
    if (key === undefined) return void this.sections.set(section, 'all');
    const keys = this.sections.get(section);
    if (keys === 'all') return;
    if (keys) keys.add(key);
    else this.sections.set(section, new Set([key]));
  }

  /** The broken entries of a section, or 'all'. */
  of(section: string): Set<string> | 'all' | undefined {
    return this.sections.get(section);
  }

  /** A shared file that cannot be read (its YAML is broken): each section its text names is broken whole. */
  unreadable(text: string, known: string[]): void {
    for (const m of text.matchAll(/^([A-Za-z_]+):/gm)) if (known.includes(m[1])) this.mark(m[1]);
  }

  /**
   * A shared file that failed its meta-schema check, as the loader can still use it: the sections and
   * entries its errors are in are marked broken and left out; the rest is kept as written.
   */
  usable(parsed: ParsedFile, meta: Diagnostic[], known: string[]): ParsedFile {
    const doc = parsed.value;
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
      for (const s of known) this.mark(s);
      return { ...parsed, value: {} };
    }
    const value: Record<string, unknown> = {};
    for (const [section, entries] of Object.entries(doc))
      if (entries && typeof entries === 'object' && !Array.isArray(entries)) value[section] = { ...entries };
    for (const d of meta) {
      const [section, key] = d.path;
      if (section === undefined) {
        // A section missing, or the document's own shape: the section it names (missing required key 'x').
        const named = /'([a-z_]+)'/.exec(d.message)?.[1];
        for (const s of named && known.includes(named) ? [named] : known) {
          this.mark(s);
          delete value[s];
        }
        continue;
      }
      const s = String(section);
      if (!known.includes(s)) {
        // A misspelt section name: the section it was meant to be is what the files using it miss.
        const meant = closest(s, known);
        if (meant && !(meant in value)) this.mark(meant);
        delete value[s];
      } else if (key === undefined || s === 'usage_collection') {
        // usage_collection is one workflow, not a map of entries: a mistake in it breaks it whole.
        this.mark(s);
        delete value[s];
      } else {
        this.mark(s, String(key));
        // A broken form definition stays, accepting anything: the definitions built on it still resolve.
        if (value[s] && s === 'definitions') (value[s] as Record<string, unknown>)[String(key)] = {};
        else if (value[s]) delete (value[s] as Record<string, unknown>)[String(key)];
      }
    }
    return { ...parsed, value };
  }

  /** Whether a diagnostic only reports a use of a broken shared entry (its cause is reported where it is). */
  isFollowOn(d: Diagnostic): boolean {
    for (const [section, keys] of this.sections) {
      if (!USE_CODES[section]?.includes(d.code)) continue;
      if (section === 'constants' && d.code === 'unknown-fact' && !d.message.includes("'constants.")) continue;
      if (keys === 'all') return true;
      for (const k of keys) if (d.message.includes(`'${k}'`) || d.message.includes(`.${k}'`)) return true;
    }
    return false;
  }

  /** Stubs (`{}`, accepting anything) for the form definitions that are broken or whose section is, by the names
   * the forms reference. */
  definitionStubs(forms: ParsedFile[], defined: Record<string, unknown>): Record<string, unknown> {
    const keys = this.of('definitions');
    if (!keys) return {};
    const stubs: Record<string, unknown> = {};
    if (keys !== 'all') for (const k of keys) if (!(k in defined)) stubs[k] = {};
    if (keys === 'all')
      for (const f of forms) for (const name of refNames(f.value)) if (!(name in defined)) stubs[name] = {};
    return stubs;
  }
}

/** The definition names a document references (`$ref: '#/definitions/<name>'`). */
function refNames(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) refNames(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') {
        const m = /^#\/definitions\/([A-Za-z0-9_]+)$/.exec(x);
        if (m) out.add(m[1]);
      } else refNames(x, out);
    }
  return out;
}

/** A use of a shared name that is not there: the codes reporting it, and the name its message gives. */
const RENAMED: { section: string; code: string; name: RegExp; what: (n: string) => string; users: string }[] = [
  {
    section: 'constants',
    code: 'unknown-fact',
    name: /no (?:shared )?constant '([^']+)' is defined/,
    what: (n) => `'constants.${n}' is read by`,
    users: 'rules',
  },
  {
    section: 'rules',
    code: 'unknown-rule',
    name: /^unknown shared rule '([^']+)'/,
    what: (n) => `shared rule '${n}' is used by`,
    users: 'program rules',
  },
  {
    section: 'eligibility_rules',
    code: 'unknown-rule',
    name: /^unknown shared eligibility rule '([^']+)'/,
    what: (n) => `shared eligibility rule '${n}' is used by`,
    users: 'programs',
  },
  {
    section: 'ineligibility_reasons',
    code: 'unknown-reason',
    name: /^unknown ineligibility reason '([^']+)'/,
    what: (n) => `ineligibility reason '${n}' is named by`,
    users: 'eligibility rules',
  },
  {
    section: 'document_templates',
    code: 'unknown-template',
    name: /^document '[^']*' names unknown template '([^']+)'/,
    what: (n) => `template '${n}' is named by`,
    users: 'documents',
  },
];

/**
 * A shared key misspelt or renamed: every use of the old name is reported (`unknown-fact`, `unknown-rule`, ...), tens
 * of errors for one mistake. When two or more places name the same unknown shared name and the shared file defines a
 * near miss of it, they are one diagnostic at the shared key's line, with the code the uses had ("... is read by 9
 * rules (first at ...) but defined as 'y': rename it"). One place, or no near miss: the uses are kept as they are.
 */
export function collapseRenamed(diagnostics: Diagnostic[], shared: ParsedFile[]): Diagnostic[] {
  const groups = new Map<string, { kind: (typeof RENAMED)[number]; name: string; uses: Diagnostic[] }>();
  for (const d of diagnostics)
    for (const kind of RENAMED) {
      const name = d.code === kind.code ? kind.name.exec(d.message)?.[1] : undefined;
      if (name === undefined) continue;
      const key = `${kind.section}\u0000${name}`;
      if (!groups.has(key)) groups.set(key, { kind, name, uses: [] });
      groups.get(key)!.uses.push(d);
      break;
    }
  const replaced = new Map<Diagnostic, Diagnostic | undefined>();
  for (const { kind, name, uses } of groups.values()) {
    const places = [...new Set(uses.map((d) => `${d.file}:${d.range.line}:${d.range.col}`))];
    if (places.length < 2) continue;
    const file = shared.find((f) => {
      const section = (f.value as Record<string, unknown> | undefined)?.[kind.section];
      return !!section && typeof section === 'object' && !Array.isArray(section);
    });
    const keys = file ? Object.keys((file.value as Record<string, Record<string, unknown>>)[kind.section]) : [];
    const meant = keys.includes(name) ? undefined : closest(name, keys);
    if (!file || meant === undefined) continue;
    const first = [...uses].sort((a, b) => a.file.localeCompare(b.file) || a.range.line - b.range.line)[0];
    const path = [kind.section, meant];
    const one: Diagnostic = {
      code: kind.code,
      severity: uses.some((d) => d.severity === 'error') ? 'error' : uses[0].severity,
      file: file.file,
      path,
      range: file.locate(path, true),
      message: `${kind.what(name)} ${places.length} ${kind.users} (first at ${first.file}:${first.range.line}) but defined as '${meant}': rename it to '${name}' (or, if '${meant}' is the name meant, write '${meant}' at each of them)`,
    };
    uses.forEach((d, i) => replaced.set(d, i === 0 ? one : undefined));
  }
  if (!replaced.size) return diagnostics;
  return diagnostics.flatMap((d) => (replaced.has(d) ? (replaced.get(d) ? [replaced.get(d)!] : []) : [d]));
}

/**
 * Drops what follows from another diagnostic of the list: an exact repeat; "missing required key 'x'"
 * where the same object has "unknown key 'y' (did you mean 'x'?)"; "property name must be valid" where
 * another error names the key; whatever `broken` says only reports a broken shared entry; and the uses of a renamed
 * shared key (`collapseRenamed`, given the shared files).
 */
export function collapseFollowOns(
  diagnostics: Diagnostic[],
  broken?: BrokenShared,
  shared: ParsedFile[] = [],
): Diagnostic[] {
  diagnostics = collapseRenamed(diagnostics, shared);
  const seen = new Set<string>();
  const at = (d: Diagnostic) => `${d.file}\u0000${d.range.line}:${d.range.col}`;
  const misspelt = new Set<string>();
  const explained = new Set<string>();
  for (const d of diagnostics) {
    const meant = /^unknown key '[^']*' \(did you mean '([^']+)'\?\)$/.exec(d.message)?.[1];
    if (d.code === 'schema-additionalProperties' && meant)
      misspelt.add(`${d.file}\u0000${JSON.stringify(d.path.slice(0, -1))}\u0000${meant}`);
    if (d.code !== 'schema-propertyNames') {
      explained.add(at(d));
      explained.add(`${d.file}\u0000${JSON.stringify(d.path.slice(0, -1))}`);
    }
  }
  return diagnostics.filter((d) => {
    const sig = `${at(d)}\u0000${d.code}\u0000${d.message}`;
    if (seen.has(sig)) return false;
    seen.add(sig);
    const missing = /^missing required key '([^']+)'$/.exec(d.message)?.[1];
    if (
      d.code === 'schema-required' &&
      missing &&
      misspelt.has(`${d.file}\u0000${JSON.stringify(d.path)}\u0000${missing}`)
    )
      return false;
    if (
      d.code === 'schema-propertyNames' &&
      (explained.has(at(d)) || explained.has(`${d.file}\u0000${JSON.stringify(d.path)}`))
    )
      return false;
    return !broken?.isFollowOn(d);
  });
}
