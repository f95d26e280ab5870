import { AppError } from './app-error.js';

/**
 * Keyset paging over (created_at DESC, id DESC). The cursor is opaque to clients: the list it
 * belongs to, the last row's exact created_at (milliseconds) and id, base64url-encoded. A
 * cursor of one list sent to another is refused rather than read as a place in it.
 */
export interface CursorKey {
  createdAt: Date;
  id: string;
}

/** The lists that page with these cursors; the name is written into each cursor. */
export type CursorList = 'humans' | 'overrides' | 'webhooks' | 'deliveries' | 'bookings' | 'calendars' | 'overage_packs';

export function encodeCursor(key: CursorKey, list: CursorList): string {
  return Buffer.from(`${list}:${key.createdAt.getTime()}:${key.id}`).toString('base64url');
}

/**
 * Rows are created between 1970 and 9999; a cursor outside that span was not made here,
 * and PostgreSQL would refuse its instant (found by the fuzzer: a 500, not a 422).
 */
const MAX_CURSOR_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function decodeCursor(cursor: string, list: CursorList): CursorKey {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  // Cursors given out before they named their list have two parts: still read, on any list.
  const [from, ms, id] = parts.length === 2 ? [list, ...parts] : parts;
  const time = /^\d{1,15}$/.test(ms ?? '') ? Number(ms) : Number.NaN;
  const createdAt = new Date(time);
  if (parts.length > 3 || !id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) || !(time <= MAX_CURSOR_MS)) {
    throw new AppError('VALIDATION_ERROR', 'cursor: not a cursor returned by this API.');
  }
  if (from !== list) {
    throw new AppError(
      'VALIDATION_ERROR',
      `cursor: a cursor of another list; send the next_cursor this list (${list.replace('_', ' ')}) returned.`,
    );
  }
  return { createdAt, id };
}

/**
 * A list request's keyset: the rows after the cursor (none: from the newest), `limit + 1` of
 * them, the extra one only telling whether another page exists (see toPage). The statements
 * (db/tables/list-pages.ts) bound their index with it as a row comparison.
 */
export function keysetOf(query: { cursor?: string | undefined; limit: number }, list: CursorList) {
  return { after: query.cursor ? decodeCursor(query.cursor, list) : undefined, take: query.limit + 1 };
}

export const newestFirst = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

/**
 * Turns rows fetched with `take: limit + 1` into one page: the extra row only says
 * whether another page exists.
 */
export function toPage<Row extends CursorKey, Out>(rows: Row[], limit: number, map: (r: Row) => Out, list: CursorList) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map(map),
    next_cursor: rows.length > limit && last ? encodeCursor(last, list) : null,
  };
}

/**
 * A row's cursor key as a statement that writes the row as JSON selects it (keysetKeyColumns):
 * created_at in epoch milliseconds, as a string (bigint), and the id.
 */
export interface CursorKeyText {
  ms: string;
  id: string;
}

/**
 * toPage written as the answer's JSON text, from each row's own JSON (`json`): for rows the
 * database wrote as JSON (lib/json-text.ts).
 */
export function toPageText<Row extends CursorKeyText>(rows: Row[], limit: number, json: (r: Row) => string, list: CursorList): string {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next =
    rows.length > limit && last !== undefined ? `"${encodeCursor({ createdAt: new Date(Number(last.ms)), id: last.id }, list)}"` : 'null';
  return `{"data":[${page.map(json).join(',')}],"next_cursor":${next}}`;
}
