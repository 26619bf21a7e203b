/**
 * `npm run lint`'s OpenAPI step (scripts/lint-openapi.js): the built document lints clean under Redocly's strict
 * recommended rules, and our own rules (scripts/openapi/rules.js) refuse what they are there for.
 */

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDocument } from '../../server/openapi/document.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Redocly's problems with a document, as rule ids ("rebate/..." for ours). */
function lint(doc: unknown): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'rebate-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  const r = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'redocly'),
    ['lint', file, '--config', join(ROOT, 'scripts', 'openapi', 'redocly.yaml'), '--format', 'json'],
    { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  const json = r.stdout.slice(r.stdout.indexOf('{'));
  return (JSON.parse(json) as { problems: { ruleId: string }[] }).problems.map((p) => p.ruleId);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const copy = (): any => structuredClone(apiDocument());

describe('the OpenAPI lint', () => {
  it('finds no error and no warning in openapi.json', () => {
    expect(lint(copy())).toEqual([]);
  }, 60_000);

  it('refuses what our rules are there for, and an operation without an operationId', () => {
    const doc = copy();
    // {id} where its siblings say {job_id}.
    doc.paths['/api/jobs/{id}/claim-job'] = doc.paths['/api/jobs/{job_id}/claim-job'];
    delete doc.paths['/api/jobs/{job_id}/claim-job'];
    doc.paths['/api/jobs/{id}/claim-job'].put.parameters[0].name = 'id';
    // A string job id: /api/jobs/code/{short_code} and /api/jobs/{job_id}/history are no longer told apart.
    for (const op of Object.values(doc.paths['/api/jobs/{job_id}/history']) as { parameters: { schema: unknown }[] }[])
      op.parameters[0].schema = { type: 'string' };
    // A redirect without its Location.
    delete doc.paths['/api/auth/oidc/start'].get.responses['302'].headers;
    delete doc.paths['/api/jobs'].get.operationId;
    expect(lint(doc).sort()).toEqual([
      'operation-operationId',
      'rebate/no-ambiguous-paths',
      'rebate/operation-success-response',
      'rebate/path-param-names',
    ]);
  }, 60_000);
});
