import { AppError } from '../../lib/app-error.js';

/**
 * An event's cursor in the feed: its place and its id, base64url-encoded and opaque to clients.
 * The place is what lets a reader resume after the event has been deleted (the id alone is
 * then unknown); the id ties the cursor to one event while it is kept.
 */
export interface FeedPosition {
  place: bigint;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isEventId = (text: string) => UUID.test(text);

export function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`${position.place}:${position.id}`).toString('base64url');
}

/** The refusal of an `after` that this feed did not give: the same for every way it is wrong. */
export const notAFeedCursor = () => new AppError('VALIDATION_ERROR', 'after: not a cursor or the id of an event of this organization.');

export function decodeFeedCursor(cursor: string): FeedPosition {
  const [place, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  // Places start at 1 and stay far below 2^63 (19 digits).
  if (extra !== undefined || !/^[1-9]\d{0,17}$/.test(place ?? '') || !UUID.test(id ?? '')) throw notAFeedCursor();
  return { place: BigInt(place!), id: id!.toLowerCase() };
}
