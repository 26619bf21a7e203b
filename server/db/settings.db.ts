/** Small tables: the mail outbox, user preferences, feature flags. */

import { byBytes, type Q } from './portable.ts';

export async function readOutbox(
  db: Q,
  limit: number,
): Promise<{ id: number; to_address: string; subject: string; body: string; created_at: string }[]> {
  return db
    .selectFrom('outbox')
    .select(['id', 'to_address', 'subject', 'body', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function getPreferences(db: Q, userId: number): Promise<Record<string, unknown> | undefined> {
  const r = await db.selectFrom('preferences').select('data').where('user_id', '=', userId).executeTakeFirst();
  return r ? JSON.parse(r.data) : undefined;
}

export async function putPreferences(db: Q, userId: number, data: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('preferences')
    .values({ user_id: userId, data: JSON.stringify(data) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ data: eb.ref('excluded.data') })))
    .execute();
}

export async function listFlags(db: Q): Promise<{ name: string; enabled: boolean }[]> {
  const rows = await db.selectFrom('feature_flags').select(['name', 'enabled']).orderBy('name', byBytes(db)).execute();
  return rows.map((r) => ({ name: r.name, enabled: !!r.enabled }));
}

export async function setFlag(db: Q, name: string, enabled: boolean): Promise<void> {
  await db
    .insertInto('feature_flags')
    .values({ name, enabled: enabled ? 1 : 0 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') })))
    .execute();
}

/** Puts a message in the outbox (the local mail adapter); returns its id. */
export async function queueMail(db: Q, m: { to: string; subject: string; body: string; at: string }): Promise<number> {
  const r = await db
    .insertInto('outbox')
    .values({ to_address: m.to, subject: m.subject, body: m.body, created_at: m.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** One outbox message by id. */
export async function outboxMessage(db: Q, id: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'to_address', 'subject', 'body', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}
