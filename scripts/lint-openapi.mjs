// The last step of `pnpm lint`: writes /openapi.json as the service serves it
// (apps/api/src/cli/openapi.ts) to a temporary file and lints it with Redocly's recommended
// rules (redocly.yaml), where a warning fails as an error. Offline: no usage data is sent
// and no newer version is looked up.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
};
const dir = mkdtempSync(path.join(tmpdir(), 'humantime-openapi-'));
const file = path.join(dir, 'openapi.json');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

let status;
try {
  status = run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/openapi.ts', file]);
  if (status === 0) {
    status = run(path.join(root, 'node_modules', '.bin', 'redocly'), ['lint', '--config', 'redocly.yaml', '--format', 'stylish', file]);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
