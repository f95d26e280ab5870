// The load generator: autocannon in its own process, fixed connections and duration.
// Prints one JSON line: throughput, latency percentiles and status counts.
import autocannon from 'autocannon';
import type { LoadSpec, LoadResult } from './processes.js';

const spec = JSON.parse(process.argv[2]!) as LoadSpec;
const statuses: Record<string, number> = {};
let n = 0;

/** Request i books slot floor(i / humans) of human i % humans: no two requests collide. */
function bookingBody(i: number): string {
  const b = spec.bookings!;
  const human = b.humans[i % b.humans.length]!;
  const k = Math.floor(i / b.humans.length);
  const day = new Date(`${b.firstDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + Math.floor(k / b.slotsPerDay));
  const start = new Date(day.getTime() + (k % b.slotsPerDay) * b.duration * 60_000);
  return JSON.stringify({ human_id: human, starts_at: start.toISOString(), duration: b.duration, attendee_name: 'Bench' });
}

const instance = autocannon(
  {
    url: spec.url + spec.path,
    method: spec.method,
    connections: spec.connections,
    duration: spec.durationSeconds,
    // A fixed number of requests instead (a seed), when given.
    amount: spec.amount,
    headers: { 'content-type': 'application/json', ...spec.headers },
    requests: spec.bookings
      ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: bookingBody(n++) }) }]
      : spec.paths
        ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: spec.paths![n++ % spec.paths!.length] }) }]
        : undefined,
  },
  (err, result) => {
    if (err) throw err;
    const out: LoadResult = {
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      statuses,
      errors: result.errors + result.timeouts,
    };
    console.log(JSON.stringify(out));
  },
);
instance.on('response', (_client: unknown, statusCode: number) => {
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
