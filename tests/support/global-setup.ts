/**
 * The run's demo templates (tests/support/demo-templates.ts): their folder, made before the tests and removed after
 * them with the PostgreSQL template databases; and the templates most seeded-demo tests read started at once, so they
 * seed beside the first test files instead of in front of a test that waits for them.
 */

import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { asSeededDatabase, onServer, startTemplate, templateDatabase, type TemplateKey } from './demo-templates.ts';
import { migratedDatabase } from './migrated-template.ts';
import { fileReadsSeededDemo } from './quick-files.ts';

/** The API suite's clock (tests/api/harness.ts NOW): the seeded-demo tests of both backends seed at it. */
export const SEEDED_NOW = '2026-06-01T15:00:00.000Z';

/** Makes the run's folder of templates unless another project's setup did; the teardown that removes it, if made. */
export function runTemplates(): (() => Promise<void>) | undefined {
  if (process.env.REBATE_DEMO_TEMPLATES) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'rebate-demo-templates-'));
  process.env.REBATE_DEMO_TEMPLATES = dir;
  return async () => {
    for (const name of readdirSync(dir).filter((n) => existsSync(join(dir, n, 'key.json')))) {
      const key = JSON.parse(readFileSync(join(dir, name, 'key.json'), 'utf8')) as TemplateKey;
      if (key.backend === 'postgres')
        for (const name of [templateDatabase(key), asSeededDatabase(templateDatabase(key))])
          await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    if (existsSync(join(dir, 'pg_migrated')))
      await onServer(`DROP DATABASE IF EXISTS ${migratedDatabase()} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
    delete process.env.REBATE_DEMO_TEMPLATES;
  };
}

/**
 * The test files of this run (every project's, after the command line's filters). Vitest has collected none yet when a
 * global setup runs (its `state` lists none then: these setups saw no file, and so started no demo early).
 */
export async function runFiles(project: TestProject): Promise<string[]> {
  const vitest = project.vitest as TestProject['vitest'] & { filenamePattern?: string[] };
  return (await vitest.globTestSpecifications(vitest.filenamePattern ?? [])).map((s) => s.moduleId);
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const teardown = runTemplates();
  // Only when the run has a test that copies the seeded demo (the rest of the runs never wait on a seed).
  const files = await runFiles(project);
  const seeded = files.some((f) => /\.test\.tsx?$/.test(f) && fileReadsSeededDemo(f));
  if (seeded) {
    startTemplate({ backend: 'sqlite', now: SEEDED_NOW });
    if (process.env.TEST_DATABASE_URL) startTemplate({ backend: 'postgres', now: SEEDED_NOW });
  }
  return teardown;
}
