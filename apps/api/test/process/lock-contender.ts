// One contender for a data directory's lock (data-dir-lock.test.ts starts several): waits
// until the agreed instant so they all try within the same millisecond, says whether it got
// the lock, and holds it until its standard input closes (the test closes it once every
// contender has answered, so a contender that started late on a busy machine still finds it
// held).
import { lockDataDir } from '../../src/lib/data-dir-lock.js';

const [at, dir] = [Number(process.argv[2]), process.argv[3]!];
while (Date.now() < at) {
  // spin: a timer would wake each contender at a different moment
}
const released = new Promise((resolve) => process.stdin.on('end', resolve).resume());
try {
  const release = await lockDataDir(dir);
  process.stdout.write('locked\n');
  await released;
  await release();
} catch {
  process.stdout.write('refused\n');
}
process.exit(0);
