import { KEY_STATEMENTS_IN_FLIGHT, lookUpKeys, type KeyAnswer, type KeyQuery } from '../../db/tables/api-key-batch.js';
import { retryingDeadlocks } from '../../db/deadlocks.js';
import { lookUpKey, lookUpKeyWithSchedules, type RateLimitParams, type ScheduleRead } from '../../db/tables/api-key-lookup.js';
import type { Sql } from '../../db/sql.js';

/** The most requests one key statement answers; more wait for the next. */
const MAX_BATCH = 64;
/**
 * Key statements in flight at once; requests arriving meanwhile wait for the next free one.
 * One at a time kept PostgreSQL's round trip on the critical path of every batch, so the API
 * process sat idle waiting for it; three let batches overlap, and more did no better
 * (docs/decisions/0030-coalesced-key-statements.md). The store keeps as many connections for
 * them (Store.keySql).
 */
export const MAX_IN_FLIGHT = KEY_STATEMENTS_IN_FLIGHT;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(?!0000)\d{4}-\d{2}-\d{2}$/;
/** A day PostgreSQL's date takes: years 1-9999, no 30 February (which Date.parse rolls over). */
const calendarDate = (date: string) => {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return DATE.test(date) && !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(date);
};

/**
 * Whether a read's values cast cleanly in SQL. The routes validate them already (uuids, real
 * dates); this makes sure anyway that one request's odd input can only fail its own
 * statement, never a batch of others'.
 */
const castsCleanly = (read: ScheduleRead) =>
  calendarDate(read.dateFrom) && calendarDate(read.dateTo) && read.humanIds.every((id) => UUID.test(id));

/**
 * The PostgreSQL key statements of this process, coalesced: the requests that arrive in one
 * turn of the event loop go together in ONE statement (up to MAX_BATCH), sent at the end of
 * that turn (setImmediate) while fewer than MAX_IN_FLIGHT are under way; later ones queue
 * for the next free statement. Every request is still answered by a statement
 * that started after it arrived, so a rotated key is dead for it at once. Under load a round
 * trip (its socket writes and reads are most of the API process's CPU per request) serves many
 * requests; alone, a request costs what it did: a batch of one sends the single statements,
 * which are smaller to bind and plan than the batch's arrays. A failed statement fails the
 * requests of its batch alike.
 */
export function keyBatches(sql: Sql, limit: RateLimitParams): (query: KeyQuery) => Promise<KeyAnswer> {
  const off = { perSecond: 0, burst: 0 };
  const alone = async ({ keyHash, charge, read }: KeyQuery): Promise<KeyAnswer> => {
    if (read) return lookUpKeyWithSchedules(sql, keyHash, charge ? limit : off, read);
    const row = await lookUpKey(sql, keyHash, charge ? limit : off);
    return row && { ...row, schedules: [] };
  };

  const queue: { query: KeyQuery; resolve: (answer: KeyAnswer) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = 0;
  let flushing = false;
  const send = () => {
    inFlight++;
    const batch = queue.splice(0, MAX_BATCH);
    const answering =
      batch.length === 1
        ? alone(batch[0]!.query).then((a) => [a])
        : // One statement, rolled back whole when PostgreSQL breaks a deadlock: safe to send again.
          retryingDeadlocks(() =>
            lookUpKeys(
              sql,
              limit,
              batch.map((p) => p.query),
            ),
          );
    void answering
      .then(
        (answers) => batch.forEach((p, i) => p.resolve(answers[i])),
        (error: unknown) => batch.forEach((p) => p.reject(error)),
      )
      .finally(() => {
        inFlight--;
        schedule();
      });
  };
  const flush = () => {
    flushing = false;
    while (queue.length > 0 && inFlight < MAX_IN_FLIGHT) send();
  };
  const schedule = () => {
    if (flushing || queue.length === 0 || inFlight >= MAX_IN_FLIGHT) return;
    flushing = true;
    setImmediate(flush);
  };

  return (query) => {
    if (query.read && !castsCleanly(query.read)) return alone(query);
    return new Promise((resolve, reject) => {
      queue.push({ query, resolve, reject });
      schedule();
    });
  };
}
