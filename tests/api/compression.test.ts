/**
 * Compressed answers (server/app.ts, koa-compress): an answer of 1 KB or more in a compressible type goes out in
 * the encoding the client accepts (brotli first, else gzip) and decodes to the very bytes sent to a client that
 * accepts none; a smaller answer, and a photo, go as they are. Raw requests (node:http): fetch would ask for and
 * decode an encoding itself.
 */

import { request } from 'node:http';
import { brotliDecompressSync, crc32, deflateSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createJob } from './fixtures.ts';

let s: TestServer;
let token: string;
let jobId: number;

beforeAll(async () => {
  s = await startServer();
  for (let i = 0; i < 3; i++) jobId = (await createJob(s)).id;
  token = await s.tokenOf('ops');
});
afterAll(() => s.close());

/** A GET as ops, with the Accept-Encoding given (none when undefined): status, headers and the raw bytes. */
function get(path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(s.url + path);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A valid 1x1 PNG carrying a text chunk of `size` bytes (well compressible, were it compressed). */
function bigPng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const n = Buffer.alloc(4);
    n.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([n, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(size, 'a')])),
    chunk('IDAT', deflateSync(Buffer.from([0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('compressed answers', () => {
  it.each([
    ['the jobs list', '/api/jobs?page_number=1&per_page=25'],
    ['a job', () => `/api/jobs/${jobId}`],
    ['the programs', '/api/programs'],
  ] as const)('%s: brotli or gzip as the client accepts, the same bytes decoded; as they are to a client that accepts none', async (_name, at) => {
    const path = typeof at === 'function' ? at() : at;
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThanOrEqual(1024);
    JSON.parse(plain.bytes.toString('utf8'));

    const br = await get(path, 'gzip, deflate, br');
    expect([br.status, br.headers['content-encoding']]).toEqual([200, 'br']);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2);

    const gz = await get(path, 'gzip');
    expect([gz.status, gz.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(gunzipSync(gz.bytes).equals(plain.bytes)).toBe(true);

    // An encoding the client refuses is not used.
    const none = await get(path, 'identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.bytes.equals(plain.bytes)).toBe(true);
  });

  it('a small answer (under 1 KB) goes as it is, whatever the client accepts', async () => {
    const small = await get('/api/config', 'gzip, br');
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    JSON.parse(small.bytes.toString('utf8'));
  });

  it('a photo (not a compressible type) goes as it is, however large', async () => {
    const png = bigPng(4096);
    const f = new FormData();
    f.set('task_id', 'photos_of_installed_measures');
    f.set('field', 'heat_pump_outdoor_unit_photos');
    f.set('file', new Blob([new Uint8Array(png)]), 'unit.png');
    const up = await s.api('POST', `/api/jobs/${jobId}/attachments`, { as: 'ops', body: f });
    expect(up.status).toBe(201);
    const photo = await get(`/api/attachments/${up.body.id}/download`, 'gzip, br');
    expect([photo.status, photo.headers['content-type'], photo.headers['content-encoding']]).toEqual([200, 'image/png', undefined]);
    expect(photo.bytes.equals(png)).toBe(true);
  });
});
