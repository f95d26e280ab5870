/**
 * How far ahead a human without a booking horizon has their calendars read (plus a margin), and
 * so how far ahead such a human with a connected calendar is listed and bookable: beyond it,
 * their own meetings would not be known (docs/calendars.md).
 */
export const CALENDAR_HORIZON_DAYS = 366;
