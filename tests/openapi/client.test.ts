/**
 * The generated TypeScript client (openapi-typescript over openapi.json) against the web's own calls: every
 * `api(...)` call of web/ reaches a documented path and method and sends a body the compiler finds assignable to the
 * generated request body type; a path that does not exist or a body of the wrong shape fails.
 */

import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDocument } from '../../server/openapi/document.ts';
import { checkWebCalls, generatedTypes, sourceFiles } from './web-calls.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const doc = apiDocument() as unknown as Parameters<typeof checkWebCalls>[0];

describe('the generated client and the web', () => {
  it('openapi-typescript generates the types of every path', async () => {
    const types = readFileSync(await generatedTypes(doc), 'utf8');
    expect(types).toContain('export interface paths');
    expect(types).toContain('"/api/jobs/{job_id}/tasks/{task_id}/submit"');
    expect(types).toContain('postJobsTasksSubmit');
  });

  it('every call of the web reaches a documented operation with a body of the documented shape', async () => {
    const r = await checkWebCalls(doc, sourceFiles(join(ROOT, 'web')), ROOT);
    expect(r.problems).toEqual([]);
    expect(r.calls.length).toBeGreaterThan(100);
    expect(r.calls.every((c) => c.route)).toBe(true);
    expect(r.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', route: '/api/jobs/{job_id}/tasks/{task_id}/exceptions/{kind}' }),
    );
  }, 180_000);

  it('fails on a path that does not exist, a wrong method and bodies of the wrong shape', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rebate-web-calls-'));
    const file = join(dir, 'calls.ts');
    const client = JSON.stringify(join(ROOT, 'web', 'lib', 'api-client.ts'));
    writeFileSync(
      file,
      [
        `import { api } from ${client};`,
        `export const a = (id: number) => api('GET', \`/api/jobs/\${id}/nowhere\`);`,
        `export const b = () => api('DELETE', '/api/jobs/filters');`,
        `export const c = () => api('POST', '/api/jobs', { body: { program_id: 7 } });`,
        `export const d = (id: number) => api('PATCH', \`/api/jobs/\${id}/cancel\`);`,
        `export const e = (id: number) => api('PUT', \`/api/jobs/\${id}/claim-job\`, { body: { x: 1 } });`,
        `export const f = (token: string) => api('POST', \`/api/usage-connect/\${token}/connect\`, { body: { consent: false } });`,
        `export const g = () => api('GET', '/api/jobs/code');`,
        `const base = (job: number) => \`/api/jobs/\${job}\`;`,
        `export const h = (job: number, reason: string) => api('PATCH', \`\${base(job)}/cancel\`, { body: { reason } });`,
      ].join('\n'),
    );
    const r = await checkWebCalls(doc, [file], dir);
    const at = (line: number) => r.problems.filter((p) => p.startsWith(`calls.ts:${line}:`));
    expect(at(2)).toEqual(['calls.ts:2: GET /api/jobs/{}/nowhere: no such path in openapi.json']);
    expect(at(3)).toEqual(['calls.ts:3: DELETE /api/jobs/filters: the path takes no DELETE']);
    expect(at(4).join()).toMatch(/POST \/api\/jobs: .*not assignable/);
    expect(at(5)).toEqual(['calls.ts:5: PATCH /api/jobs/{job_id}/cancel: sends no body, the operation requires one']);
    expect(at(6)).toEqual(['calls.ts:6: PUT /api/jobs/{job_id}/claim-job: sends a body, the operation takes none']);
    expect(at(7).join()).toMatch(/'false' is not assignable to type 'true'/);
    expect(at(8)).toEqual(['calls.ts:8: GET /api/jobs/code: no such path in openapi.json']);
    // A path built by a local function is read through it; a cancel reason is one of the spec's, not any string.
    expect(at(10).join()).toMatch(
      /PATCH \/api\/jobs\/\{job_id\}\/cancel: Type 'string' is not assignable to type '"lost"/,
    );
    expect(r.problems.length).toBe(8);
  }, 120_000);
});
