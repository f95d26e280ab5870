// What readWhen refuses before the parser sees the text: phrases it would read as something
// else without a word. Each pattern comes with what to send instead.

export const DAYS_AND_TIMES_APART = 'give the days and the times apart, e.g. "Monday to Wednesday from 9am to 5pm"';

/**
 * Phrases chrono reads as one day or today without a word ("weekday mornings next week" as
 * tomorrow, "end of next week" as its Saturday, "next quarter" as today, "the coming days" as
 * tomorrow), and spans from one day's time to another day that would be read as a time on each
 * day ("2026-12-14T17:00 - 2026-12-15T09:00", "Friday evening to Sunday"): refused, saying what
 * to send instead.
 */
export const UNSURE: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?!next weekday$).*\bweekdays?\b/, 'a window is a run of days; name them, e.g. "Monday to Friday" or "next week mornings"'],
  [/\b(?:end|beginning|start|middle|rest) of\b/, 'name the days, e.g. "Thursday to Friday" or "the next 3 days"'],
  [/\bquarter\b(?! (?:past|to)\b)/, 'name the days or a month, e.g. "January" or "the next 2 months"'],
  [/\bcoming (?:days|weeks?|months)\b/, 'say how far, e.g. "the next 5 days", "next week" or "within the next week"'],
  [
    /(\d{4}-\d{2}-\d{2})(?:[t ]| at )\d{1,2}:\d{2}\S*\s*(?:-|to|until|till|through|thru|and)\s*(?!\1)\d{4}-\d{2}-\d{2}(?:[t ]| at )\d{1,2}:\d{2}\S*/,
    DAYS_AND_TIMES_APART,
  ],
  [
    /\b(?:morning|afternoon|evening|night|tonight)\s*(?:-|(?:to|until|till|through|thru)\b)\s*(?!\s|\d|noon|midday|midnight|(?:morning|afternoon|evening|night)\b)/,
    DAYS_AND_TIMES_APART,
  ],
];

/**
 * Whether a range's first time is written after its first day ("Monday 9am to Wednesday": a span
 * from that time) rather than before it ("10am Monday to Friday": that time on each day).
 */
export function timeAfterDay(text: string): boolean {
  const day = /[a-z]{3}|\d{4}-\d{2}-\d{2}/.exec(
    text.replace(/\b(?:at|from|after|before|until|till|to)\b|\b\d{1,2}(?::\d{2})? ?[ap]m\b/g, (m) => ' '.repeat(m.length)),
  );
  const time = /\d{1,2}(?::\d{2})? ?[ap]m\b|\b\d{1,2}:\d{2}\b|\bnoon\b|\bmidnight\b|\b(?:at|from) \d/.exec(text);
  return day !== null && time !== null && day.index < time.index;
}
