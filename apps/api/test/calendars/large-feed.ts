/** Europe/Berlin as Google Calendar writes it, for the fixtures' documents. */
export const BERLIN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'X-LIC-LOCATION:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * A feed shaped like a busy person's Google Calendar export: `series` weekly meetings (a
 * third of them on two weekdays, some with an EXDATE) and `singles` one-off events, in
 * Europe/Berlin with its VTIMEZONE, spread around `around`. Deterministic, so the busy
 * intervals it yields can be counted.
 */
export function largeFeed(options: { series: number; singles: number; around: number }): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Work',
    'X-WR-TIMEZONE:Europe/Berlin',
    ...BERLIN_VTIMEZONE,
  ];
  const day = 86_400_000;
  const stamp = (ms: number, utc = false) => new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15) + (utc ? 'Z' : '');
  const days = ['MO', 'TU', 'WE', 'TH', 'FR'];
  for (let i = 0; i < options.series; i++) {
    // Series began up to two years before `around`, at 08:00-17:30 local, 30-90 minutes long.
    const start = options.around - (i % 730) * day + ((8 + (i % 10)) * 60 + (i % 2) * 30) * 60_000;
    const length = (30 + (i % 3) * 30) * 60_000;
    const byday = i % 3 === 0 ? `;BYDAY=${days[i % 5]},${days[(i + 2) % 5]}` : '';
    lines.push(
      'BEGIN:VEVENT',
      `DTSTART;TZID=Europe/Berlin:${stamp(start)}`,
      `DTEND;TZID=Europe/Berlin:${stamp(start + length)}`,
      `RRULE:FREQ=WEEKLY${byday}${i % 7 === 0 ? `;UNTIL=${stamp(options.around + 200 * day, true)}` : ''}`,
      ...(i % 5 === 0 ? [`EXDATE;TZID=Europe/Berlin:${stamp(start + 7 * day)}`] : []),
      `DTSTAMP:${stamp(options.around, true)}`,
      `UID:series-${i}@google.com`,
      `CREATED:${stamp(start - day, true)}`,
      `DESCRIPTION:Weekly sync number ${i}, agenda in the shared document.`,
      `LAST-MODIFIED:${stamp(start - day, true)}`,
      'LOCATION:Room 4.12',
      'SEQUENCE:0',
      'STATUS:CONFIRMED',
      `SUMMARY:Weekly sync ${i}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  for (let i = 0; i < options.singles; i++) {
    const start = options.around + ((i * 37) % 400) * day + (7 + (i % 11)) * 60 * 60_000;
    lines.push(
      'BEGIN:VEVENT',
      `DTSTART:${stamp(start, true)}`,
      `DTEND:${stamp(start + 45 * 60_000, true)}`,
      `DTSTAMP:${stamp(options.around, true)}`,
      `UID:single-${i}@google.com`,
      `DESCRIPTION:One-off meeting ${i}`,
      'SEQUENCE:0',
      'STATUS:CONFIRMED',
      `SUMMARY:Meeting ${i}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}
