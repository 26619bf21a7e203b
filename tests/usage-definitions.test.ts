/**
 * Energy usage collection as data: the workflow's wording (_shared/usage-collection.yaml), a program's
 * `usage_collection:`, forms' `usage_fields:` / `usage_prefill:` and rules reading `usage.*` facts; what
 * the loader refuses there, at the spot; and the engine's reading of steps (overall status, energy
 * history, each audience's wording).
 */

import { describe, expect, it } from 'vitest';
import {
  buildFacts,
  energyHistory,
  freshSteps,
  homeownerMessage,
  jobInputOf,
  loadDefinitions,
  overallStatus,
  stepWords,
  USAGE_FACTS,
  USAGE_STEPS,
  type SourceFile,
  type UsageWording,
} from '../engine/index.ts';
import { readDefinitionFiles } from '../cli/read-files.ts';
import { loadRepo, ROOT } from './load-repo.ts';
import { withUsage } from '../server/workflows/usage/task-fields.ts';
import FORM_META from '../engine/schema/task-form.schema.json' with { type: 'json' };

const defs = loadRepo();
const w = defs.shared.usage_collection as UsageWording;

describe('the workflow as data', () => {
  it('four stages hold the nine steps in order, each step worded for internal users and contractors', () => {
    expect(w.stages.map((s) => s.label)).toEqual(['Invite', 'Authenticate', 'Collect', 'Process']);
    expect(w.stages.flatMap((s) => s.steps)).toEqual([...USAGE_STEPS]);
    for (const s of USAGE_STEPS) expect(w.steps[s].contractor.failure, s).not.toMatch(/credential|2FA|\{detail\}/i);
  });

  it('overall status and energy history follow the steps', () => {
    const steps = freshSteps();
    expect([overallStatus(steps), energyHistory(steps)]).toEqual(['not_attempted', 'pending']);
    steps.send_homeowner_invite = { status: 'success', at: 't', detail: 'a@b.c', failure: null };
    expect(overallStatus(steps)).toBe('in_progress');
    steps.validate_credentials = { status: 'failure', at: 't', detail: null, failure: 'two_factor_failed' };
    expect(overallStatus(steps)).toBe('failed');
    steps.validate_credentials = { status: 'success', at: 't', detail: 'We Energies', failure: null };
    expect([overallStatus(steps), energyHistory(steps)]).toEqual(['in_progress', 'connected']);
    steps.set_derived_usage_profile = { status: 'success', at: 't', detail: 'x', failure: null };
    expect([overallStatus(steps), energyHistory(steps)]).toEqual(['complete', 'collected']);
  });

  it('internal users read the detail, contractors the softer wording, homeowners what to do next', () => {
    const failed = { status: 'failure' as const, at: 't', detail: null, failure: 'two_factor_failed' as const };
    expect(stepWords(w, 'internal', 'validate_credentials', failed)).toBe(
      'Credential validation failed at 2FA: the security code was not accepted',
    );
    expect(stepWords(w, 'internal', 'validate_credentials', { ...failed, detail: 'the provider said so' })).toBe(
      'the provider said so',
    );
    expect(stepWords(w, 'contractor', 'validate_credentials', failed)).toBe('The utility did not accept the sign-in');
    expect(stepWords(w, 'contractor', 'evaluate_usage', { ...failed, failure: 'partial_data' })).toBe(
      'Usage could not be evaluated',
    );
    const steps = freshSteps();
    steps.validate_credentials = failed;
    expect(homeownerMessage(w, steps, true)).toMatch(/security code was not accepted.*sign in again/i);
    expect(homeownerMessage(w, freshSteps(), false)).toBe(w.homeowner.declined);
    expect(homeownerMessage(w, freshSteps(), null)).toBe(w.homeowner.connect);
  });

  it('a contractor’s words agree with the step’s status: a failure never reads as waiting, nothing reads as running', () => {
    // Issue 42: a red failed step read "Waiting to receive", and a step nothing runs read "Evaluating".
    for (const [step, words] of Object.entries(w.steps)) {
      const c = words.contractor;
      expect(c.failure, step).not.toBe(c.not_attempted);
      expect(c.failure, step).not.toMatch(/^(Waiting|Evaluating|Not started)/);
      expect(c.not_attempted, step).not.toMatch(/ing$/);
    }
  });

  it('a form may fill usage_fields and usage_prefill from every usage fact, and from nothing else', () => {
    for (const key of ['usage_fields', 'usage_prefill'] as const)
      expect(FORM_META.properties[key].additionalProperties.enum, key).toEqual([...USAGE_FACTS]);
  });

  it('usage facts are readable by rules; usage_fields are the server’s and usage_prefill fills only what is empty', () => {
    const p = defs.programs.reco;
    const facts = buildFacts(
      p,
      jobInputOf({ id: 1, usage_facts: JSON.stringify({ months_covered: 12, annual_baseline_kwh: 4200 }) }),
      { today: '2026-06-01' },
    );
    expect(facts.usage).toEqual({ months_covered: 12, annual_baseline_kwh: 4200 });
    const review = defs.forms.review_electric_and_gas_usage;
    expect(withUsage(review, null, { annual_baseline_kwh: 4200 })).toEqual({ annual_baseline_kwh: 4200 });
    expect(withUsage(review, { annual_baseline_kwh: 100 }, { annual_baseline_kwh: 4200 })).toEqual({
      annual_baseline_kwh: 100,
    });
    const creds = defs.forms.provide_utility_credentials;
    expect(withUsage(creds, { authorization_reference: 'typed', utility_data_consent: true }, {})).toEqual({
      utility_data_consent: true,
    });
    expect(
      withUsage(creds, { authorization_reference: 'typed' }, { authorization_reference: 'auth_1', accounts: ['gas'] }),
    ).toMatchObject({ authorization_reference: 'auth_1', authorized_accounts: ['gas'] });
    expect(p.usage_collection).toEqual({ task: 'provide_utility_credentials', months_required: 12 });
  });
});

describe('what the loader refuses in usage collection', () => {
  const files = readDefinitionFiles([], ROOT);
  const withChange = (path: string, change: (text: string) => string): SourceFile[] =>
    files.map((f) => (f.path.endsWith(path) ? { ...f, text: change(f.text) } : f));
  const errors = (fs: SourceFile[]) => loadDefinitions(fs).diagnostics.filter((d) => d.severity === 'error');

  it('a usage_collection naming a task the program lacks, with a suggestion, at the line', () => {
    const e = errors(
      withChange('reco/program.yaml', (t) =>
        t.replace(
          'usage_collection: { task: provide_utility_credentials',
          'usage_collection: { task: provide_utility_credential',
        ),
      ),
    );
    const d = e.find((x) => x.code === 'unknown-task')!;
    expect(d.message).toContain("did you mean 'provide_utility_credentials'");
    expect(d.file).toContain('reco/program.yaml');
    expect(d.range.line).toBeGreaterThan(1);
  });

  it('a usage_collection task whose form records no connection', () => {
    const e = errors(
      withChange('reco/program.yaml', (t) =>
        t.replace(
          'usage_collection: { task: provide_utility_credentials',
          'usage_collection: { task: provide_services',
        ),
      ),
    );
    expect(e.map((x) => x.code)).toContain('usage-task-without-fields');
  });

  it('usage_fields naming an unknown field or fact; a rule reading a usage fact that does not exist', () => {
    const e = errors(
      withChange('provide_utility_credentials/form.yaml', (t) =>
        t.replace('  authorization_reference: authorization_reference', '  authorization_ref: authorization_reference'),
      ),
    );
    expect(e.find((x) => x.code === 'unknown-field')?.message).toContain('authorization_ref');
    // A fact name outside the list is refused by the form's meta-schema, at its line.
    const bad = errors(
      withChange('provide_utility_credentials/form.yaml', (t) =>
        t.replace('  authorized_on: connected_on', '  authorized_on: connected_date'),
      ),
    );
    expect(bad.length).toBeGreaterThan(0);
    expect(bad[0].path).toEqual(['usage_fields', 'authorized_on']);
    const e2 = errors(
      withChange('reco/program.yaml', (t) =>
        t.replace(
          '- { "!=": [{ var: review_deemed_range.estimated_annual_savings_kwh }, null] }\n        - { "<":',
          '- { "!=": [{ var: usage.months_colected }, null] }\n        - { "<":',
        ),
      ),
    );
    expect(e2.find((x) => x.code === 'unknown-fact')?.message).toContain("usage collection sets no 'months_colected'");
  });

  it('the wording file missing a step or a failure', () => {
    const e = errors(
      withChange('_shared/usage-collection.yaml', (t) =>
        t.replace(
          '    evaluate_usage:\n      label: Evaluate usage',
          '    evaluate_usag:\n      label: Evaluate usage',
        ),
      ),
    );
    expect(e.length).toBeGreaterThan(0);
    expect(e[0].file).toContain('usage-collection.yaml');
  });
});
