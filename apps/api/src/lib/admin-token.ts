import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBase62 } from './api-keys.js';

export const ADMIN_TOKEN_FILE = 'admin-token';

export interface AdminTokenSource {
  token: string | undefined;
  /** Set when the token was generated just now and must be shown once. */
  generated: boolean;
}

/**
 * ADMIN_TOKEN from the environment wins. On the embedded store without one, a token is
 * generated at first start and kept (mode 0600) in the data directory, so `pnpm admin`
 * works with no set-up. On a server store without one, the admin API stays closed.
 */
export async function resolveAdminToken(options: {
  configured: string | undefined;
  embedded: boolean;
  dataDir: string;
}): Promise<AdminTokenSource> {
  if (options.configured) return { token: options.configured, generated: false };
  if (!options.embedded) return { token: undefined, generated: false };
  const file = path.join(options.dataDir, ADMIN_TOKEN_FILE);
  try {
    return { token: (await readFile(file, 'utf8')).trim(), generated: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = `adm_${randomBase62(40)}`;
  await writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  return { token, generated: true };
}
