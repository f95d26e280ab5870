// One contender for a data directory's lock (data-dir-lock.test.ts starts several): waits
// until the agreed instant so they all try within the same millisecond, then says whether it
// got the lock, and holds it until well after (a contender that started late on a busy
// machine must still find it held).
import { lockDataDir } from '../../src/lib/data-dir-lock.js';

const [at, dir] = [Number(process.argv[2]), process.argv[3]!];
while (Date.now() < at) {
  // spin: a timer would wake each contender at a different moment
}
try {
  const release = await lockDataDir(dir);
  process.stdout.write('locked\n');
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at + 2_500 - Date.now())));
  await release();
} catch {
  process.stdout.write('refused\n');
}
