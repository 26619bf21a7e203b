/**
 * Mail over SMTP through the worker, against a real SMTP server in process (smtp-server): the adapter
 * writes the outbox row and a work item, the worker delivers it once with the outbox's recipient,
 * subject and body; a refused recipient leaves the item to retry with its error, delivered once the
 * server accepts.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { outboxMail } from '../../server/adapters/index.ts';
import { MAIL_WORK, smtpMailHandler } from '../../server/adapters/mail.ts';
import { workItem } from '../../server/db/work.db.ts';
import { createWorker } from '../../server/worker.ts';
import { BACKENDS, freshDatabase, type Fresh } from '../db/backends.ts';
import { smtpServer } from '../support/smtp.ts';

const opened: Fresh[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
  for (const f of opened) await f.drop();
});

describe.each(BACKENDS)('mail over SMTP on %s', (backend) => {
  it('the worker delivers each outbox message once; a refused one is retried until accepted', async () => {
    const f = await freshDatabase(backend);
    opened.push(f);
    const db = f.store.kysely;
    let refusing = true;
    const smtp = await smtpServer((to) => refusing && to === 'later@example.test');
    closers.push(smtp.close);
    let clock = new Date('2026-06-01T00:00:00.000Z');
    const mail = outboxMail(db, () => clock, true);
    await mail.send({
      to: 'ann@example.test',
      subject: 'Please sign your documents',
      body: 'Open https://portal.example/sign/abc to sign.',
    });
    await mail.send({ to: 'later@example.test', subject: 'Second', body: 'Body two' });
    const worker = createWorker(db, {
      now: () => clock,
      backoff: { base_ms: 1_000, max_ms: 1_000 },
      handlers: { [MAIL_WORK]: smtpMailHandler(smtp.url, 'Portal <no-reply@portal.test>') },
    });
    expect(await worker.drain()).toBe(2);
    expect(smtp.received.map((r) => r.to)).toEqual([['ann@example.test']]);
    expect(smtp.received[0].from).toBe('no-reply@portal.test');
    expect(smtp.received[0].raw).toContain('Subject: Please sign your documents');
    expect(smtp.received[0].raw).toContain('Open https://portal.example/sign/abc to sign.');
    const items = await db.selectFrom('work_items').selectAll().orderBy('id').execute();
    expect(items.map((i) => [i.state, i.idempotency_key])).toEqual([
      ['done', 'mail:outbox:1'],
      ['ready', 'mail:outbox:2'],
    ]);
    expect(items[1].last_error).toMatch(/550|mailbox unavailable/);
    expect(await worker.drain()).toBe(0); // waiting out the backoff
    refusing = false;
    clock = new Date(clock.getTime() + 1_000);
    expect(await worker.drain()).toBe(1);
    expect(smtp.received.map((r) => r.to)).toEqual([['ann@example.test'], ['later@example.test']]);
    expect(await workItem(db, items[1].id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(
      (await db.selectFrom('outbox').select('to_address').orderBy('id').execute()).map((r) => r.to_address),
    ).toEqual(['ann@example.test', 'later@example.test']);
  });
});
