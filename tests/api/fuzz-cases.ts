/**
 * The hostile inputs of the API fuzz suite (fuzz.test.ts) as fast-check arbitraries: path values,
 * query strings, headers, JSON bodies derived from a route's documented schema and then broken, and
 * multipart streams for the upload route. Everything here is pure: the test draws from these with a
 * fixed seed, so a failure names a request that reproduces.
 */

import { demoPdf } from '../../server/seed/demo-files.ts';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

/** A JSON schema as openapi.json documents a body (only what the generator reads). */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
}

/** One request as the fuzz sends it: raw bytes, any headers. */
export interface FuzzRequest {
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What the body is, for the failure message (the bytes may be megabytes). */
  label: string;
}

/** Path and query values nothing should choke on. Path values are used as given (already URL-encoded where needed). */
export const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '%201',
  '01',
  '99999999999999999999',
  '9007199254740993',
  '2147483648',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  '%00',
  'a%00b',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..%2Fpackage.json',
  '%2e%2e',
  '%5C..%5C',
  '%20',
  '%25',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '%F0%9F%92%A9',
  '%E2%80%AE',
  '%EF%BB%BF1',
  '%27%3B%20DROP%20TABLE%20jobs%3B--',
  '1%27%20OR%20%271%27%3D%271',
  '%22%3E%3Cscript%3E',
  '*',
  '%2A',
  '%3F',
  '%23',
  'a'.repeat(300),
  '9'.repeat(5000),
  'x'.repeat(8000),
] as const;

/** Any value of a query parameter (raw: percent-encoding left as is, including broken ones). */
export const hostileQueryValue = fc.oneof(
  fc.constantFrom(
    ...HOSTILE_SEGMENTS,
    '',
    'true',
    'false',
    '1',
    '25',
    '200',
    '201',
    '-5',
    'asc',
    'DESC',
    'eligible',
    'heat_pump',
    'wi-hear',
    'created_at',
    'stage',
    '1,2,3',
    ',,,',
    'a,%00,b',
  ),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.integer().map(String),
  fc.double().map(String),
);

/** A query string: documented names with hostile values, repeated keys, arrays, prototype names. */
export function queryArb(names: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 4, arbitrary: names.length ? fc.constantFrom(...names) : fc.constant('q') },
    fc.constantFrom(
      '__proto__',
      'constructor',
      '__proto__[polluted]',
      'a[]',
      'a[b]',
      'q[]',
      'page_number[]',
      'per_page[$gt]',
      '',
      '%00',
      '%zz',
      'x'.repeat(2000),
    ),
  );
  const pair = fc
    .tuple(name, hostileQueryValue, fc.boolean())
    .map(([k, v, bare]) => (bare && v === '' ? k : `${k}=${v}`));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 6, arbitrary: fc.array(pair, { minLength: 1, maxLength: 6 }).map((ps) => `?${ps.join('&')}`) },
    // Every documented name twice (?a=1&a=2 makes an array).
    fc
      .tuple(hostileQueryValue, hostileQueryValue)
      .map(([a, b]) => `?${(names.length ? names : ['q']).flatMap((n) => [`${n}=${a}`, `${n}=${b}`]).join('&')}`),
    fc.constantFrom(
      '?',
      '??',
      '?&&&',
      '?=',
      '?=x',
      `?q=${'a'.repeat(100_000)}`,
      `?${'a=1&'.repeat(2000)}`,
      '?%',
      '?a=%',
      '?a=%E0%A4%A',
    ),
  );
}

/** A JSON value of (roughly) the documented type, valid or near it. */
function valueOf(schema: Schema | undefined, depth: number): fc.Arbitrary<unknown> {
  const s = schema ?? {};
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('null') && types.length > 1)
    return fc.oneof(
      { weight: 4, arbitrary: valueOf({ ...s, type: types.find((t) => t !== 'null') }, depth) },
      fc.constant(null),
    );
  switch (types[0]) {
    case 'string':
      return fc.oneof(
        fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 30) }),
        fc.constantFrom(
          'x',
          'jo@home.test',
          '414-555-0100',
          'https://example.com/a',
          '2026-06-01',
          'wi-hear',
          'heat_pump',
          'contractor',
          'ops',
          'WI',
        ),
      );
    case 'integer':
      return fc.oneof(fc.integer({ min: s.minimum ?? -5, max: s.maximum ?? 5 }), fc.constantFrom(0, 1, 2));
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(valueOf(s.items, depth + 1), { maxLength: 3 });
    case 'object':
      if (depth > 3) return fc.constant({});
      return s.properties
        ? objectOf(s, depth + 1)
        : fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of the wrong type (or an absurd value of the right one). */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 1,
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    '\u202E',
    '💩',
    '<script>alert(1)</script>',
    "'; DROP TABLE jobs; --",
    '__proto__',
    [],
    {},
    [null],
    [[[]]],
    { __proto__: null },
  ),
  fc.constantFrom(10_000, 100_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(201, 5000).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** An object of a schema's properties: each present or not, each valid-ish or of the wrong type. */
function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, sub] of entries)
    model[k] = fc.oneof({ weight: 3, arbitrary: valueOf(sub, depth) }, { weight: 1, arbitrary: wrongValue });
  return fc.record(model, { requiredKeys: [] });
}

/** Keys that must never become anything but data. */
const EVIL_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  '\u0000',
  'a'.repeat(1000),
  '$where',
  '__defineSetter__',
];

/** JSON text of a body built from the schema, then broken in one of many ways. */
export function jsonBodyArb(schema: Schema | undefined): fc.Arbitrary<{ text: string; label: string }> {
  const base =
    schema?.type === 'object' || schema?.properties
      ? objectOf(schema ?? { type: 'object' }, 0)
      : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  const asText = (label: string) => (v: unknown) => ({ text: JSON.stringify(v), label });
  return fc.oneof(
    { weight: 6, arbitrary: base.map(asText('schema-shaped')) },
    // Extra keys, including prototype names (as JSON text: an object literal would not keep __proto__).
    {
      weight: 3,
      arbitrary: fc.tuple(base, fc.constantFrom(...EVIL_KEYS), wrongValue).map(([v, k, w]) => {
        const inner = JSON.stringify(v).slice(1, -1);
        return {
          text: `{${JSON.stringify(k)}:${JSON.stringify(w ?? null)}${inner ? `,${inner}` : ''}}`,
          label: `extra key ${JSON.stringify(k.slice(0, 20))}`,
        };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        text: '{"__proto__":{"polluted":true,"role":"ops","is_admin":true},"constructor":{"prototype":{"polluted":true}}}',
        label: 'prototype pollution',
      }),
    },
    // Truncated JSON.
    {
      weight: 3,
      arbitrary: fc.tuple(base, fc.nat()).map(([v, n]) => {
        const t = JSON.stringify(v);
        return { text: t.slice(0, t.length > 1 ? (n % (t.length - 1)) + 1 : 1), label: 'truncated' };
      }),
    },
    // Not an object at all.
    { weight: 2, arbitrary: wrongValue.map((v) => ({ text: JSON.stringify(v) ?? 'null', label: 'not an object' })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '',
          ' ',
          '{',
          '}',
          '[',
          '"',
          'nul',
          'undefined',
          'NaN',
          '{"a":}',
          '{a:1}',
          "{'a':1}",
          '{"a":1,}',
          '[1,]',
          '\u0000',
          '\uFEFF{}',
          '{"a":"\\ud800"}',
          '{"a":"\\u00"}',
          '{"a":1}{"b":2}',
          '1e999999',
          '-',
          '{"a":01}',
        )
        .map((text) => ({ text, label: 'not JSON' })),
    },
    // Deep nesting (below and far past the 32-level limit).
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(31, 33, 200, 5000, 100_000)
        .chain((n) =>
          fc.constantFrom(
            { text: '['.repeat(n) + ']'.repeat(n), label: `array nested ${n}` },
            { text: '{"a":'.repeat(n) + '1' + '}'.repeat(n), label: `object nested ${n}` },
            { text: '['.repeat(n), label: `unclosed nesting ${n}` },
          ),
        ),
    },
    // Huge: a long string, and one past the 2 MB limit.
    {
      weight: 1,
      arbitrary: fc.constantFrom(1_000_000, 2_200_000).map((n) => ({
        text: JSON.stringify({ data: {}, version: 0, first_name: 'x'.repeat(n) }),
        label: `huge string ${n}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        text: `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
        label: 'many keys',
      }),
    },
  );
}

/** Content-Type and Content-Encoding of a body (mostly honest, sometimes not). */
export const bodyHeadersArb = fc.record({
  type: fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    fc.constantFrom(
      undefined,
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/json; charset=bogus',
      'application/vnd.api+json',
      'application/x-www-form-urlencoded',
      'text/plain',
      'text/html',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'application/octet-stream',
      '*/*',
      'application/json, text/plain',
      ';;;',
      'x'.repeat(3000),
    ),
  ),
  encoding: fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-compress-9', 'gzip, gzip', 'GZIP', '', 'gzip-honest'),
  ),
});

/** Applies a body's headers; `gzip-honest` really gzips the bytes. */
export function withBody(
  headers: Record<string, string>,
  text: string,
  h: { type?: string; encoding?: string },
): Buffer {
  let bytes = Buffer.from(text);
  if (h.type !== undefined) headers['content-type'] = h.type;
  if (h.encoding === 'gzip-honest') {
    bytes = gzipSync(bytes);
    headers['content-encoding'] = 'gzip';
  } else if (h.encoding !== undefined) headers['content-encoding'] = h.encoding;
  return bytes;
}

/** Headers besides the body's: odd Accept, spoofed forwarding, insane request ids, cookies. */
export const extraHeadersArb: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  fc.constantFrom<Record<string, string>>(
    { accept: 'text/html' },
    { accept: '*/*;q=garbage' },
    { 'x-forwarded-for': '1.2.3.4, 5.6.7.8' },
    { 'x-request-id': 'x'.repeat(5000) },
    { 'x-request-id': '<script>' },
    { 'x-request-id': '../../etc' },
    { cookie: 'session=__proto__; a=%zz' },
    { 'x-http-method-override': 'DELETE' },
    { 'accept-encoding': 'gzip;q=nan, br;q=-1' },
    { 'if-none-match': '*' },
    { range: 'bytes=999999999-' },
    { origin: 'https://evil.test' },
    { 'x-padding': 'a'.repeat(6000) },
  ),
);

/** A real JPEG's first bytes (enough for the type sniffing), a PDF, and nothing in particular. */
export const JPEG_HEAD = Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//', 'base64');
export const PDF = await demoPdf('Test document');

interface Part {
  name: string;
  value?: string;
  filename?: string;
  bytes?: Buffer;
  headers?: string;
}

function multipartBytes(boundary: string, parts: Part[], close: boolean): Buffer {
  const out: Buffer[] = [];
  for (const p of parts) {
    const disp = `Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    out.push(
      Buffer.from(
        `--${boundary}\r\n${disp}\r\n${p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : ''}${p.headers ?? ''}\r\n`,
      ),
    );
    out.push(p.bytes ?? Buffer.from(p.value ?? ''));
    out.push(Buffer.from('\r\n'));
  }
  if (close) out.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}

/** A multipart upload: plausible fields and files, then cut, mislabelled or bloated. */
export function multipartArb(
  taskIds: string[],
  fields: string[],
): fc.Arbitrary<{ body: Buffer; type: string; label: string }> {
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...taskIds, ...fields) },
    fc.constantFrom(...HOSTILE_SEGMENTS.map((v) => decodeURIComponentSafe(v))),
    fc.string({ maxLength: 20 }),
  );
  const file = fc.oneof(
    fc.constantFrom(
      JPEG_HEAD,
      PDF,
      Buffer.alloc(0),
      Buffer.from('GIF89a'),
      Buffer.from('<svg onload=alert(1)>'),
      Buffer.from('MZ\x90\x00'),
    ),
    fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
  );
  const filename = fc.constantFrom(
    'a.jpg',
    'doc.pdf',
    '',
    '../../etc/passwd',
    '..\\..\\boot.ini',
    'a\u0000.jpg',
    '💩.png',
    '\u202Egpj.exe',
    'x'.repeat(1000),
    'a"b.jpg',
    'CON',
    '.htaccess',
  );
  const parts = fc.tuple(text, text, file, filename, fc.boolean()).map(([task_id, field, bytes, fname, swap]) => {
    const ps: Part[] = [
      { name: 'task_id', value: task_id },
      { name: 'field', value: field },
      { name: 'file', filename: fname, bytes },
    ];
    return swap ? ps.reverse() : ps;
  });
  return fc.oneof(
    {
      weight: 3,
      arbitrary: parts.map((ps) => ({
        body: multipartBytes('XyZ', ps, true),
        type: 'multipart/form-data; boundary=XyZ',
        label: 'plausible',
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(parts, fc.nat()).map(([ps, n]) => {
        const whole = multipartBytes('XyZ', ps, true);
        return {
          body: whole.subarray(0, n % whole.length),
          type: 'multipart/form-data; boundary=XyZ',
          label: `cut at ${n % whole.length}`,
        };
      }),
    },
    fc
      .tuple(
        parts,
        fc.constantFrom(
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/form-data; boundary=Other',
          'multipart/mixed; boundary=XyZ',
          'multipart/form-data; boundary="XyZ',
          `multipart/form-data; boundary=${'b'.repeat(200)}`,
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=XyZ; charset=utf-99',
        ),
      )
      .map(([ps, type]) => ({
        body: multipartBytes('XyZ', ps, true),
        type,
        label: `content-type ${type.slice(0, 60)}`,
      })),
    fc.constantFrom(
      {
        body: multipartBytes(
          'XyZ',
          [{ name: 'file', filename: 'a.jpg', bytes: JPEG_HEAD, headers: `X-Huge: ${'h'.repeat(100_000)}\r\n` }],
          true,
        ),
        type: 'multipart/form-data; boundary=XyZ',
        label: 'huge part header',
      },
      {
        body: multipartBytes(
          'XyZ',
          Array.from({ length: 5000 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
          true,
        ),
        type: 'multipart/form-data; boundary=XyZ',
        label: 'many fields',
      },
      {
        body: multipartBytes(
          'XyZ',
          [1, 2, 3].map((i) => ({ name: 'file', filename: `${i}.jpg`, bytes: JPEG_HEAD })),
          true,
        ),
        type: 'multipart/form-data; boundary=XyZ',
        label: 'several files',
      },
      {
        body: multipartBytes(
          'XyZ',
          [
            { name: 'task_id', value: 'x'.repeat(100_000) },
            { name: 'field', value: 'y' },
            { name: 'file', filename: 'a.pdf', bytes: PDF },
          ],
          true,
        ),
        type: 'multipart/form-data; boundary=XyZ',
        label: 'huge field',
      },
      {
        body: Buffer.from('--XyZ\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--XyZ--\r\n'),
        type: 'multipart/form-data; boundary=XyZ',
        label: 'part without a name',
      },
      {
        body: Buffer.from('--XyZ\r\n\r\n\r\n--XyZ--\r\n'),
        type: 'multipart/form-data; boundary=XyZ',
        label: 'part without headers',
      },
      { body: Buffer.from('--XyZ--\r\n'), type: 'multipart/form-data; boundary=XyZ', label: 'no parts' },
      { body: Buffer.alloc(0), type: 'multipart/form-data; boundary=XyZ', label: 'empty body' },
      {
        body: Buffer.from('garbage'.repeat(1000)),
        type: 'multipart/form-data; boundary=XyZ',
        label: 'no boundary in body',
      },
      {
        body: Buffer.concat([
          Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n\r\n'),
          JPEG_HEAD,
          Buffer.alloc(3_000_000),
        ]),
        type: 'multipart/form-data; boundary=XyZ',
        label: 'big file cut short',
      },
      {
        body: Buffer.from(
          `--XyZ\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''%E0%A4%A\r\n\r\nabc\r\n--XyZ--\r\n`,
        ),
        type: 'multipart/form-data; boundary=XyZ',
        label: 'broken RFC 5987 filename',
      },
    ),
  );
}

function decodeURIComponentSafe(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/** A task form's JSON Schema as GET /api/forms/{form} serves it (only what the generator reads). */
export interface FormSchema extends Schema {
  $ref?: string;
  definitions?: Record<string, FormSchema>;
  dependencies?: Record<string, FormSchema | string[]>;
  allOf?: FormSchema[];
  oneOf?: FormSchema[];
  anyOf?: FormSchema[];
  then?: FormSchema;
  else?: FormSchema;
  properties?: Record<string, FormSchema>;
  items?: FormSchema;
}

/** Every field a form can show, shown or hidden (conditional branches flattened), with $refs resolved. */
export function formFields(schema: FormSchema): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  const resolve = (s: FormSchema, depth = 0): FormSchema => {
    const m = s.$ref && /^#\/definitions\/(.+)$/.exec(s.$ref);
    if (!m || depth > 5) return s;
    return resolve({ ...schema.definitions?.[m[1]], ...s, $ref: undefined }, depth + 1);
  };
  const walk = (s: FormSchema | undefined, depth: number) => {
    if (!s || depth > 6) return;
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      const r = resolve(v);
      out[k] ??= { ...r, items: r.items ? resolve(r.items) : undefined };
    }
    for (const d of Object.values(s.dependencies ?? {})) if (!Array.isArray(d)) walk(d, depth + 1);
    for (const sub of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? []), s.then, s.else])
      walk(sub, depth + 1);
  };
  walk(schema, 0);
  return out;
}

/**
 * Task data: the form's valid example with some answers replaced (by a plausible value of the field's
 * type, or a wrong one), some dropped, hidden-branch and unknown keys added; or built from the fields alone.
 */
export function taskDataArb(
  fields: Record<string, Schema>,
  valid: Record<string, unknown> | undefined,
): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  if (!names.length) return fc.dictionary(fc.string({ maxLength: 8 }), wrongValue, { maxKeys: 3 });
  const edit = fc
    .tuple(
      fc.constantFrom(...names),
      fc.oneof({ weight: 2, arbitrary: fc.constant('plausible') }, fc.constant('wrong'), fc.constant('drop')),
    )
    .chain(([k, how]) =>
      how === 'drop'
        ? fc.constant([k, undefined] as const)
        : (how === 'wrong' ? wrongValue : valueOf(fields[k], 1)).map((v) => [k, v] as const),
    );
  const edited = fc.array(edit, { minLength: 0, maxLength: 4 }).map((edits) => {
    const data: Record<string, unknown> = { ...valid };
    for (const [k, v] of edits) {
      if (v === undefined) delete data[k];
      else data[k] = v;
    }
    return data;
  });
  return fc.oneof({ weight: 3, arbitrary: edited }, objectOf({ type: 'object', properties: fields }, 1));
}
