// Not committed: runs single bench sections while tuning.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchSlotsHttp } from './slots-http.js';
import { benchBookingsHttp } from './bookings-http.js';
const which = process.argv[2] ?? 'slots-embedded';
const d = Number(process.env.BENCH_DURATION ?? 5);
async function fresh(name: string) {
  const admin = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return `postgresql://postgres@127.0.0.1:5432/${name}`;
}
const work = mkdtempSync(path.join(tmpdir(), 'scratch-'));
const load = { duration: d, connections: 10 };
const figs =
  which === 'slots-embedded' ? await benchSlotsHttp(work, { kind: 'embedded' }, load)
  : which === 'slots-pg' ? await benchSlotsHttp(work, { kind: 'postgres', databaseUrl: await fresh('scratch_slots') }, load)
  : await benchBookingsHttp(await fresh('scratch_bookings'), load);
for (const f of figs) console.log(`${f.name}: ${f.value} ${f.unit}`);
