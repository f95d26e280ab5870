// When the runner claims: after a run, only when a claim could find something. Each claim on a
// server is a round trip, so one after every finished item that finds nothing is a cost per item.
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.js';
import type { Job } from './job.js';
import { JobRunner } from './job-runner.js';

/** Long enough that no poll falls inside a test: every claim after the first is a wake-up. */
const POLL_MS = 60_000;

interface Fake {
  job: Job<number>;
  claims: number;
  runs: number;
}

/** A job whose claims hand out `batches` in turn (then nothing) and whose runs answer `due()`. */
function fakeJob(batches: number[][], concurrency: number, due: () => Date | void): Fake {
  const fake: Fake = {
    claims: 0,
    runs: 0,
    job: {
      name: 'fake',
      concurrency,
      leaseMs: 30_000,
      claim: () => Promise.resolve(batches[fake.claims++] ?? []),
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        fake.runs += 1;
        return due();
      },
      describe: (item) => ({ item }),
    },
  };
  return fake;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
let runner: JobRunner<number> | undefined;

afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

function start(fake: Fake) {
  runner = new JobRunner(fake.job, { logger: createLogger('silent'), clock: () => new Date(), pollMs: POLL_MS });
  return runner.start();
}

describe('JobRunner: claims after a run', () => {
  it('does not claim again when the run says its item is due later and the claim left nothing behind', async () => {
    const fake = fakeJob([[1]], 4, () => new Date(Date.now() + 60_000));
    await start(fake);
    await settle();
    expect(fake.runs).toBe(1);
    expect(fake.claims).toBe(1);
  });

  it('claims again at once when the run answers nothing (it may have queued more) or its item is due already', async () => {
    const silent = fakeJob([[1]], 4, () => undefined);
    await start(silent);
    await settle();
    expect(silent.claims).toBe(2);
    await runner!.stop();

    const dueNow = fakeJob([[1]], 4, () => new Date(Date.now() - 1));
    await start(dueNow);
    await settle();
    expect(dueNow.claims).toBe(2);
  });

  it('claims again at once when the last claim filled every slot: more may be due behind it', async () => {
    const fake = fakeJob([[1], [2], [3]], 1, () => new Date(Date.now() + 60_000));
    await start(fake);
    await settle();
    expect(fake.runs).toBe(3);
    // Three full claims (one slot each) and the one that found nothing.
    expect(fake.claims).toBe(4);
  });
});

describe('JobRunner: fair share', () => {
  it("tells each claim how many of each group's items are in flight, and claims again at once after a group reached its share", async () => {
    const shares: Array<Record<string, number> | undefined> = [];
    const batches = [['a:1', 'a:2'], ['b:1']];
    const job: Job<string> = {
      name: 'fair',
      concurrency: 4,
      leaseMs: 30_000,
      fairShare: { groupOf: (item) => item.split(':')[0]!, perGroup: 2 },
      claim: (lease) => {
        shares.push(lease.share && { ...lease.share.held });
        return Promise.resolve(batches[shares.length - 1] ?? []);
      },
      run: () => new Promise((resolve) => setTimeout(resolve, 300)),
      describe: (item) => ({ item }),
    };
    const fair = new JobRunner(job, { logger: createLogger('silent'), clock: () => new Date(), pollMs: POLL_MS });
    await fair.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The first claim filled two of four slots, both with group a, now at its share: the
      // second came at once, telling the claim that a holds 2; it filled one more, and no
      // group reached its share, so no third claim before a run ends.
      expect(shares).toEqual([{}, { a: 2 }]);
    } finally {
      await fair.stop();
    }
  });
});
