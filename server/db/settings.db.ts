/** Small tables: the mail outbox, user preferences, feature flags. */

import type { Db } from './connection.ts';

export function readOutbox(db: Db, limit: number) {
  return db.prepare('SELECT id, to_address, subject, body, created_at FROM outbox ORDER BY id DESC LIMIT ?').all(limit) as {
    id: number; to_address: string; subject: string; body: string; created_at: string;
  }[];
}

export function getPreferences(db: Db, userId: number): Record<string, unknown> | undefined {
  const r = db.prepare('SELECT data FROM preferences WHERE user_id = ?').get(userId) as { data: string } | undefined;
  return r ? JSON.parse(r.data) : undefined;
}

export function putPreferences(db: Db, userId: number, data: Record<string, unknown>): void {
  db.prepare('INSERT INTO preferences (user_id, data) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET data = excluded.data').run(userId, JSON.stringify(data));
}

export function listFlags(db: Db): { name: string; enabled: boolean }[] {
  return (db.prepare('SELECT name, enabled FROM feature_flags ORDER BY name').all() as { name: string; enabled: number }[]).map((r) => ({ name: r.name, enabled: !!r.enabled }));
}

export function setFlag(db: Db, name: string, enabled: boolean): void {
  db.prepare('INSERT INTO feature_flags (name, enabled) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled').run(name, enabled ? 1 : 0);
}
