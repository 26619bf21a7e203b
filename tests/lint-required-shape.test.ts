/**
 * A form whose `required` is not a list (a fuzzed `required: 1e400`, which YAML reads as Infinity) is reported as an
 * invalid schema, and no check iterates it on the way (the signer checks and the conditional fields' check did, and the
 * loader answered 'loader-error' for the whole program).
 */

import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../engine/index.ts';
import { programFiles } from './support/lint-rows.ts';

const FORM = 'task-schemas/sign_ira_tenant_owner_acknowledgment/form.yaml';

describe("a form's required that is not a list", () => {
  for (const value of ['1e400', '7', 'x', '{a: 1}'])
    it(`required: ${value} is a schema error, not a loader error`, () => {
      const files = [...new Map(programFiles('wi-hear').map((f) => [f.path, f])).values()].map((f) =>
        f.path === FORM ? { ...f, text: f.text.replace(/^( {2}required: ).*$/m, `$1${value}`) } : f,
      );
      expect(files.find((f) => f.path === FORM)?.text).toContain(`  required: ${value}`);
      for (const lazy_forms of [true, false]) {
        const defs = loadDefinitions(files, { unused_forms: false, lazy_forms, evaluator: 'interpreted' });
        expect(defs.diagnostics.filter((d) => d.code === 'loader-error')).toEqual([]);
        if (!lazy_forms)
          expect(defs.diagnostics.map((d) => [d.code, d.file])).toContainEqual(['form-schema-invalid', FORM]);
      }
    });
});
