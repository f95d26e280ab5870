export interface Figure {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** Key in bench/results.json. */
  key: string;
  target?: string;
}

/**
 * The printed table, the markdown page and the results object, from one list of figures.
 * `keptBlock`, a whole `## …` section of the page that this run did not measure (the seeded
 * one, recorded by its own command), goes into the page as it is.
 */
export function renderReport(
  figures: Figure[],
  run: { durationSeconds: number; connections: number; elapsedSeconds: number },
  keptBlock = '',
) {
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
    run: {
      date: new Date().toISOString(),
      load_duration_seconds: run.durationSeconds,
      connections: run.connections,
      elapsed_seconds: run.elapsedSeconds,
    },
    ...Object.fromEntries(figures.map((f) => [f.key, { value: f.value, unit: f.unit }])),
  };
  const markdown = `# Benchmarks

Latest \`pnpm bench\` run (${json.run.date.slice(0, 10)}, ${run.durationSeconds} s per load run,
${run.connections} connections, ${run.elapsedSeconds} s in all) on the project's 2-core machine.
These machines are shared and noisy: compare figures within one run, not across runs.
${md.join('\n')}
${keptBlock ? `\n${keptBlock.trim()}\n` : ''}
## Where the time goes (profiled 2026-11-23 and 2026-11-24)

Profiles are CPU profiles of the built server under each load (\`BENCH_PROF=<dir> pnpm
--filter @humantime/api bench:section <section>\`), cut to the seconds of the measured run.
"Server CPU per request" in the table is the server process's user + system time over the
run divided by its requests: a busy machine distorts it far less than requests per second.

- **Slots, embedded store: no database, and no route, on a warm request.** The key, its
  bucket and the snapshot are served from memory and checked against the store's write
  counters, and a human's answer is kept, as the bytes sent, with its snapshot for as long as
  time alone leaves it unchanged (docs/decisions/0032-kept-slots-answers.md): a repeated query
  skips the body parser, ts-rest's validation, the slot engine and JSON. Left in the profile:
  the socket write of the answer about 30 % of the busy time (the bare route pays the same
  write), garbage collection about 10 %, Node's HTTP internals, the request log line (now
  written 4 KiB at a time off the event loop; one \`write\` per request had been a tenth of the
  CPU) and \`authenticate\` (the key digest with \`crypto.hash\`, the bucket, the prefetch's parse,
  kept per URL). Before the kept answers: Express and ts-rest about half of the busy time,
  JSON 5 %, the engine under 10 %.
- **Slots, PostgreSQL: one round trip, shared.** Every request must reach the server once (the
  key is never cached across processes, and the bucket is shared), and each round trip costs
  the API process a socket write and the wake-up of a backend on the same two cores. So the
  key statements of requests that arrive together are coalesced: each turn of the event loop
  sends one statement for all of its requests, up to three in flight
  (\`services/organizations/key-batches.ts\`). With one in flight the API process idled 40 %
  of the run waiting on PostgreSQL; with three, it is busy and the query's writes are a
  fraction of the answers' writes. The statement itself is cheap on a warm cache (key by
  unique index, a bucket upsert on an UNLOGGED row, the human's version; the snapshot's
  subqueries do not run), and the answer is the kept one. On 2026-11-24 (a faster machine:
  bare 12,500 req/s) the machine was a third idle during this run and the API's event loop
  72 % busy: the run is bound by the round trip's latency, not by CPU, and 2, 3 or 4 key
  statements in flight gave the same 49.6-50.4 % of bare. A key statement averages 8-9
  requests (of the 10 connections), nearly always one in flight: the requests arrive together,
  wait for one round trip together and are answered together. Sending part of a turn's
  requests early, to overlap that wait with the API's work, made more statements and cost
  more than it saved (41-47 %). With request logging off the API's CPU per request fell from
  0.138 to 0.125 ms (55-56 % of bare); the request line is now put together by the logger
  module from its known fields (\`requestLineWriter\`) instead of pino's generic path.
- **Bookings, PostgreSQL: two round trips, and the machine's two cores.** The key
  statement (coalesced as above) and the atomic statement; the snapshot the judge uses is the
  one this process remembers, its rules checked by the atomic statement (\`rules_version\`).
  Measured 2026-11-24 with \`perf record -a\` over the run, at ~1,250 bookings/s: the
  machine is 85-90 % busy, the booking statements' backends take 0.85 of a core (about 0.65 ms
  per booking), the key statements' backends 0.08 ms, the API process about 0.5 ms (its
  \`writev\`, a third of its profile, is partly the time the woken backend runs on the same
  core), autocannon under 0.1 ms. The bare route's INSERT costs all of that some 0.45 ms per
  request. Of the backends' time: starting the executor for the large statement about 17 %,
  the CTEs' own work (the shard, the booking with 7 index entries, the claim with its gist
  exclusion check, the day count, the event) about 30 %, foreign-key checks and the time claim's
  version trigger about 15 %, the commit's WAL flush about 10 %. Found and removed this time:
  - **Connection churn.** pg's \`pool.query\` discards a connection on any error, so every
    declined statement (a taken slot, a dry quota shard) forked a new backend, which then
    parsed and planned every named statement again: about 58 new connections in one 10 s run.
    The store now gives back a connection whose statement the server refused.
  - **The slow path at the quota.** The run crosses Growth's 10,000 bookings and buys a pack
    every 500. Every shard that ran dry sent its booking to the slow path (which locks the
    month and all 8 shards for a whole transaction), about 146 times a run, and at a pack
    boundary every racing booking did the whole slow path in turn. Now a booking takes the
    first shard with allowance that no racing booking is taking (advisory try-locks), so the
    slow path runs once per refill, and the bookings racing it go back to the statement once
    they see the refill done (docs/decisions/0017-quota-shards.md).
  - **Expired holds.** A booking judged on a remembered snapshot without holds no longer
    deletes expired holds first: about 6 % of the backends' CPU per booking.
  - **The humans row's version triggers** are WHEN conditions now (two plpgsql calls fewer),
    and the scheduling rules' ranges are column domains instead of a CHECK on the table,
    which PostgreSQL parsed again from its stored text at every update of the row, that is at
    every booking (about 3 %).
  - Tried and left out: dropping the six foreign keys to organizations and bookings (3 % of the
    backends' CPU, no measurable throughput, and it weakens the invariants); the statement
    bumping its human's version itself so that no trigger calls plpgsql (no measurable change:
    the UPDATE of the human's row is the cost, about 0.05 ms, not the calls); sending the key
    statement of a lone request at once instead of at the end of the turn (slots on
    PostgreSQL fell from ~50 % to ~44 % of bare: more statements); a Unix socket (no gain on
    this machine).
- **On a slower machine (measured 2026-11-23, a later session).** The same code on another VM
  of this kind ran everything slower, and unevenly: one fixed JavaScript loop took 515-717 ms
  across six runs, and the bare slots route cost 0.24 ms of CPU per request (0.146 before). The
  bookings run gave 400-550/s over several runs (bare + INSERT: 1,600-2,100/s).
  - **The socket writes are dear.** In the bookings profile the API's event loop was 86-96 %
    busy in every second of the run, and \`writev\` took about a third of that, about 0.86 ms
    per booking, most of it the pg driver's writes. Busy time per booking (2.4 ms) was only a
    little above the process's CPU time per booking (2.1 ms), so it is mostly kernel CPU, not
    waiting: a loopback TCP send on this VM also does the receiving side's work and wakes the
    backend on the other vCPU.
  - **A Unix socket is cheaper.** The same bench with \`BENCH_DATABASE_URL\` pointing at
    PostgreSQL's Unix socket gave 642 bookings/s with 0.99 ms of API CPU per booking (bare: 2,313).
    The bench still connects over TCP to 127.0.0.1:5432 as before, so that figure is not in the
    table.
  - **PostgreSQL's share is now printed.** The table has "PostgreSQL CPU per booking": every
    postgres process's CPU over the run, divided by the bookings. It read 1.4-2.0 ms here. (It
    was then a sum over all postgres processes before and after the run, so the backends that
    churned (see above) took their CPU out of it; it is counted per process since 2026-11-24.)
  - **A cost found and removed.** \`perf\` on the backends showed 11 % of their time in the
    planner. The coalesced key statement was planned afresh at every run; it now has connections
    that plan generically (docs/decisions/0030-coalesced-key-statements.md).
- **Memory.** Node's own floor is ~40 MiB, Express and the route modules ~60 MiB, Prisma's
  query compiler (wasm) ~30 MiB with the small build (~80 MiB with the fast one), the MCP SDK
  16 MiB (now loaded on first use). Without bounds V8 let the heap grow to 200-250 MiB under
  load; \`--max-semi-space-size=2 --max-old-space-size=128\` on \`pnpm start\` keeps it near 140
  MiB with the same throughput (the live heap is ~50 MiB); the semi-space went from 4 to 2 MiB
  when the coalesced slots run on PostgreSQL (5,000 req/s) peaked at 152 MiB with 4 (137 with 2,
  the same throughput). On the embedded store PGlite's WASM
  memory is most of the process; the floor figure is an empty PGlite in a bare node process.

## How it is measured

- One command, one process tree: \`pnpm bench\` from the repository root, with the
  PostgreSQL server running on 127.0.0.1:5432 (as \`.ci/run\` starts it). Set
  \`BENCH_DATABASE_URL\` for another server, \`BENCH_DURATION\` (seconds per load run, default
  10) and \`BENCH_CONNECTIONS\` (default 10) to change the load. A request answered other than
  expected stops the run; \`BENCH_SERVER_LOG_DIR=dir\` keeps each server's log there
  (\`server-<port>.log\`, with the cause of any failure).
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
- Calendars: feeds are served from loopback with ETags. The refresh job's rows leave the job
  alone with 30 calendars due every second (the four of the table and 26 small feeds), measured
  over 10 s windows after \`BENCH_CALENDAR_JOB_WARMUP\` seconds (default 20; the first seconds
  are shown too: V8 and PGlite's WASM are still compiling), in the embedded API process and in
  \`pnpm worker\` on the PostgreSQL server store. "Its idle CPU taken out" subtracts what the
  same process spends per second once every calendar is disconnected (polls, timers, GC).
- Results are also written to \`bench/results.json\`.
`;
  return { table: lines.join('\n'), markdown, json };
}
