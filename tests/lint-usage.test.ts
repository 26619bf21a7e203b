/**
 * Energy usage collection (issue 45): a step in no stage (or in two), a usage fact put into a field of another unit
 * or kind, a required read-only field nothing fills, and a program reading usage.* (or filling usage_fields) without
 * collecting usage, each reported at the line to change. The repository's programs and forms have none of them.
 */

import { describe, expect, it } from 'vitest';
import { loadRepo } from './load-repo.ts';
import { expectRow, F } from './support/lint-rows.ts';

const USAGE = 'program-defs/_shared/usage-collection.yaml';
const CODES = [
  'usage-step-unlisted',
  'usage-step-twice',
  'usage-unit-mismatch',
  'usage-fact-type',
  'readonly-required-field',
  'usage-not-collected',
];

interface Row {
  name: string;
  program: string;
  file?: string;
  from: string;
  to: string;
  code: string;
  at: { text: string; file?: string; offset?: number };
  says?: string;
}

const ROWS: Row[] = [
  // The workflow's stages: each step listed once, in a stage.
  {
    name: 'a step dropped from its stage',
    program: 'reco',
    file: USAGE,
    from: '[identify_meters, extract_usage_from_utility, collect_from_vendor]',
    to: '[identify_meters, extract_usage_from_utility]',
    code: 'usage-step-unlisted',
    at: { text: '[identify_meters' },
    says: "step 'collect_from_vendor' is listed in no stage",
  },
  {
    name: 'the first step of a stage dropped',
    program: 'reco',
    file: USAGE,
    from: 'steps: [evaluate_usage, set_derived_usage_profile]',
    to: 'steps: [set_derived_usage_profile]',
    code: 'usage-step-unlisted',
    at: { text: '[set_derived_usage_profile]' },
    says: "stage 'process'",
  },
  {
    name: 'the invite step dropped',
    program: 'reco',
    file: USAGE,
    from: '[send_homeowner_invite, visit_collection_page]',
    to: '[visit_collection_page]',
    code: 'usage-step-unlisted',
    at: { text: '[visit_collection_page]' },
  },
  {
    name: 'a step copied into another stage',
    program: 'reco',
    file: USAGE,
    from: 'steps: [attempt_authentication, validate_credentials]',
    to: 'steps: [attempt_authentication, validate_credentials, identify_meters]',
    code: 'usage-step-twice',
    at: { text: 'identify_meters]' },
    says: "also listed in stage 'collect'",
  },
  // Units and kinds of what usage collection puts in a field.
  {
    name: 'kWh prefilled into a therms field',
    program: 'reco',
    file: F('review_electric_and_gas_usage'),
    from: 'annual_heating_therms: annual_heating_therms',
    to: 'annual_heating_therms: annual_heating_kwh',
    code: 'usage-unit-mismatch',
    at: { text: 'annual_heating_therms: annual_heating_kwh', offset: 'annual_heating_therms: '.length },
    says: "did you mean 'annual_heating_therms'?",
  },
  {
    name: 'therms prefilled into a kWh field',
    program: 'udve',
    file: F('review_electric_and_gas_usage'),
    from: 'annual_baseline_kwh: annual_baseline_kwh',
    to: 'annual_baseline_kwh: annual_total_therms',
    code: 'usage-unit-mismatch',
    at: { text: 'annual_total_therms' },
    says: "did you mean 'annual_total_kwh'?",
  },
  {
    name: "another use's kWh prefilled into a therms field",
    program: 'reco',
    file: F('review_electric_and_gas_usage'),
    from: 'annual_baseline_therms: annual_baseline_therms',
    to: 'annual_baseline_therms: annual_cooling_kwh',
    code: 'usage-unit-mismatch',
    at: { text: 'annual_baseline_therms: annual_cooling_kwh', offset: 'annual_baseline_therms: '.length },
    says: "did you mean 'annual_cooling_therms'?",
  },
  {
    name: 'a number prefilled into a text field',
    program: 'reco',
    file: F('provide_utility_credentials'),
    from: 'utility_name: utility',
    to: 'utility_name: months_covered',
    code: 'usage-fact-type',
    at: { text: 'months_covered' },
  },
  {
    name: 'a text fact filling a list field',
    program: 'reco',
    file: F('provide_utility_credentials'),
    from: 'authorized_accounts: accounts',
    to: 'authorized_accounts: utility',
    code: 'usage-fact-type',
    at: { text: 'authorized_accounts: utility', offset: 'authorized_accounts: '.length },
  },
  // Required, read-only and filled by nothing: the task never completes.
  {
    name: 'a field dropped from usage_fields while required and read-only',
    program: 'reco',
    file: F('provide_utility_credentials'),
    from: '  authorization_reference: authorization_reference\n',
    to: '',
    code: 'readonly-required-field',
    at: { text: 'usage_fields:' },
    says: 'authorization_reference: authorization_reference',
  },
  {
    name: 'a prefilled field made read-only while required',
    program: 'reco',
    file: F('provide_utility_credentials'),
    from: 'utility_name: { "ui:help": The company on your utility bill. }',
    to: 'utility_name: { "ui:readonly": true, "ui:help": The company on your utility bill. }',
    code: 'readonly-required-field',
    at: { text: 'usage_fields:' },
  },
  {
    name: 'the whole usage_fields block dropped',
    program: 'reco',
    file: F('provide_utility_credentials'),
    from: 'usage_fields:\n  authorized_accounts: accounts\n  authorization_reference: authorization_reference\n  authorized_on: connected_on\n',
    to: '',
    code: 'readonly-required-field',
    at: { text: 'authorization_reference]' },
  },
  {
    name: 'a required field of an ordinary form made read-only',
    program: 'udve',
    file: F('confirm_install_dates'),
    from: 'contract_sold_date: { "ui:widget": date }',
    to: 'contract_sold_date: { "ui:widget": date, "ui:readonly": true }',
    code: 'readonly-required-field',
    at: { text: 'contract_sold_date]' },
  },
  // usage.* read, or usage_fields filled, where no usage is collected.
  {
    name: 'a task applies_if reading usage.* in a program that collects none',
    program: 'udve',
    from: '{ "!": [{ var: job.is_deemed }] } }',
    to: '{ "!": [{ var: usage.connected }] } }',
    code: 'usage-not-collected',
    at: { text: 'usage.connected' },
  },
  {
    name: 'an eligibility rule reading usage.* in a program that collects none',
    program: 'udve',
    from: '{ in: [{ var: job.zip }, { var: constants.hard_to_reach_zip_codes }] }',
    to: '{ in: [{ var: [usage.utility, ""] }, { var: constants.hard_to_reach_zip_codes }] }',
    code: 'usage-not-collected',
    at: { text: 'usage.utility' },
  },
  {
    name: 'usage_collection dropped while a task fills usage_fields',
    program: 'reco',
    from: 'usage_collection: { task: provide_utility_credentials, months_required: 12 }',
    to: '',
    code: 'usage-not-collected',
    at: { text: 'form: provide_utility_credentials', offset: 'form: '.length },
  },
];

describe('usage collection: mistakes at their lines', () => {
  it.each(ROWS)('$name: $code', (row) => {
    const found = expectRow(row);
    if (row.says) expect(found.map((d) => d.message).join('\n')).toContain(row.says);
  });
});

describe("the repository's usage collection", () => {
  it('has every step in one stage, units that agree, and every read-only field filled', () => {
    const { diagnostics } = loadRepo({ lazy_forms: true });
    expect(diagnostics.filter((d) => CODES.includes(d.code))).toEqual([]);
  });
});
