/**
 * computeSlots throughput on a realistic worst case for the slots endpoint: the longest range
 * (62 days), a 30-minute grid, Mon-Fri 09:00-17:00 in New York across the March DST change,
 * 200 bookings and 20 overrides; then the same with every scheduling rule on. Fixtures are
 * seeded, so runs are comparable.
 *
 *   pnpm --filter @humantime/slot-engine bench
 *
 * The last line, `BENCH_JSON {...}`, is for the aggregate bench to parse.
 */
import { computeSlots, localDateRangeToInterval, type OverrideRule, type SlotQuery } from '../src/index.js';

const ZONE = 'America/New_York';
const DATE_FROM = '2026-02-16';
const DATE_TO = '2026-04-18'; // 62 days, DST starts 2026-03-08
const DAY_MS = 86_400_000;

/** mulberry32: tiny, seedable, good enough to scatter fixtures. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function fixture(seed: number): SlotQuery {
  const rnd = random(seed);
  const pick = (n: number) => Math.floor(rnd() * n);
  const range = localDateRangeToInterval(ZONE, DATE_FROM, DATE_TO);
  const firstDay = Date.parse(`${DATE_FROM}T00:00:00Z`);
  const dateAt = (offset: number) => isoDate(firstDay + offset * DAY_MS);

  const overrides: OverrideRule[] = [];
  for (let i = 0; i < 20; i++) {
    const start = pick(60);
    const kind = i % 4 === 3 ? 'open' : 'block';
    const shape = i % 3;
    const from = 8 * 60 + pick(20) * 30;
    overrides.push({
      kind,
      startDate: dateAt(start),
      endDate: dateAt(start + (shape === 0 ? pick(5) : shape === 1 ? 28 : 0)),
      startTime: kind === 'block' && shape === 0 ? null : hhmm(from),
      endTime: kind === 'block' && shape === 0 ? null : hhmm(Math.min(from + 30 + pick(4) * 30, 23 * 60)),
      weekdays: shape === 1 ? [1 + pick(5)] : null,
    });
  }

  // Bookings on the 30-minute grid inside working hours, 30 or 60 minutes, some colliding.
  const busy = Array.from({ length: 200 }, () => {
    const day = range.start + pick(62) * DAY_MS;
    const start = day + (9 * 60 + pick(16) * 30) * 60_000 + 5 * 3_600_000;
    return { start, end: start + (1 + pick(2)) * 30 * 60_000 };
  });

  return {
    timezone: ZONE,
    schedule: { workingDays: [1, 2, 3, 4, 5], workStart: '09:00', workEnd: '17:00' },
    overrides,
    busy,
    dateFrom: DATE_FROM,
    dateTo: DATE_TO,
    durationMinutes: 30,
    now: range.start - DAY_MS,
  };
}

const fixtures = Array.from({ length: 8 }, (_, i) => fixture(0x5107 + i));

/**
 * The same fixtures with every scheduling rule on: 10/15-minute buffers (each booking's own
 * buffered range in busy), 2 h notice, a 60-day horizon, a 15-minute grid for 30-minute slots
 * (twice the grid points) and a daily maximum of 6 with every fourth day full.
 */
function withAllRules(q: SlotQuery, seed: number): SlotQuery {
  const rnd = random(seed);
  const firstDay = Date.parse(`${DATE_FROM}T00:00:00Z`);
  const bookingsPerDay: Record<string, number> = {};
  for (let d = 0; d < 62; d++) bookingsPerDay[isoDate(firstDay + d * DAY_MS)] = d % 4 === 0 ? 6 : Math.floor(rnd() * 6);
  return {
    ...q,
    busy: q.busy.map((b) => ({ start: b.start - 10 * 60_000, end: b.end + 15 * 60_000 })),
    rules: { bufferBefore: 10, bufferAfter: 15, minimumNotice: 120, bookingHorizonDays: 60, slotInterval: 15, maxBookingsPerDay: 6 },
    bookingsPerDay,
  };
}
const ruled = fixtures.map((q, i) => withAllRules(q, 0x7a11 + i));

let sink = 0;
function run(set: SlotQuery[]) {
  for (let i = 0; i < 500; i++) sink += computeSlots(set[i % set.length]!).length;
  const RUNS = 4000;
  const times = new Float64Array(RUNS);
  let slots = 0;
  for (let i = 0; i < RUNS; i++) {
    const q = set[i % set.length]!;
    const t0 = performance.now();
    const n = computeSlots(q).length;
    times[i] = performance.now() - t0;
    slots += n;
  }
  sink += slots;
  const sorted = Array.from(times).sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / RUNS;
  const p99 = sorted[Math.min(RUNS - 1, Math.floor(RUNS * 0.99))]!;
  const slotsPerQuery = slots / RUNS;
  return { RUNS, mean, p99, slotsPerQuery, slotsPerSecond: slotsPerQuery / (mean / 1000) };
}

const plain = run(fixtures);
const all = run(ruled);

for (const [label, r] of [
  ['no rules', plain],
  ['all rules', all],
] as const) {
  console.log(`computeSlots (${label}): 62 days, 30-minute slots, 200 bookings, 20 overrides, ${ZONE} across DST`);
  console.log(`  ${r.RUNS} queries after warm-up`);
  console.log(`  mean ${r.mean.toFixed(3)} ms/query, p99 ${r.p99.toFixed(3)} ms`);
  console.log(`  ${r.slotsPerQuery.toFixed(1)} slots/query, ${Math.round(r.slotsPerSecond).toLocaleString('en-US')} slots/s`);
}
console.log(`  (checksum ${sink})`);
console.log(
  `BENCH_JSON ${JSON.stringify({
    slot_engine_ms_per_query: Number(plain.mean.toFixed(4)),
    slot_engine_p99_ms: Number(plain.p99.toFixed(4)),
    slots_per_query: Number(plain.slotsPerQuery.toFixed(1)),
    slots_per_second: Math.round(plain.slotsPerSecond),
    slot_engine_all_rules_ms_per_query: Number(all.mean.toFixed(4)),
    slot_engine_all_rules_p99_ms: Number(all.p99.toFixed(4)),
    slots_per_query_all_rules: Number(all.slotsPerQuery.toFixed(1)),
  })}`,
);
