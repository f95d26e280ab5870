export interface Figure {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** Key in bench/results.json. */
  key: string;
  target?: string;
}

/** The printed table, the markdown page and the results object, from one list of figures. */
export function renderReport(figures: Figure[], run: { durationSeconds: number; connections: number; elapsedSeconds: number }) {
  const sections = [...new Set(figures.map((f) => f.section))];
  const fmt = (f: Figure) => `${f.value.toLocaleString('en-US')} ${f.unit}`;
  const lines: string[] = [];
  const md: string[] = [];
  for (const section of sections) {
    lines.push('', section);
    md.push('', `### ${section}`, '', '| figure | value | target |', '|---|---|---|');
    for (const f of figures.filter((x) => x.section === section)) {
      lines.push(`  ${f.name.padEnd(44)} ${fmt(f).padStart(20)}${f.target ? `   (target ${f.target})` : ''}`);
      md.push(`| ${f.name} | ${fmt(f)} | ${f.target ?? ''} |`);
    }
  }
  const json = {
    run: { date: new Date().toISOString(), load_duration_seconds: run.durationSeconds, connections: run.connections, elapsed_seconds: run.elapsedSeconds },
    ...Object.fromEntries(figures.map((f) => [f.key, { value: f.value, unit: f.unit }])),
  };
  const markdown = `# Benchmarks

Latest \`pnpm bench\` run (${json.run.date.slice(0, 10)}, ${run.durationSeconds} s per load run,
${run.connections} connections, ${run.elapsedSeconds} s in all) on the project's 2-core machine.
These machines are shared and noisy: compare figures within one run, not across runs.
${md.join('\n')}

## Where the time goes (profiled 2026-11-23, issue 16)

Profiles are CPU profiles of the built server under each load (\`BENCH_PROF=<dir> pnpm
--filter @humantime/api bench:section <section>\`), cut to the seconds of the measured run.
"Server CPU per request" in the table is the server process's user + system time over the
run divided by its requests: a busy machine distorts it far less than requests per second.

- **Slots, embedded store: no database at all on a warm request.** The key, its bucket and
  the snapshot are served from memory and checked against the store's write counters
  (docs/decisions.md, "Rate limits, round trips and caches"). What is left is the HTTP stack:
  Express and ts-rest about half of the busy time inclusive (routing through ~100 routes, zod
  validation of path and query, headers), the socket write of the answer about 10 %, garbage
  collection 7 %, JSON serialization 5 %, the request log line 2-3 %, the slot engine and the
  formatting of its ~200 instants under 10 %. Two hot spots the profile showed were removed:
  Intl formatting of UTC offsets (9 %, now memoized per zone and instant) and \`toISOString\`
  plus a regex per instant (10 %, now a cached day prefix).
- **Slots, PostgreSQL: one round trip, and its syscalls.** Every request must reach the
  server once (the key is never cached across processes, and the bucket is shared), so the
  request pays a socket write to PostgreSQL and the wake-up of its backend on the same two
  cores: \`writev\` is about 21 % of the server's busy time, three fifths of it the query's. The
  statement itself is cheap on a warm cache (key by unique index, a bucket upsert on an
  UNLOGGED row, the human's version; the snapshot's subqueries do not run).
- **Bookings, PostgreSQL: the API process's own CPU, mostly in socket writes.** Three round
  trips (key and bucket, snapshot version check, the atomic statement). Measured in the run
  above, the server spends about 1.7 ms of CPU per booking; its profile under the bookings
  load puts about 45 % of its busy time in \`writev\`, 87 % of that in the pg
  driver's query writes. On this 2-core machine each write to PostgreSQL costs the sender the
  wake-up of the backend on the same cores: about 0.3-0.5 ms of the API process's CPU per round
  trip, over loopback TCP or the Unix socket alike (both measured). The bare route makes one
  round trip, which bounds the ratio near a third even with nothing else to do; the target of
  1,000 bookings/s is out of reach here while a booking needs three. Two database-side queues
  were found and removed on the way: the organization's single quota row, locked by every
  booking until its commit's WAL flush (now 8 stripes, docs/decisions.md), and a NOTIFY fired
  by every booking, which takes PostgreSQL's database-wide notification lock at commit through
  the flush (now only when deliveries are written; an organization with webhooks still takes
  it). Next steps, not taken: read the booking's body before authenticating so the key, its
  bucket and the snapshot come in one statement (2 round trips; it gives up "no body is read
  before the key is known"), and pipelining the snapshot check with the key statement.
- **Memory.** Node's own floor is ~40 MiB, Express and the route modules ~60 MiB, Prisma's
  query compiler (wasm) ~30 MiB with the small build (~80 MiB with the fast one), the MCP SDK
  16 MiB (now loaded on first use). Without bounds V8 let the heap grow to 200-250 MiB under
  load; \`--max-semi-space-size=4 --max-old-space-size=128\` on \`pnpm start\` keeps it near 140
  MiB with the same throughput (the live heap is ~50 MiB). On the embedded store PGlite's WASM
  memory is most of the process; the floor figure is an empty PGlite in a bare node process.

## How it is measured

- One command, one process tree: \`pnpm bench\` from the repository root, with the
  PostgreSQL server running on 127.0.0.1:5432 (as \`.ci/run\` starts it). Set
  \`BENCH_DATABASE_URL\` for another server, \`BENCH_DURATION\` (seconds per load run, default
  10) and \`BENCH_CONNECTIONS\` (default 10) to change the load.
- The slot engine runs its own seeded fixture (\`packages/slot-engine/bench\`).
- HTTP figures come from autocannon in a separate process, against the real server started
  as \`pnpm start\` runs it (\`node dist/server.js\` with its flags, request logging on, to /dev/null) and against a bare Express app
  (\`apps/api/bench/bare-server.ts\`) on the same machine, with the same connections and
  duration, after a 2 s warm-up of each. The bare slots route sends the real response's
  bytes; the bare bookings route does one INSERT into the same database.
- Bookings spread over 200 humans so that none collide; every request must answer 201.
- Webhook fan-out: a receiver on loopback answers 200; the server runs its in-process
  delivery worker on the PostgreSQL store with 3 webhooks. Commit → first attempt is
  \`delivery_attempts.attempted_at − events.created_at\` over 100 bookings made one at a time;
  the event's time is taken just before the booking transaction begins, so this is an upper
  bound. Deliveries/s: 200 bookings from 10 concurrent clients, 600 deliveries, timed from the
  first booking request to the last arrival.
- Peak RSS is the server process's VmHWM at the end of its runs. Rate limiting is on in
  every run, with a bucket no bench load empties; every run checks nothing was refused.
- The slots runs read the same week of the same human over and over: on both stores that is
  the warm-cache case (the snapshot is read once, then only its version is checked).
- Results are also written to \`bench/results.json\`.
`;
  return { table: lines.join('\n'), markdown, json };
}
