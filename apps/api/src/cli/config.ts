import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from '../config.js';
import { ADMIN_TOKEN_FILE } from '../lib/admin-token.js';

export interface CliConfig {
  baseUrl: string;
  adminToken: string | undefined;
  /** Where the token came from, or where it was looked for: said when the service refuses it. */
  tokenSource: string;
}

const CliEnvSchema = z.object({
  HUMANTIME_URL: z
    .string()
    .url('must be an absolute URL such as http://127.0.0.1:3000')
    .default('http://127.0.0.1:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  ADMIN_TOKEN: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
});

/**
 * The CLI's environment, read once and validated: HUMANTIME_URL (default
 * http://127.0.0.1:3000) and ADMIN_TOKEN; without ADMIN_TOKEN it uses the token the embedded
 * store generated in DATA_DIR (default apps/api/data), so a fresh local install needs no
 * set-up. A malformed variable throws, naming it.
 */
export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): CliConfig {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = CliEnvSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const { HUMANTIME_URL: baseUrl, ADMIN_TOKEN, DATA_DIR } = parsed.data;
  if (ADMIN_TOKEN) return { baseUrl, adminToken: ADMIN_TOKEN, tokenSource: 'ADMIN_TOKEN' };
  const file = path.join(DATA_DIR, ADMIN_TOKEN_FILE);
  try {
    return { baseUrl, adminToken: readFileSync(file, 'utf8').trim(), tokenSource: `the file ${file}` };
  } catch {
    return { baseUrl, adminToken: undefined, tokenSource: `nowhere (ADMIN_TOKEN is unset and there is no ${file})` };
  }
}
