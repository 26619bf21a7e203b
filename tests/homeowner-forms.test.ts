/**
 * The forms a program gives the homeowner speak to them (issue 42, docs/forms.md): nothing the browser shows of them
 * (title, description, field titles, help, option labels, messages) says "homeowner" or an acronym such as "AMI".
 */

import { describe, expect, it } from 'vitest';
import { loadRepo } from './load-repo.ts';

const defs = loadRepo();
/** Words a homeowner must not meet in their own forms. */
const FORBIDDEN = [/\bhomeowners?('s)?\b/i, /\bAMI\b/, /\(AMI\)/];

/** Every form some program gives the homeowner. */
const homeownerForms = [
  ...new Set(
    Object.values(defs.programs).flatMap((p) => p.tasks.filter((t) => t.owner === 'homeowner').map((t) => t.form)),
  ),
].sort();

/** Every text of a form the browser shows, with where it is. */
function textsOf(form: string): [string, string][] {
  const f = defs.forms[form];
  const out: [string, string][] = [
    ['title', f.title],
    ['description', f.description ?? ''],
  ];
  const walk = (v: unknown, at: string): void => {
    if (typeof v === 'string') return;
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${at}[${i}]`));
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (['title', 'description', 'ui:help', 'ui:title', 'ui:description', 'ui:placeholder'].includes(k))
        out.push([`${at}.${k}`, String(x)]);
      else if (k === 'ui:enumNames' && Array.isArray(x)) x.forEach((n, i) => out.push([`${at}.${k}[${i}]`, String(n)]));
      else walk(x, `${at}.${k}`);
    }
  };
  walk(f.schema, 'schema');
  walk(f.ui_schema, 'ui_schema');
  for (const [k, m] of Object.entries(f.messages ?? {})) out.push([`messages.${k}`, String(m)]);
  for (const r of f.runtime.rules) out.push([`rules.${r.id}`, r.message]);
  return out;
}

describe('the forms the homeowner answers', () => {
  it('are the ones programs give the homeowner', () => {
    expect(homeownerForms).toContain('provide_income_estimate');
    expect(homeownerForms).toContain('home_details');
  });

  it.each(homeownerForms)('%s says "you", never "the homeowner", and no acronym such as AMI', (form) => {
    const found = textsOf(form).filter(([, text]) => FORBIDDEN.some((re) => re.test(text)));
    expect(found.map(([at, text]) => `${at}: ${text}`)).toEqual([]);
  });
});
