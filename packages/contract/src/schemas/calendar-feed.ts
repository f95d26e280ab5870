import { z } from 'zod';
import { UtcTimestamp } from './common.js';

/** How far back the feed reaches, and how long a cancelled booking stays in it, in days. */
export const CALENDAR_FEED_WINDOW_DAYS = 30;

/**
 * The 201 answer to POST /v1/humans/{human_id}/calendar-feed: the only answer that carries
 * the feed's URL, whose last segment is its secret.
 */
export const CalendarFeedSchema = z.object({
  url: z
    .string()
    .describe('The secret subscription URL, <base>/feeds/<token>.ics; shown only this once. Anyone with it can read the feed.'),
  created_at: UtcTimestamp.describe('When this URL was made: the feed is active since then'),
});

export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
