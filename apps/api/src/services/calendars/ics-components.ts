/** A component directly inside VCALENDAR, as a slice of the document. */
export interface IcsBlock {
  /** Upper-case component name: VEVENT, VTIMEZONE, VFREEBUSY, ... */
  name: string;
  start: number;
  end: number;
  /** Not closed properly (END missing or out of order): the block is not parsed. */
  broken: boolean;
}

export type IcsScan = { ok: true; blocks: IcsBlock[]; components: number } | { ok: false; problem: IcsProblem };

/** Why a whole document is unreadable; `cut-short`: it stops before its END:VCALENDAR (a transfer that ended early). */
export type IcsProblem = 'not-icalendar' | 'too-many-components' | 'cut-short';

/** Components that stand on their own inside VCALENDAR; one cannot open inside another. */
const TOP_LEVEL = new Set(['VEVENT', 'VTODO', 'VJOURNAL', 'VFREEBUSY', 'VTIMEZONE']);

/**
 * One pass over the document's lines, before anything is parsed: checks it is iCalendar,
 * counts its components (every BEGIN but VCALENDAR's) against the cap, and cuts it into the
 * components of VCALENDAR. Each is then parsed on its own, so one malformed event costs that
 * event and not the feed, and the cap holds before any parsing work is spent. A document
 * that stops before its END:VCALENDAR was cut off (a server that closed cleanly mid-transfer)
 * and is unreadable as a whole: its missing events must not free their time.
 */
export function scanComponents(text: string, maxComponents: number): IcsScan {
  const blocks: IcsBlock[] = [];
  let components = 0;
  let sawCalendar = false;
  // Whether the last VCALENDAR opened was closed: a document cut off in transfer is not.
  let ended = false;
  let current: { name: string; start: number; open: string[]; broken: boolean } | null = null;
  const close = (end: number, broken: boolean) => {
    if (current) blocks.push({ name: current.name, start: current.start, end, broken: broken || current.broken });
    current = null;
  };

  let position = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (position < text.length) {
    let lineEnd = text.indexOf('\n', position);
    if (lineEnd === -1) lineEnd = text.length;
    const next = lineEnd + 1;
    const first = text.charCodeAt(position) | 0x20;
    // Only BEGIN: and END: lines matter here ('b' and 'e', case-insensitively).
    if (first === 0x62 || first === 0x65) {
      const line = text
        .slice(position, Math.min(lineEnd, position + 80))
        .trimEnd()
        .toUpperCase();
      if (line.startsWith('BEGIN:')) {
        const name = line.slice(6).trim();
        if (name === 'VCALENDAR') {
          sawCalendar = true;
          ended = false;
          close(position, true);
        } else if (sawCalendar) {
          if (++components > maxComponents) return { ok: false, problem: 'too-many-components' };
          if (current && TOP_LEVEL.has(name)) close(position, true);
          if (current) current.open.push(name);
          else current = { name, start: position, open: [name], broken: false };
        }
      } else if (line.startsWith('END:') && sawCalendar) {
        const name = line.slice(4).trim();
        if (name === 'VCALENDAR') {
          ended = true;
          close(position, true);
        } else if (current) {
          const at = current.open.lastIndexOf(name);
          if (at !== -1) {
            if (at !== current.open.length - 1) current.broken = true;
            current.open.length = at;
            if (at === 0) close(Math.min(next, text.length), false);
          }
        }
      }
    }
    if (!sawCalendar && text.slice(position, lineEnd).trim() !== '') return { ok: false, problem: 'not-icalendar' };
    position = next;
  }
  close(text.length, true);
  if (!sawCalendar) return { ok: false, problem: 'not-icalendar' };
  if (!ended) return { ok: false, problem: 'cut-short' };
  return { ok: true, blocks, components };
}

/** Whether a body is an iCalendar document by its first line (a UTF-8 BOM and blank lines aside). */
export function looksLikeICalendar(text: string): boolean {
  const head = text
    .slice(0, 64)
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.toUpperCase().startsWith('BEGIN:VCALENDAR');
}
