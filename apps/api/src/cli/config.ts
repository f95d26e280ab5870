import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATA_DIR } from '../config.js';
import { ADMIN_TOKEN_FILE } from '../lib/admin-token.js';

export interface CliConfig {
  baseUrl: string;
  adminToken: string | undefined;
}

/**
 * The CLI's environment, read once: HUMANTIME_URL (default http://127.0.0.1:3000) and
 * ADMIN_TOKEN; without ADMIN_TOKEN it uses the token the embedded store generated in
 * DATA_DIR (default apps/api/data), so a fresh local install needs no set-up.
 */
export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): CliConfig {
  const baseUrl = (env.HUMANTIME_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
  if (env.ADMIN_TOKEN) return { baseUrl, adminToken: env.ADMIN_TOKEN };
  const file = path.join(env.DATA_DIR || DEFAULT_DATA_DIR, ADMIN_TOKEN_FILE);
  try {
    return { baseUrl, adminToken: readFileSync(file, 'utf8').trim() };
  } catch {
    return { baseUrl, adminToken: undefined };
  }
}
