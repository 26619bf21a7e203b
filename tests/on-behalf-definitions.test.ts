/**
 * Answering for the homeowner as data: a program's task says `on_behalf: true` where the contractor may
 * answer a homeowner task for the homeowner; the loader refuses it on a task that is not the homeowner's,
 * and on a form that collects signatures or is an attestation (never answered for someone else).
 */

import { describe, expect, it } from 'vitest';
import { loadDefinitions, type SourceFile } from '../engine/index.ts';
import { readDefinitionFiles } from '../cli/read-files.ts';
import { loadRepo, ROOT } from './load-repo.ts';

const defs = loadRepo();
const files = readDefinitionFiles([], ROOT);
const withChange = (path: string, change: (text: string) => string): SourceFile[] =>
  files.map((f) => (f.path.endsWith(path) ? { ...f, text: change(f.text) } : f));
const errors = (fs: SourceFile[]) => loadDefinitions(fs).diagnostics.filter((d) => d.severity === 'error');
const line = (path: string, needle: string) =>
  files
    .find((f) => f.path.endsWith(path))!
    .text.split('\n')
    .findIndex((l) => l.includes(needle)) + 1;

describe('on_behalf in the programs', () => {
  it('is loaded where a program says so, and never on a task whose form collects signatures', () => {
    for (const p of Object.values(defs.programs)) {
      for (const t of p.tasks) {
        if (t.on_behalf) {
          expect(t.owner, `${p.id}.${t.id}`).toBe('homeowner');
          expect(defs.forms[t.form].signatures, `${p.id}.${t.id}`).toBeUndefined();
          expect(defs.forms[t.form].attestation, `${p.id}.${t.id}`).toBeUndefined();
        }
      }
    }
    const wi = defs.programs['wi-hear'].tasks;
    expect(wi.find((t) => t.id === 'provide_homeowner_details')?.on_behalf).toBe(true);
    expect(wi.find((t) => t.id === 'apply_for_income_verification')?.on_behalf).toBe(false);
    expect(wi.find((t) => t.id === 'sign_ira_tenant_owner_acknowledgment')?.on_behalf).toBe(false);
  });
});

describe('what the loader refuses', () => {
  it('on_behalf on a contractor task, at its line', () => {
    const e = errors(
      withChange('wi-hear/program.yaml', (t) =>
        t.replace(
          '{ id: provide_services, form: provide_services, stage: 2, owner: contractor',
          '{ id: provide_services, form: provide_services, stage: 2, owner: contractor, on_behalf: true',
        ),
      ),
    );
    const d = e.find((x) => x.code === 'on-behalf-not-homeowner')!;
    expect(d.message).toBe("task 'provide_services' is owned by contractor: on_behalf is for homeowner tasks");
    expect(d.file).toContain('wi-hear/program.yaml');
    expect(d.range.line).toBe(line('wi-hear/program.yaml', 'id: provide_services,'));
  });

  it('on_behalf on a signature task', () => {
    const e = errors(
      withChange('wi-hear/program.yaml', (t) =>
        t.replace(
          '  - id: sign_ira_tenant_owner_acknowledgment\n',
          '  - id: sign_ira_tenant_owner_acknowledgment\n    on_behalf: true\n',
        ),
      ),
    );
    expect(e.find((x) => x.code === 'on-behalf-personal')?.message).toBe(
      "task 'sign_ira_tenant_owner_acknowledgment' cannot be answered on the homeowner's behalf: its form 'sign_ira_tenant_owner_acknowledgment' collects signatures",
    );
  });

  it('on_behalf on a task whose form is an attestation', () => {
    const changed = withChange('home_details/form.yaml', (t) => t.replace('\nschema:', '\nattestation: true\nschema:'));
    const e = errors(changed);
    const d = e.filter((x) => x.code === 'on-behalf-personal');
    // Every program lets the contractor answer the home details: each is refused, in its own file.
    expect(d.length).toBe(Object.keys(defs.programs).length);
    expect(d[0].message).toContain("its form 'home_details' is an attestation");
    expect(loadDefinitions(changed).forms.home_details.attestation).toBe(true);
  });

  it('a non-boolean on_behalf or attestation, by the meta-schemas', () => {
    expect(
      errors(
        withChange('wi-hear/program.yaml', (t) =>
          t.replace('owner: homeowner, on_behalf: true', 'owner: homeowner, on_behalf: yes please'),
        ),
      ).length,
    ).toBeGreaterThan(0);
    expect(
      errors(withChange('home_details/form.yaml', (t) => t.replace('\nschema:', '\nattestation: false\nschema:')))
        .length,
    ).toBeGreaterThan(0);
  });
});
