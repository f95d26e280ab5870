import { describe, expect, it } from 'vitest';
import { formatLocal } from '../local-time.js';
import { describeTimeContext } from './human-tools.js';

const berlin = {
  now: '2026-11-24T14:04:37Z',
  timezone: 'Europe/Berlin',
  utc_offset: '+01:00',
  local: 'Tue 2026-11-24 15:04 Europe/Berlin (+01:00)',
  next_offset_change: { at: '2027-03-28T01:00:00Z', from: '+01:00', to: '+02:00' },
  open_now: true,
  next_open_at: '2026-11-25T08:00:00Z',
};

describe('describeTimeContext', () => {
  it("gives the local time line, the human's today and tomorrow, work and the next DST change", () => {
    expect(describeTimeContext(berlin).split('\n')).toEqual([
      'Local time: Tue 2026-11-24 15:04 Europe/Berlin (+01:00) (UTC 2026-11-24T14:04:37Z).',
      'Where the human is, today is Tue 2026-11-24; tomorrow is Wed 2026-11-25; yesterday was Mon 2026-11-23.',
      'At work now (working hours or an open override, no block). After this stretch, next at work: Wed 2026-11-25 09:00 Europe/Berlin (+01:00) (2026-11-25T08:00:00Z).',
      '(At work is not the same as bookable: use find_slots or check_time for that.)',
      'The UTC offset changes from +01:00 to +02:00 at 2027-03-28T01:00:00Z (Sun 2027-03-28 03:00 Europe/Berlin (+02:00)).',
    ]);
    // The line matches what formatLocal says for the same instant.
    expect(formatLocal(berlin.now, berlin.timezone)).toBe(berlin.local);
  });

  it('says when nothing opens, and when the offset does not change', () => {
    const text = describeTimeContext({
      ...berlin,
      timezone: 'Asia/Tokyo',
      utc_offset: '+09:00',
      local: 'Thu 2026-12-31 23:30 Asia/Tokyo (+09:00)',
      next_offset_change: null,
      open_now: false,
      next_open_at: null,
    });
    expect(text).toContain('Where the human is, today is Thu 2026-12-31; tomorrow is Fri 2027-01-01; yesterday was Wed 2026-12-30.');
    expect(text).toContain('Not at work now, and not at work at any time in the next 14 days.');
    expect(text).toContain('The UTC offset stays +09:00 for at least a year (no DST change ahead).');
  });
});
