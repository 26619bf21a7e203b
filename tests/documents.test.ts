/**
 * Documents as data: every program whose tasks collect signatures declares documents for them, each fills
 * from a job (every {field} of its text, every signer with an address), and the loader refuses what a
 * program manager gets wrong in them, at the spot.
 */

import { describe, expect, it } from 'vitest';
import {
  buildFacts,
  documentsFor,
  jobInputOf,
  loadDefinitions,
  signatureFields,
  type SourceFile,
} from '../engine/index.ts';
import { readDefinitionFiles } from '../cli/read-files.ts';
import { loadRepo, ROOT } from './load-repo.ts';

const defs = loadRepo();
const parties = {
  homeowner: { name: 'Ana Diaz', email: 'ana@home.test' },
  contractor: { name: 'Northwind HVAC', email: 'office@northwind.test' },
};
const renter = {
  renter_or_owner: 'renter',
  property_manager_name: 'Pat Owner',
  property_manager_email: 'pat@owners.test',
};

describe('documents of the programs', () => {
  it('every task whose form collects signatures has documents in its program, and every document names such a task', () => {
    for (const p of Object.values(defs.programs)) {
      const signing = p.tasks.filter((t) => defs.forms[t.form]?.signatures).map((t) => t.id);
      expect(new Set(p.documents.map((d) => d.task)), p.id).toEqual(new Set(signing));
    }
  });

  it('each fills from a renter’s job: no {field} left, every signer named and with an address, the owner from the tenant’s answers', () => {
    let n = 0;
    for (const p of Object.values(defs.programs)) {
      if (!p.documents.length) continue;
      const job = jobInputOf(
        { id: 7, code: 'K7Q2XP', address: '12 Main St', city: 'Fresno', zip: '93701', state: 'CA' },
        { provide_homeowner_details: { status: 'COMPLETE', data: renter } },
      );
      const facts = buildFacts(p, job, { today: '2026-06-01' }) as unknown as Record<string, unknown>;
      for (const d of documentsFor(p, facts, parties)) {
        n++;
        const text = d.sections.flatMap((s) => s.paragraphs).join('\n');
        expect(text, `${p.id} ${d.id}`).not.toMatch(/\{[a-z_]+\}/);
        expect(text).not.toContain('—');
        for (const s of d.signers) {
          expect(s.name, `${p.id} ${d.id} ${s.role}`).not.toBe('');
          expect(s.email, `${p.id} ${d.id} ${s.role}`).toMatch(/@/);
        }
        if (d.signers.some((s) => s.role === 'property_manager'))
          expect(d.signers.find((s) => s.role === 'property_manager')).toEqual({
            role: 'property_manager',
            name: 'Pat Owner',
            email: 'pat@owners.test',
          });
      }
    }
    expect(n).toBeGreaterThanOrEqual(9);
  });

  it('an owner’s final documents have no property manager', () => {
    const p = defs.programs['wi-hear'];
    const job = jobInputOf(
      { id: 7, code: 'K7Q2XP', address: '1 Main St', city: 'Milwaukee', zip: '53202', state: 'WI' },
      { provide_homeowner_details: { status: 'COMPLETE', data: { renter_or_owner: 'owner' } } },
    );
    const [doc] = documentsFor(
      p,
      buildFacts(p, job, { today: '2026-06-01' }) as unknown as Record<string, unknown>,
      parties,
      'collect_document_signatures',
    );
    expect(doc.signers.map((s) => s.role)).toEqual(['homeowner', 'contractor']);
  });

  it('a form’s signature fields are the server’s: by role, combined, and not attempted before any document', () => {
    const form = defs.forms.collect_document_signatures;
    expect(signatureFields(form, [])).toMatchObject({
      homeowner_signature_status: 'not_attempted',
      contractor_signature_status: 'not_attempted',
    });
    const f = signatureFields(form, [
      { role: 'homeowner', status: 'success' },
      { role: 'contractor', status: 'pending' },
    ]);
    expect(f).toEqual({ homeowner_signature_status: 'success', contractor_signature_status: 'pending' });
    const all = defs.forms.sign_document;
    expect(
      signatureFields(all, [
        { role: 'property_manager', status: 'success' },
        { role: 'homeowner', status: 'failure' },
      ]),
    ).toEqual({ document_status: 'failure' });
    expect(
      signatureFields(all, [
        { role: 'property_manager', status: 'success' },
        { role: 'homeowner', status: 'success' },
      ]),
    ).toEqual({ document_status: 'success' });
  });
});

describe('what the loader refuses in documents', () => {
  const files = readDefinitionFiles([], ROOT);
  /** The repository with one file's text changed. */
  const withChange = (path: string, change: (text: string) => string): SourceFile[] =>
    files.map((f) => (f.path.endsWith(path) ? { ...f, text: change(f.text) } : f));
  const errors = (fs: SourceFile[]) => loadDefinitions(fs).diagnostics.filter((d) => d.severity === 'error');

  it('an unknown template or task, with a suggestion, at the line', () => {
    const e = errors(
      withChange('ca-tech/program.yaml', (t) =>
        t
          .replace('template: tech_customer_agreement', 'template: tech_customer_agrement')
          .replace('task: sign_tech_customer_agreement\n    terms', 'task: sign_tech_agreement\n    terms'),
      ),
    );
    expect(e.map((d) => d.code)).toEqual(expect.arrayContaining(['unknown-template']));
    const tpl = e.find((d) => d.code === 'unknown-template')!;
    expect(tpl.message).toContain("did you mean 'tech_customer_agreement'");
    expect(tpl.file).toContain('ca-tech/program.yaml');
    expect(tpl.range.line).toBeGreaterThan(1);
    const e2 = errors(
      withChange('ca-tech/program.yaml', (t) =>
        t.replace('task: sign_tech_customer_agreement\n    terms', 'task: sign_tech_agreement\n    terms'),
      ),
    );
    expect(e2.find((d) => d.code === 'unknown-task')?.message).toContain("names unknown task 'sign_tech_agreement'");
  });

  it('a text naming a field the template lacks; a field reading a party or a fact that does not exist', () => {
    const e = errors(
      withChange('_shared/documents.yaml', (t) =>
        t
          .replace('{contractor} installed', '{installer} installed')
          .replace('value: { var: parties.homeowner.email }', 'value: { var: parties.tenant.email }'),
      ),
    );
    expect(e.some((d) => d.code === 'unknown-field' && d.message.includes('{installer}'))).toBe(true);
    expect(e.some((d) => d.code === 'unknown-fact' && d.message.includes('parties.tenant.email'))).toBe(true);
    const e2 = errors(
      withChange('wi-hear/program.yaml', (t) =>
        t.replace(
          'email: { var: provide_homeowner_details.property_manager_email }',
          'email: { var: provide_homeowner_details.property_manager_mail }',
        ),
      ),
    );
    expect(
      e2.some((d) => d.code === 'unknown-fact' && d.message.includes("did you mean 'property_manager_email'")),
    ).toBe(true);
  });

  it('a signing task with no document is a warning at the task', () => {
    const d = loadDefinitions(
      withChange('reco/program.yaml', (t) => t.slice(0, t.indexOf('\n# Documents generated'))),
    ).diagnostics;
    const w = d.find((x) => x.code === 'task-without-documents');
    expect(w?.severity).toBe('warning');
    expect(w?.message).toContain("task 'sign_document' collects signatures");
    expect(w?.file).toContain('reco/program.yaml');
  });

  it('a form with signature fields must produce documents, and name fields it has', () => {
    const e = errors(
      withChange('sign_document/form.yaml', (t) => t.replace('  document_status: all', '  document_state: all')),
    );
    expect(e.some((d) => d.code === 'unknown-field' && d.message.includes("'document_state'"))).toBe(true);
    const e2 = errors(withChange('sign_document/form.yaml', (t) => t.replace('produces_documents: true\n', '')));
    expect(e2.some((d) => d.code === 'signatures-without-documents')).toBe(true);
  });
});
