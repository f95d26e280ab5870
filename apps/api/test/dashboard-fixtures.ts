import { expect } from 'vitest';
import type { ApiResponse, CallOptions, TestApp } from './test-app.js';

export const PASSWORD = 'correct horse battery staple';

/** A browser on the dashboard: carries its session cookie and its own origin. */
export interface DashboardUser {
  email: string;
  cookie: string;
  organizationId: string;
  apiKey: string;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<ApiResponse<T>>;
}

let counter = 0;

export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The `humantime_session=...` pair from a response's Set-Cookie, or undefined. */
export function sessionCookieOf(res: ApiResponse): string | undefined {
  const header = res.headers.get('set-cookie') ?? '';
  const match = /humantime_session=([^;]*)/.exec(header);
  return match?.[1] ? `humantime_session=${match[1]}` : undefined;
}

/** Calls /dashboard/api with a cookie, as a same-origin page would (Sec-Fetch-Site). */
export function dashboardCall(app: TestApp, cookie: string | undefined) {
  return <T = any>(method: string, path: string, options: CallOptions = {}) =>
    app.call<T>(method, `/dashboard/api${path}`, {
      ...options,
      headers: {
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
        ...options.headers,
      },
    });
}

export async function signUp(app: TestApp, email = uniqueEmail(), organizationName = 'Acme'): Promise<DashboardUser> {
  const res = await dashboardCall(app, undefined)('POST', '/signup', {
    body: { organization_name: organizationName, email, password: PASSWORD },
  });
  expect(res.status, res.text).toBe(201);
  const cookie = sessionCookieOf(res);
  expect(cookie).toBeDefined();
  return {
    email,
    cookie: cookie!,
    organizationId: res.body.organization.organization_id,
    apiKey: res.body.api_key,
    call: dashboardCall(app, cookie),
  };
}

export async function signIn(app: TestApp, email: string, password = PASSWORD) {
  return dashboardCall(app, undefined)('POST', '/signin', { body: { email, password } });
}
