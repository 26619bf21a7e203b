/**
 * The HTTP utility-data adapter against a tiny local provider that misbehaves on request: each status
 * maps to its error code, malformed JSON and XML are `unavailable` (never a TypeError), a hang ends at
 * the time-out, and Green Button feeds are read with their units and power-of-ten multipliers honoured.
 */

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, every, fixtureFeed, PACIFIC, type FixtureChannel } from '../workflows/usage/feed-fixtures.ts';
import {
  httpUtilityData,
  UtilityDataError,
  type UtilityAuthorization,
  type UtilityDataErrorCode,
} from './utility-data.ts';

const AUTHORIZATION: UtilityAuthorization = {
  id: 'ok',
  status: 'authorized',
  visited_at: '2026-01-05T10:00:00.000Z',
  submitted_at: '2026-01-05T10:01:00.000Z',
  decided_at: '2026-01-05T10:01:02.000Z',
  revoked_at: null,
  failure: null,
  failure_detail: null,
  attempts: 1,
  utility: 'We Energies',
  account_holder: 'Avery Chen',
};
const METER = {
  id: 'm1',
  service: 'electric',
  service_point: 'SP1',
  meter_number: '123',
  said: '456',
  address: '1 Main St',
};

/** A Green Button feed: one UsagePoint of `kind`, one ReadingType, the readings as [start (unix s), duration, value].
 * */
function feed(
  kind: string,
  uom: string,
  multiplier: string | null,
  readings: [number, number, number | string][],
): string {
  const intervals = readings
    .map(
      ([start, duration, value]) =>
        `<espi:IntervalReading><espi:timePeriod><espi:duration>${duration}</espi:duration><espi:start>${start}</espi:start></espi:timePeriod><espi:value>${value}</espi:value></espi:IntervalReading>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:espi="http://naesb.org/espi">
  <id>urn:test</id><title>t</title>
  <entry><id>a</id><link rel="self" href="https://x/UsagePoint/1"/><content type="xml"><espi:UsagePoint><espi:ServiceCategory><espi:kind>${kind}</espi:kind></espi:ServiceCategory></espi:UsagePoint></content></entry>
  <entry><id>b</id><content><espi:ReadingType><espi:uom>${uom}</espi:uom>${multiplier === null ? '' : `<espi:powerOfTenMultiplier>${multiplier}</espi:powerOfTenMultiplier>`}</espi:ReadingType></content></entry>
  <entry><id>c</id><content><espi:IntervalBlock>${intervals}</espi:IntervalBlock></content></entry>
</feed>`;
}

const JAN = Date.UTC(2025, 0, 1) / 1000;
const FEB = Date.UTC(2025, 1, 1) / 1000;
const MAR = Date.UTC(2025, 2, 1) / 1000;
/** Local midnight, January 1 2025, in Pacific time. */
const JAN_PST = at('2025-01-01T00:00', -8);

/** Feeds that cannot be read, by what is wrong with them. */
const delivered = (readings: FixtureChannel['readings'], more: Partial<FixtureChannel> = {}) =>
  fixtureFeed({ kind: 0, local: PACIFIC, channels: [{ flowDirection: 1, uom: 72, readings, ...more }] });
const UNREADABLE: Record<string, string> = {
  'received-only': fixtureFeed({ kind: 0, channels: [{ flowDirection: 19, uom: 72, readings: [[JAN, 3600, 1]] }] }),
  'demand-only': fixtureFeed({ kind: 0, channels: [{ uom: 38, readings: [[JAN, 3600, 1]] }] }),
  'negative-usage': delivered([[JAN, 3600, -5]]),
  'far-future': delivered([[Date.UTC(2150, 0, 1) / 1000, 3600, 1]]),
  'year-long-reading': delivered([[JAN, 365 * 86_400, 1]]),
  'huge-multiplier': delivered([[JAN, 3600, 1]], { powerOfTenMultiplier: 40 }),
  'bad-dst-rule': fixtureFeed({
    kind: 0,
    local: { ...PACIFIC, dstStartRule: 'F60E2000' },
    channels: [{ uom: 72, readings: [[JAN, 3600, 1]] }],
  }),
  'tz-beyond-14-hours': fixtureFeed({
    kind: 0,
    local: { ...PACIFIC, tzOffset: 90_000 },
    channels: [{ uom: 72, readings: [] }],
  }),
};

/** Usage answers by meter id. */
const FEEDS: Record<string, string> = {
  'electric-wh': feed('0', '72', '0', [
    [MAR, 2_678_400, 650_250],
    [JAN, 2_678_400, 812_345],
    [FEB, 2_419_200, 700_000],
  ]),
  'electric-kwh': feed('0', '72', '3', [[JAN, 2_678_400, 812]]),
  'gas-milli': feed('1', '169', '-3', [[JAN, 2_678_400, 95_123]]),
  'gas-default-multiplier': feed('1', '169', null, [[FEB, 2_419_200, 88]]),
  'bad-xml': '<feed><entry><content></entry></feed>',
  doctype: '<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY a "aaaa">]><feed/>',
  'wrong-uom': feed('1', '72', '0', [[JAN, 2_678_400, 1]]),
  'kind-water': feed('2', '72', '0', [[JAN, 2_678_400, 1]]),
  'bad-value': feed('0', '72', '0', [[JAN, 2_678_400, 'lots']]),
  'bad-duration': feed('0', '72', '0', [[JAN, 0, 1]]),
  'not-a-feed': '<html><body>Maintenance</body></html>',
  'no-usage-point': '<feed xmlns="http://www.w3.org/2005/Atom"><entry><content/></entry></feed>',
  ...UNREADABLE,
  solar: fixtureFeed({
    kind: 0,
    local: PACIFIC,
    shuffle: true,
    channels: [
      { flowDirection: 19, uom: 72, readings: [[JAN_PST, 86_400, 4000]] },
      { flowDirection: 1, uom: 72, readings: [[JAN_PST, 86_400, 21_000]] },
      { flowDirection: 4, uom: 72, readings: [[JAN_PST, 86_400, -2500]] },
      { flowDirection: 20, uom: 72, readings: [[JAN_PST, 86_400, 1]] },
    ],
  }),
  'two-delivered': fixtureFeed({
    kind: 1,
    channels: [
      { uom: 169, powerOfTenMultiplier: -5, readings: [[JAN, 2_678_400, 9_512_345]] },
      { uom: 169, powerOfTenMultiplier: -3, readings: every(86_400, JAN, FEB, 3000) },
    ],
  }),
};

const hanging: ServerResponse[] = [];
const requests: { method: string; url: string; body: string; type: string | undefined; accept: string | undefined }[] =
  [];
let base = '';
let closed = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      body,
      type: req.headers['content-type'],
      accept: req.headers.accept,
    });
    const url = new URL(req.url ?? '/', 'http://x');
    const [, , , id, , meterId] = url.pathname.split('/');
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (url.pathname === '/api/authorizations') {
      const { reference } = JSON.parse(body) as { reference: string };
      return reference === 'bad-url'
        ? json(201, { id: 'a1', url: 'javascript:alert(1)' })
        : json(201, { id: 'a1', url: `${base}/authorize/a1` });
    }
    if (url.pathname.endsWith('/usage')) {
      const xml = FEEDS[decodeURIComponent(meterId)];
      return xml
        ? res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(xml)
        : json(404, { error: 'unknown meter' });
    }
    if (url.pathname.endsWith('/meters')) {
      if (id === 'ok') return json(200, { meters: [METER] });
      return json(200, id === 'bad-meter' ? { meters: [{ ...METER, service: 'water' }] } : { meters: 'none' });
    }
    if (url.pathname.endsWith('/subscriptions') || url.pathname.endsWith('/revoke')) return res.writeHead(204).end();
    const status = /^e(\d{3})$/.exec(id)?.[1];
    if (status) return json(Number(status), { error: `provider says ${status}` });
    switch (decodeURIComponent(id)) {
      case 'ok':
        return json(200, AUTHORIZATION);
      case 'not-json':
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "not-json", ');
      case 'wrong-shape':
        return json(200, { ...AUTHORIZATION, id: 'wrong-shape', status: 'sleeping' });
      case 'no-attempts':
        return json(200, { ...AUTHORIZATION, id: 'no-attempts', attempts: '1' });
      case 'other-id':
        return json(200, AUTHORIZATION);
      case 'a list':
        return json(200, [AUTHORIZATION]);
      case 'hang':
        return void hanging.push(res);
      case 'slow-body':
        res.writeHead(200, { 'content-type': 'application/json' }).write('{"id":');
        return void hanging.push(res);
      default:
        return json(404, { error: 'unknown authorization' });
    }
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: take one, then let it go.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
});

/** The UtilityDataError a call rejects with. */
async function failure(call: Promise<unknown>): Promise<{ code: UtilityDataErrorCode; message: string }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UtilityDataError);
  const { code, message } = error as UtilityDataError;
  return { code, message };
}

describe('httpUtilityData: answers the contract promises', () => {
  it('creates an authorization, posting JSON', async () => {
    const adapter = httpUtilityData(`${base}/`);
    expect(
      await adapter.createAuthorization({
        reference: 'Job 7',
        return_url: 'https://portal.test/back',
        email: 'h@home.test',
      }),
    ).toEqual({ id: 'a1', url: `${base}/authorize/a1` });
    const sent = requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', url: '/api/authorizations', type: 'application/json' });
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      reference: 'Job 7',
      return_url: 'https://portal.test/back',
      email: 'h@home.test',
    });
  });

  it('reads an authorization and a meter list, field by field', async () => {
    const adapter = httpUtilityData(base);
    expect(await adapter.getAuthorization('ok')).toEqual(AUTHORIZATION);
    expect(await adapter.listMeters('ok')).toEqual([METER]);
  });

  it('escapes ids in the path', async () => {
    await failure(httpUtilityData(base).getAuthorization('../../api/health?x=1'));
    expect(requests.at(-1)?.url).toBe('/api/authorizations/..%2F..%2Fapi%2Fhealth%3Fx%3D1');
  });

  it('posts subscriptions and revocations', async () => {
    const adapter = httpUtilityData(base);
    await adapter.subscribe('ok', ['m1']);
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/authorizations/ok/subscriptions',
      body: '{"meter_ids":["m1"]}',
    });
    await adapter.revoke('ok');
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/authorizations/ok/revoke' });
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const adapter = httpUtilityData('https://provider.invalid', {
      fetch: async (input) => {
        seen.push(String(input));
        return new Response(JSON.stringify({ ...AUTHORIZATION, id: 'x' }), { status: 200 });
      },
    });
    expect((await adapter.getAuthorization('x')).id).toBe('x');
    expect(seen).toEqual(['https://provider.invalid/api/authorizations/x']);
  });
});

/** A feed without LocalTimeParameters and one reading type: delivered usage in UTC. */
const UTC_USAGE = { channel: 'delivered', utc_offset: 0 } as const;

describe('httpUtilityData: Green Button usage', () => {
  const usage = (meter: string, from = '2025-01-01', to = '2025-04-01') =>
    httpUtilityData(base).fetchUsage('ok', meter, { from, to });

  it('reads Wh into kWh, oldest first, asking for Atom XML over the date range', async () => {
    expect(await usage('electric-wh')).toEqual([
      { start: '2025-01-01T00:00:00.000Z', seconds: 2_678_400, value: 812.345, unit: 'kWh', ...UTC_USAGE },
      { start: '2025-02-01T00:00:00.000Z', seconds: 2_419_200, value: 700, unit: 'kWh', ...UTC_USAGE },
      { start: '2025-03-01T00:00:00.000Z', seconds: 2_678_400, value: 650.25, unit: 'kWh', ...UTC_USAGE },
    ]);
    expect(requests.at(-1)).toMatchObject({
      url: '/api/authorizations/ok/meters/electric-wh/usage?from=2025-01-01&to=2025-04-01',
      accept: 'application/atom+xml',
    });
  });

  it('keeps only readings starting inside the range (from inclusive, to exclusive)', async () => {
    expect((await usage('electric-wh', '2025-02-01', '2025-03-01')).map((r) => r.start)).toEqual([
      '2025-02-01T00:00:00.000Z',
    ]);
    expect((await usage('electric-wh', '2025-01-15T00:00:00Z', '2025-03-01T00:00:01Z')).map((r) => r.start)).toEqual([
      '2025-02-01T00:00:00.000Z',
      '2025-03-01T00:00:00.000Z',
    ]);
    expect(requests.at(-1)?.url).toContain('from=2025-01-15&to=2025-03-02');
  });

  it('honours the power-of-ten multiplier and the therm unit', async () => {
    expect(await usage('electric-kwh')).toEqual([
      { start: '2025-01-01T00:00:00.000Z', seconds: 2_678_400, value: 812, unit: 'kWh', ...UTC_USAGE },
    ]);
    expect(await usage('gas-milli')).toEqual([
      { start: '2025-01-01T00:00:00.000Z', seconds: 2_678_400, value: 95.123, unit: 'therm', ...UTC_USAGE },
    ]);
    expect(await usage('gas-default-multiplier')).toEqual([
      { start: '2025-02-01T00:00:00.000Z', seconds: 2_419_200, value: 88, unit: 'therm', ...UTC_USAGE },
    ]);
    expect((await usage('two-delivered', '2025-01-01', '2025-01-02'))[0].value).toBe(3);
  });

  it('reads every channel of a solar feed, in local time, linked by hrefs whatever the entry order; an unused type is ignored', async () => {
    expect(await usage('solar', '2025-01-01', '2025-01-03')).toEqual([
      {
        start: '2025-01-01T08:00:00.000Z',
        seconds: 86_400,
        value: 21,
        unit: 'kWh',
        channel: 'delivered',
        utc_offset: -28_800,
      },
      {
        start: '2025-01-01T08:00:00.000Z',
        seconds: 86_400,
        value: -2.5,
        unit: 'kWh',
        channel: 'net',
        utc_offset: -28_800,
      },
      {
        start: '2025-01-01T08:00:00.000Z',
        seconds: 86_400,
        value: 4,
        unit: 'kWh',
        channel: 'received',
        utc_offset: -28_800,
      },
    ]);
  });

  it('of two delivered series (a bill beside daily reads) reads the one covering the most time', async () => {
    const readings = await usage('two-delivered');
    expect(readings).toHaveLength(31);
    expect(readings.every((r) => r.value === 3 && r.unit === 'therm' && r.channel === 'delivered')).toBe(true);
  });

  it.each([
    ['bad-xml', 'not well-formed XML'],
    ['doctype', 'DOCTYPE'],
    ['wrong-uom', 'no ReadingType of gas delivered in therms (uom 169); ignored: uom 72'],
    ['kind-water', 'kind 2 is neither electricity (0) nor gas (1)'],
    ['bad-value', 'IntervalReading 0.value is not an integer'],
    ['bad-duration', 'duration of 0 s'],
    ['not-a-feed', 'the Atom feed is not an object'],
    ['no-usage-point', '0 UsagePoints'],
    ['received-only', 'no ReadingType of electric delivered in Wh (uom 72); only received'],
    ['demand-only', 'ignored: uom 38'],
    ['negative-usage', 'negative delivered value -5'],
    ['far-future', 'starts at an impossible time'],
    ['year-long-reading', 'duration of 31536000 s'],
    ['huge-multiplier', 'powerOfTenMultiplier 40 is out of range'],
    ['bad-dst-rule', 'dstStartRule F60E2000 has an impossible month'],
    ['tz-beyond-14-hours', 'tzOffset 90000 is beyond 14 hours'],
  ])('a feed that is %s cannot be read (unreadable, not an outage): %s', async (meter, words) => {
    const { code, message } = await failure(usage(meter));
    expect(code).toBe('unreadable');
    expect(message).toContain(`GET /api/authorizations/ok/meters/${meter}/usage answered a feed that cannot be read`);
    expect(message).toContain(words);
  });

  it('refuses a range that is not two dates before asking', async () => {
    const before = requests.length;
    expect((await failure(usage('electric-wh', 'yesterday', '2025-01-01'))).code).toBe('rejected');
    expect(requests.length).toBe(before);
  });
});

describe('httpUtilityData: errors', () => {
  it.each([
    ['e500', 'unavailable'],
    ['e503', 'unavailable'],
    ['e404', 'not_found'],
    ['e410', 'revoked'],
    ['e400', 'rejected'],
    ['e409', 'rejected'],
    ['e422', 'rejected'],
  ] as const)("status of %s means %s, with the provider's words", async (id, code) => {
    const error = await failure(httpUtilityData(base).getAuthorization(id));
    expect(error.code).toBe(code);
    expect(error.message).toBe(
      `utility data provider: GET /api/authorizations/${id} answered ${id.slice(1)}: provider says ${id.slice(1)}`,
    );
  });

  it('a usage request for an unknown meter is not_found', async () => {
    expect(
      (await failure(httpUtilityData(base).fetchUsage('ok', 'nope', { from: '2025-01-01', to: '2025-02-01' }))).code,
    ).toBe('not_found');
  });

  it.each([
    ['not-json', 'the body is not JSON'],
    ['wrong-shape', 'authorization.status is not one of'],
    ['no-attempts', 'authorization.attempts is not a count'],
    ['other-id', 'the answer is authorization ok, not other-id'],
    ['a list', 'authorization is not an object'],
  ])('an authorization answer that is %s is unavailable', async (id, words) => {
    const { code, message } = await failure(httpUtilityData(base).getAuthorization(id));
    expect(code).toBe('unavailable');
    expect(message).toContain(words);
  });

  it('malformed meter lists and sign-in URLs are unavailable', async () => {
    const adapter = httpUtilityData(base);
    expect(await failure(adapter.listMeters('bad-meter'))).toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('meters[0].service is not one of electric, gas'),
    });
    expect(await failure(adapter.listMeters('no-list'))).toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('meters is not a list'),
    });
    expect(
      await failure(adapter.createAuthorization({ reference: 'bad-url', return_url: 'https://portal.test/back' })),
    ).toMatchObject({ code: 'unavailable', message: expect.stringContaining('not an http(s) URL') });
  });

  it('a provider that does not answer in time is unavailable', async () => {
    const adapter = httpUtilityData(base, { timeout_ms: 100 });
    expect(await failure(adapter.getAuthorization('hang'))).toEqual({
      code: 'unavailable',
      message: 'utility data provider: GET /api/authorizations/hang: no answer within 100 ms',
    });
    expect(await failure(adapter.getAuthorization('slow-body'))).toEqual({
      code: 'unavailable',
      message: 'utility data provider: GET /api/authorizations/slow-body: no answer within 100 ms',
    });
  });

  it('a provider nobody listens for is unavailable', async () => {
    const { code, message } = await failure(httpUtilityData(closed).getAuthorization('ok'));
    expect(code).toBe('unavailable');
    expect(message).toContain('unreachable');
  });
});
