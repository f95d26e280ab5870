import path from 'node:path';
import proxyaddr from 'proxy-addr';
import { parseSecretsKey } from './lib/secret-box.js';
import { z } from 'zod';
import { LOG_LEVELS } from './lib/logger.js';
import { API_PACKAGE_DIR } from './lib/package-dir.js';

/** The built dashboard pages (apps/web's `vite build` output), served at /dashboard. */
export const DEFAULT_DASHBOARD_DIST_DIR = path.resolve(API_PACKAGE_DIR, '..', 'web', 'dist');

/** Where the embedded store keeps its files unless DATA_DIR says otherwise: apps/api/data. */
export const DEFAULT_DATA_DIR = path.join(API_PACKAGE_DIR, 'data');

const DURATION = /^(\d+)(ms|s|m|h)$/;
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** "5m" → 300000. Exported for the CLI and tests. */
export function parseDuration(text: string): number {
  const match = DURATION.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a duration like 500ms, 30s, 5m or 1h`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** An http(s) URL a client can be sent to: no credentials, query or fragment (a path is kept). */
function isPublicUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** An http(s) origin as a browser sends it: scheme, host and port only (`http://localhost:6274`). */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

const booleanString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_500),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  HOST: z.string().min(1).default('127.0.0.1'),
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanString.default('false'),
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .default('5m,60m')
    .transform((text, ctx) => {
      try {
        const delays = text.split(',').map(parseDuration);
        if (delays.length !== 2) throw new Error('exactly two delays are needed (attempts 2 and 3)');
        return delays as [number, number];
      } catch (error) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: (error as Error).message });
        return z.NEVER;
      }
    }),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  DELIVERY_WORKER: z.enum(['on', 'off']).default('on'),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(2_000),
  RETENTION_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  DASHBOARD_SIGNUP: z.enum(['open', 'closed']).default('open'),
  DASHBOARD_DIST_DIR: z.string().min(1).default(DEFAULT_DASHBOARD_DIST_DIR),
  RATE_LIMIT_PER_SECOND: z.coerce.number().min(0).max(1_000_000).default(100),
  RATE_LIMIT_BURST: z.coerce.number().int().min(0).max(1_000_000).default(200),
  SECRETS_KEY: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const key = parseSecretsKey(text);
      if (!key) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be 32 bytes, as 64 hex digits or base64' });
      return key;
    }),
  CALENDAR_SYNC_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  CALENDAR_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  OAUTH_REGISTRATION_BURST: z.coerce.number().int().min(1).max(1_000_000).default(20),
  OAUTH_REGISTRATIONS_PER_MINUTE: z.coerce.number().min(0.01).max(1_000_000).default(60),
  OAUTH_CLIENT_DOCUMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  MCP_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(16),
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    )
    .refine(
      (origins) => origins.every(isOrigin),
      'must be origins separated by commas, e.g. http://localhost:6274,https://agent.example.com',
    ),
  TRUST_PROXY: z.string().optional().transform(trustedProxies),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587')
    .optional(),
  SMTP_FROM: z.string().min(3).max(320).default('humantime <no-reply@localhost>'),
  PUBLIC_URL: z
    .string()
    .refine(isPublicUrl, 'must be an http:// or https:// URL without credentials, query or fragment')
    .transform((text) => {
      const url = new URL(text);
      return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
    })
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_API_BASE: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must be a webhook signing secret (whsec_…)').optional(),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(15_000),
});

/** Every variable the service reads (turbo must pass each one through to `pnpm start`). */
export const ENV_NAMES: readonly string[] = Object.keys(EnvSchema.shape);

export interface Config {
  /** PostgreSQL server URL; undefined selects the embedded PGlite store under dataDir. */
  databaseUrl: string | undefined;
  /**
   * On a server: how long a statement waits for a connection before it fails as unavailable
   * (503 SERVICE_UNAVAILABLE), so no request hangs while the database is away.
   */
  databaseConnectTimeoutMs: number;
  /** `transaction`: DATABASE_URL goes through a transaction-mode pooler such as PgBouncer. */
  databasePooler: 'transaction' | undefined;
  /**
   * A direct connection to the server, for what a transaction-mode pooler cannot carry
   * (LISTEN). Unset: DATABASE_URL itself, unless it goes through a pooler.
   */
  databaseDirectUrl: string | undefined;
  dataDir: string;
  port: number;
  host: string;
  /** A client's request head must arrive within `headersTimeoutMs`, the whole request within `requestTimeoutMs`. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number };
  adminToken: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webhooks: {
    allowPrivateUrls: boolean;
    retryDelaysMs: [number, number];
    timeoutMs: number;
    /** Run the delivery worker inside the API process. */
    inProcessWorker: boolean;
  };
  /**
   * Per API key token bucket: `perSecond` tokens a second up to
   * `burst`. Either one 0 turns rate limiting off.
   */
  rateLimit: { perSecond: number; burst: number };
  /**
   * What is kept (docs/retention.md): the events feed and the delivery log keep `days`; the
   * sweeps delete at most `batchSize` rows a statement, and run again `intervalMs` after one
   * finished.
   */
  retention: { days: number; batchSize: number; intervalMs: number };
  /** Seals secrets at rest (calendar addresses and credentials); see lib/secret-box.ts. */
  secretsKey: Buffer | undefined;
  calendars: {
    /** How often each calendar is read again. */
    syncSeconds: number;
    /** A read (each request of it, and all of it) must finish within this. */
    readTimeoutMs: number;
  };
  oauth: {
    /** Dynamic client registrations (POST /oauth/register) per caller address: at once, then a minute. */
    registrations: { burst: number; perMinute: number };
    /** Reading a client ID metadata document must finish within this. */
    clientDocumentTimeoutMs: number;
  };
  mcp: {
    /** POST /mcp requests this process serves at once (each builds a server with every tool); more wait their turn. */
    concurrency: number;
    /**
     * Origins of browser-based MCP clients allowed to call /mcp (CORS, and the transport's
     * DNS-rebinding check); the service's own origin always is. Empty by default.
     */
    allowedOrigins: string[];
  };
  /**
   * The address clients reach the API at (`https://api.example.com`, no trailing slash): the
   * base of every absolute URL the service gives out. Unset: http://127.0.0.1 and the port it
   * listens on (http/public-base-url.ts); never a request's Host.
   */
  publicUrl: string | undefined;
  /**
   * Express's `trust proxy`: the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto
   * are believed (a request's address, for the OAuth registration allowance; https, for the
   * links it builds without PUBLIC_URL). A number of hops, or addresses and subnets; false
   * (unset): none, a request's address is its connection's.
   */
  trustProxy: number | string[] | false;
  /**
   * Invite emails. Without `smtpUrl` nothing is sent: the dashboard shows the link to copy.
   * A send must finish within `timeoutMs` (connecting, greeting and the whole exchange), so a
   * mail server that hangs never holds the request that sends it.
   */
  mail: { smtpUrl: string | undefined; from: string; timeoutMs: number };
  /** Overage packs charged through Stripe; undefined: the ledger (docs/stripe.md). */
  stripe: StripeConfig | undefined;
  dashboard: {
    /** Anyone may sign up (open), or people join only through `pnpm admin invite` (closed). */
    signup: 'open' | 'closed';
    /** Directory of the built pages; a missing one is answered with a clear 503, not a crash. */
    distDir: string;
  };
}

export interface StripeConfig {
  secretKey: string;
  /** Where the SDK sends requests: Stripe's own API unless STRIPE_API_BASE says otherwise. */
  apiBase: URL | undefined;
  /** Verifies POST /stripe/webhooks; undefined answers that endpoint 503. */
  webhookSecret: string | undefined;
  /** A charge (with the SDK's retries) is answered within this, or counted as unreachable. */
  timeoutMs: number;
}

/**
 * TRUST_PROXY: a number of hops, or the proxies' addresses and subnets (and proxy-addr's names
 * loopback, linklocal, uniquelocal) separated by commas. `true`, which believes any sender's
 * X-Forwarded-For, is refused: every client could then choose the address it is counted as.
 * Checked with proxy-addr, the parser Express itself compiles the setting with, so what passes
 * here is what Express accepts.
 */
function trustedProxies(text: string | undefined, ctx: z.RefinementCtx): number | string[] | false {
  if (text === undefined) return false;
  if (/^\s*\d{1,2}\s*$/.test(text)) return Number(text);
  const proxies = text
    .split(',')
    .map((proxy) => proxy.trim())
    .filter((proxy) => proxy !== '');
  try {
    if (proxies.length === 0) throw new Error('none');
    proxyaddr.compile(proxies);
    return proxies;
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a number of proxies, or their addresses or subnets separated by commas, e.g. loopback,10.0.0.0/8',
    });
    return z.NEVER;
  }
}

/**
 * Reads and validates the environment once. Nothing else in the service reads process.env;
 * a bad value stops start-up with a message naming every offending variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databasePooler: e.DATABASE_POOLER === 'transaction' ? 'transaction' : undefined,
    databaseDirectUrl: e.DATABASE_DIRECT_URL ?? (e.DATABASE_POOLER === 'transaction' ? undefined : e.DATABASE_URL),
    dataDir: path.resolve(e.DATA_DIR),
    port: e.PORT,
    host: e.HOST,
    http: { headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS) },
    adminToken: e.ADMIN_TOKEN,
    logLevel: e.LOG_LEVEL,
    webhooks: {
      allowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS,
      retryDelaysMs: e.WEBHOOK_RETRY_DELAYS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      inProcessWorker: e.DELIVERY_WORKER === 'on',
    },
    rateLimit: { perSecond: e.RATE_LIMIT_PER_SECOND, burst: e.RATE_LIMIT_BURST },
    retention: { days: e.RETENTION_DAYS, batchSize: e.RETENTION_BATCH_SIZE, intervalMs: e.RETENTION_INTERVAL_SECONDS * 1000 },
    secretsKey: e.SECRETS_KEY,
    calendars: { syncSeconds: e.CALENDAR_SYNC_SECONDS, readTimeoutMs: e.CALENDAR_READ_TIMEOUT_MS },
    oauth: {
      registrations: { burst: e.OAUTH_REGISTRATION_BURST, perMinute: e.OAUTH_REGISTRATIONS_PER_MINUTE },
      clientDocumentTimeoutMs: e.OAUTH_CLIENT_DOCUMENT_TIMEOUT_MS,
    },
    mcp: { concurrency: e.MCP_CONCURRENCY, allowedOrigins: e.MCP_ALLOWED_ORIGINS },
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    mail: { smtpUrl: e.SMTP_URL, from: e.SMTP_FROM, timeoutMs: 10_000 },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          timeoutMs: e.STRIPE_TIMEOUT_MS,
        }
      : undefined,
    dashboard: {
      signup: e.DASHBOARD_SIGNUP,
      distDir: path.resolve(e.DASHBOARD_DIST_DIR),
    },
  };
}
