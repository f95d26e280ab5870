/** Minimal JSON calls for setting up bench fixtures through the real API. */
export async function call<T = any>(url: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789';

/**
 * Rate limiting stays on in every run (its statement and headers are part of what is
 * measured), with a bucket no bench load empties: each run checks that nothing was refused.
 */
export const BENCH_RATE_LIMIT = { RATE_LIMIT_PER_SECOND: '1000000', RATE_LIMIT_BURST: '1000000' };

export async function createOrg(url: string, plan = 'growth'): Promise<string> {
  const org = await call(url, 'POST', '/admin/v1/organizations', BENCH_ADMIN_TOKEN, { name: 'Bench', plan, auto_purchase: true });
  return org.api_key;
}
