// The load generator: autocannon in its own process, fixed connections and duration.
// Prints one JSON line: throughput, latency percentiles and status counts.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { LoadSpec, LoadResult, ListedRequest } from './processes.js';

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

/** Listed requests (`spec.requestsFile`), taken in turn from `spec.startAt` by every connection together. */
const listed = spec.requestsFile ? (JSON.parse(readFileSync(spec.requestsFile, 'utf8')) as ListedRequest[]) : undefined;
let next = spec.startAt ?? 0;

function listedRequest(req: autocannon.Request): autocannon.Request {
  const r = listed![next++ % listed!.length]!;
  return {
    ...req,
    method: r.method,
    path: r.path,
    headers: { ...req.headers, authorization: `Bearer ${r.token}` },
    body: r.body ?? undefined,
  };
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
    requests: listed
      ? [{ setupRequest: listedRequest }]
      : spec.bookings
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
      ...(listed ? { listedUpTo: next } : {}),
    };
    console.log(JSON.stringify(out));
  },
);
instance.on('response', (_client: unknown, statusCode: number) => {
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
