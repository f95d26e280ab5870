// Prints the test counts of every vitest run (JSON reports in */*/test-results) as the last
// lines of CI output; exits non-zero when no test ran or any failed.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const rows = [];
for (const group of ['packages', 'apps']) {
  for (const name of readdirSync(path.join(root, group))) {
    const file = path.join(root, group, name, 'test-results', 'vitest.json');
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, 'utf8'));
    rows.push({
      where: `${group}/${name}`,
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests + r.numTodoTests,
    });
  }
}
const total = rows.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log('\nTest counts');
for (const r of rows) console.log(`  ${r.where.padEnd(24)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
console.log(`Total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
