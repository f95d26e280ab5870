// One section of `pnpm bench`, for tuning: `pnpm --filter @humantime/api bench:section
// slots-embedded|slots-postgres|group-slots|calendars|bookings|faults|seeded` (BENCH_DURATION seconds, default 5; BENCH_PROF=<dir>
// writes the server's CPU profile). Prints the figures; writes no results file (`seeded` prints its markdown block).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchBookingsHttp } from './bookings-http.js';
import { benchCalendarsHttp } from './calendars-http.js';
import { benchGroupSlotsHttp } from './group-slots-http.js';
import { benchFaults } from './faults.js';
import { freshDatabase } from './processes.js';
import { benchSeeded } from './seeded-http.js';
import { benchWebhooks } from './webhooks-http.js';
import { benchSlotsHttp } from './slots-http.js';

const SECTIONS = ['slots-embedded', 'slots-postgres', 'group-slots', 'calendars', 'bookings', 'webhooks', 'faults', 'seeded'] as const;
const which = process.argv[2] as (typeof SECTIONS)[number];
if (!SECTIONS.includes(which)) {
  console.error(`usage: bench/section.ts ${SECTIONS.join('|')}`);
  process.exit(2);
}
const load = { duration: Number(process.env.BENCH_DURATION ?? 5), connections: Number(process.env.BENCH_CONNECTIONS ?? 10) };

/** The seeded section prints its own table (two databases side by side), not one figure a line. */
async function printSeeded() {
  console.log((await benchSeeded(work, load)).markdown);
  return [];
}

const work = mkdtempSync(path.join(tmpdir(), 'humantime-bench-section-'));
try {
  const figures =
    which === 'seeded'
      ? await printSeeded()
      : which === 'slots-embedded'
        ? await benchSlotsHttp(work, { kind: 'embedded' }, load)
        : which === 'slots-postgres'
          ? await benchSlotsHttp(work, { kind: 'postgres', databaseUrl: await freshDatabase('humantime_bench_section_slots') }, load)
          : which === 'group-slots'
            ? await benchGroupSlotsHttp(work, load)
            : which === 'calendars'
              ? await benchCalendarsHttp(work, load)
              : which === 'bookings'
                ? await benchBookingsHttp(await freshDatabase('humantime_bench_section_bookings'), load)
                : which === 'webhooks'
                  ? await benchWebhooks(await freshDatabase('humantime_bench_section_webhooks'))
                  : await benchFaults();
  for (const f of figures) console.log(`${f.name}: ${f.value} ${f.unit}${f.target ? `   (target ${f.target})` : ''}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
