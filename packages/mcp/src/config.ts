import { z } from 'zod';

const EnvSchema = z.object({
  HUMANTIME_API_KEY: z
    .string({ required_error: 'is required: your sk_live_... API key' })
    .trim()
    .startsWith('sk_live_', 'must be an API key starting with sk_live_'),
  HUMANTIME_URL: z
    .string()
    .trim()
    .url('must be the API base URL, e.g. https://api.example.com')
    // The base URL, as the SDK takes it: a copied ".../v1" (or a trailing slash) is the same service.
    .transform((url) => url.replace(/\/+$/, '').replace(/\/v1$/, ''))
    .default('http://127.0.0.1:3000'),
});

export interface BinConfig {
  apiKey: string;
  baseUrl: string;
}

/**
 * The stdio server's whole configuration, read from the environment once. Errors name
 * the variable, never echo its value (it may be a key).
 */
export function loadBinConfig(env: Record<string, string | undefined> = process.env): BinConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; '));
  }
  return { apiKey: parsed.data.HUMANTIME_API_KEY, baseUrl: parsed.data.HUMANTIME_URL };
}
