/**
 * computeSlots throughput on a realistic worst case for the slots endpoint: the longest range
 * (62 days), a 30-minute grid, Mon-Fri 09:00-17:00 in New York across the March DST change,
 * 200 bookings and 20 overrides. Fixtures are seeded, so runs are comparable.
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
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

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
let sink = 0;
for (let i = 0; i < 500; i++) sink += computeSlots(fixtures[i % fixtures.length]!).length;

const RUNS = 4000;
const times = new Float64Array(RUNS);
let slots = 0;
for (let i = 0; i < RUNS; i++) {
  const q = fixtures[i % fixtures.length]!;
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
const slotsPerSecond = slotsPerQuery / (mean / 1000);

console.log(`computeSlots: 62 days, 30-minute grid, 200 bookings, 20 overrides, ${ZONE} across DST`);
console.log(`  ${RUNS} queries after warm-up (checksum ${sink})`);
console.log(`  mean ${mean.toFixed(3)} ms/query, p99 ${p99.toFixed(3)} ms`);
console.log(`  ${slotsPerQuery.toFixed(1)} slots/query, ${Math.round(slotsPerSecond).toLocaleString('en-US')} slots/s`);
console.log(
  `BENCH_JSON ${JSON.stringify({
    slot_engine_ms_per_query: Number(mean.toFixed(4)),
    slot_engine_p99_ms: Number(p99.toFixed(4)),
    slots_per_query: Number(slotsPerQuery.toFixed(1)),
    slots_per_second: Math.round(slotsPerSecond),
  })}`,
);
