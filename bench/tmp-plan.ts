import Database from 'better-sqlite3';
const db = new Database(process.env.DB!, { readonly: true });
for (const q of [
  "SELECT id FROM jobs WHERE is_canceled = 0 AND contractor_id = 2 AND program_id = 'pce' AND eligibility = 'unable_to_determine' ORDER BY created_at, id LIMIT 25",
  "SELECT id FROM jobs WHERE is_canceled = 0 AND contractor_id = 3 AND program_id = 'wi-hear' ORDER BY full_name, id LIMIT 25",
  "SELECT id FROM jobs WHERE is_canceled = 0 AND ops_owner = 8 AND program_id = 'ca-heehra' AND eligibility = 'eligible' ORDER BY created_at, id LIMIT 25",
  "SELECT id FROM jobs WHERE is_canceled = 0 AND created_by = 18 AND program_id = 'pce' ORDER BY created_at, id LIMIT 25",
  "SELECT id FROM jobs WHERE is_canceled = 0 AND contractor_id = 3 AND program_id = 'wi-hear' ORDER BY stage_entered_at DESC, id DESC LIMIT 25",
]) {
  const t = performance.now();
  for (let i = 0; i < 20; i++) db.prepare(q).all();
  console.log(((performance.now() - t) / 20).toFixed(2), 'ms', (db.prepare('EXPLAIN QUERY PLAN ' + q).all() as any[]).map((r) => r.detail).join(' | '));
}
