import type { Config } from '../../config.js';
import type { SweepStep } from '../../db/tables/retention-sweeps.js';
import type { Params } from '../../db/params.js';
import type { Store } from '../../db/store.js';
import { organizationsWithUnplacedEvents, placeEvents } from '../../db/tables/events.js';
import { THROTTLE_WINDOW_MS } from '../../services/accounts/sign-in-throttle.js';
import { SESSION_IDLE_MS } from '../../services/accounts/sessions.js';

/** A sweep: steps run in order, each in batches until nothing of it is due. */
export interface Sweep {
  name: string;
  /** Runs before the steps, each time the sweep runs. */
  prepare?: (store: Store) => Promise<void>;
  steps: SweepStep[];
}

const DAY_MS = 86_400_000;

/**
 * A booking's claim is deleted a day after it ends. A claim only ever meets a new claim that
 * overlaps it, and a new booking starts after now and claims at most its buffer before
 * (240 minutes at most) ahead of its start, so a claim that ended more than 240 minutes ago
 * can never meet one again; a day leaves room for clocks that disagree.
 */
export const PAST_CLAIM_MS = DAY_MS;

/**
 * A day count is a local date in the human's zone; UTC offsets reach 14 hours either way, so
 * a date two days before today's UTC date is past in every zone, and no booking can count on
 * it: its count (zero or not) is never read again. A past booking's cancel finds no row to
 * take itself off, which changes nothing.
 */
export const PAST_LOCAL_DATE_MS = 2 * DAY_MS;

/**
 * A used authorization code is kept a day past its expiry: presenting it again within that day
 * revokes the grant it gave (the replay rule); the grant step of the consent screen deletes
 * such codes the same way (services/oauth/grants.ts).
 */
const USED_CODE_KEPT_MS = DAY_MS;

const at = (p: Params, ms: number) => p.ref(new Date(ms).toISOString(), 'timestamptz');

/**
 * Every sweep, with the configured window. `clock` is read when a batch is built, so a sweep
 * that runs long keeps using the present.
 */
export function retentionSweeps(config: Pick<Config, 'retention' | 'oauth'>, clock: () => Date): Sweep[] {
  const now = () => clock().getTime();
  const keptSince = (p: Params) => at(p, now() - config.retention.days * DAY_MS);
  const { burst, perMinute } = config.oauth.registrations;
  // A registration bucket refilled to the full burst for longer than this is the same as none.
  const bucketFullMs = Math.ceil(((burst + 1) / perMinute) * 60_000);
  return [
    {
      // The delivery log and the events feed: attempts, then deliveries, then events, so each
      // statement deletes only its own rows (no cascade), and nothing under a delivery that is
      // still pending or was attempted within the window.
      name: 'events',
      // An event gets its place in the feed when the feed is read; one never read before it
      // leaves the window is placed first, so its place goes with it and a reader whose
      // `after` is older sees the hole (gap: true), and an organization's last event stays.
      prepare: async (store) => {
        const since = new Date(now() - config.retention.days * DAY_MS);
        for (const organizationId of await organizationsWithUnplacedEvents(store.sql, since)) {
          await store.transaction((tx) => placeEvents(tx.query, organizationId, clock()));
        }
      },
      steps: [
        {
          table: 'delivery_attempts',
          key: 'organization_id, id',
          due: (p) => {
            const since = keptSince(p);
            return `t.attempted_at < ${since}
              AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.organization_id = t.organization_id AND d.id = t.delivery_id AND d.status = 'pending')
              AND NOT EXISTS (SELECT 1 FROM delivery_attempts n WHERE n.organization_id = t.organization_id AND n.delivery_id = t.delivery_id AND n.attempted_at >= ${since})`;
          },
        },
        {
          table: 'deliveries',
          key: 'organization_id, id',
          due: (p) =>
            `t.created_at < ${keptSince(p)} AND t.status <> 'pending'
              AND NOT EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.organization_id = t.organization_id AND a.delivery_id = t.id)`,
        },
        {
          // The organization's last placed event stays: the next place is counted from it, so
          // places never repeat and a cursor's position means the same event forever. An event
          // without a place (committed since `prepare`) is never swept: it is not old.
          table: 'events',
          key: 'organization_id, id',
          due: (p) =>
            `t.created_at < ${keptSince(p)}
              AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.organization_id = t.organization_id AND d.event_id = t.id)
              AND t.feed_seq < (SELECT max(m.feed_seq) FROM events m WHERE m.organization_id = t.organization_id)`,
        },
        { table: 'calendar_writes', key: 'organization_id, id', due: (p) => `t.created_at < ${keptSince(p)} AND t.status <> 'pending'` },
      ],
    },
    {
      name: 'idempotency-keys',
      steps: [{ table: 'idempotency_keys', key: 'organization_id, id', due: (p) => `t.expires_at <= ${at(p, now())}` }],
    },
    {
      name: 'time-claims',
      steps: [
        {
          table: 'time_claims',
          key: 'organization_id, id',
          lockHumans: true,
          due: (p) => `t.booking_id IS NOT NULL AND t.ends_at < ${at(p, now() - PAST_CLAIM_MS)}`,
        },
        {
          table: 'booking_day_counts',
          key: 'organization_id, human_id, local_date',
          lockHumans: true,
          due: (p) => `t.local_date < ${p.ref(new Date(now() - PAST_LOCAL_DATE_MS).toISOString().slice(0, 10), 'date')}`,
        },
      ],
    },
    // An expired hold's claim goes with it (ON DELETE CASCADE).
    {
      name: 'holds',
      steps: [{ table: 'holds', key: 'organization_id, id', lockHumans: true, due: (p) => `t.expires_at <= ${at(p, now())}` }],
    },
    {
      name: 'throttles',
      steps: [
        { table: 'sign_in_throttle', key: 'email_hash', due: (p) => `t.window_start <= ${at(p, now() - THROTTLE_WINDOW_MS)}` },
        { table: 'oauth_registration_throttle', key: 'address_hash', due: (p) => `t.refilled_at < ${at(p, now() - bucketFullMs)}` },
      ],
    },
    {
      name: 'dashboard',
      steps: [
        {
          table: 'dashboard_sessions',
          key: 'id',
          due: (p) => `(t.expires_at <= ${at(p, now())} OR t.last_used_at <= ${at(p, now() - SESSION_IDLE_MS)})`,
        },
        { table: 'dashboard_invites', key: 'id', due: (p) => `t.expires_at <= ${at(p, now())}` },
      ],
    },
    {
      name: 'oauth',
      steps: [
        { table: 'oauth_codes', key: 'code_hash', due: (p) => `t.expires_at < ${at(p, now() - USED_CODE_KEPT_MS)}` },
        // A refresh token used once stays until it expires: presenting it again revokes the grant.
        { table: 'oauth_tokens', key: 'token_hash', due: (p) => `t.expires_at <= ${at(p, now())}` },
        {
          table: 'oauth_clients',
          key: 'client_id',
          due: (p) => `t.expires_at <= ${at(p, now())} AND NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = t.client_id)`,
        },
      ],
    },
  ];
}

/**
 * The embedded store's vacuum, a sweep of its own that deletes nothing. PGlite runs PostgreSQL
 * without its autovacuum, so on the embedded store nothing else makes the space of the rows
 * the other sweeps delete (and of updated rows) reusable, or sets the visibility map that the
 * lists' index-only scans need. Each table gets a `VACUUM` of its own (one cannot run inside a
 * transaction, and PGlite runs one statement at a time: other work waits for one table, not
 * all of them). Measured on the 50,000-booking seed: the first run 667 ms in all, 268 ms for
 * the longest table; later runs 33 ms in all. Not ANALYZE: it reads a sample of every table
 * each time (about 1 s in all, 369 ms for bookings, on the same seed), and PGlite keeps no
 * count of changed rows to run it only when a table has changed. A PostgreSQL server's
 * autovacuum does both, so the sweep is the embedded store's only.
 */
export const EMBEDDED_VACUUM: Sweep = {
  name: 'embedded-vacuum',
  prepare: async (store) => {
    const tables = await store.sql<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY relname`,
    );
    for (const { name } of tables) await store.sql(`VACUUM "${name.replaceAll('"', '""')}"`);
  },
  steps: [],
};

/** The sweeps of a store: every retention sweep, and on the embedded store its vacuum. */
export function storeSweeps(kind: Store['kind'], config: Pick<Config, 'retention' | 'oauth'>, clock: () => Date): Sweep[] {
  return [...retentionSweeps(config, clock), ...(kind === 'embedded' ? [EMBEDDED_VACUUM] : [])];
}
