// Every number, amount and time the dashboard shows goes through these, so the viewer's
// locale decides separators and the zone is always stated where it matters.

const numbers = new Intl.NumberFormat(undefined);

export function formatNumber(value: number): string {
  return numbers.format(value);
}

export function formatPercent(fraction: number): string {
  return new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/** The viewer's own IANA zone, as the browser reports it. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  // Always said: the viewer's zone is not the organization's, nor the quota month's (UTC).
  timeZoneName: 'short',
};

/** "Mon, 1 Mar 2027, 15:00 CET" in the given zone (the viewer's when omitted). */
export function formatDateTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, { ...DATE_TIME, timeZone }).format(new Date(iso));
}

/** "Mon, 1 Mar 2027, 15:00:07 CET": to the second, for events seconds apart (a delivery's attempts). */
export function formatDateTimeSeconds(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, { ...DATE_TIME, second: '2-digit', timeZone }).format(new Date(iso));
}

export function formatDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(new Date(iso));
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "in 2 hours", "just now" (under a minute either way), relative to `now`. */
export function formatAgo(iso: string, now: number = Date.now()): string {
  const delta = new Date(iso).getTime() - now;
  if (Math.abs(delta) < 60_000) return 'just now';
  const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const [unit, ms] = RELATIVE_UNITS.find(([, size]) => Math.abs(delta) >= size) ?? RELATIVE_UNITS[RELATIVE_UNITS.length - 1]!;
  return relative.format(Math.trunc(delta / ms), unit);
}

export function formatTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** The short zone name at that instant, e.g. "CET" or "GMT+1". */
export function zoneAbbreviation(iso: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** ISO weekday 1..7 → "Monday".."Sunday". */
export function weekdayName(isoWeekday: number): string {
  return WEEKDAYS[isoWeekday - 1] ?? String(isoWeekday);
}

export function planName(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}
