import { describe, expect, it } from 'vitest';
import { loggedPath } from './request-context.js';

describe('loggedPath', () => {
  it('keeps a calendar feed’s secret out of the logs', () => {
    expect(loggedPath('/feeds/feed_3q2-7wDd0cY3b1nFJ3m8Jk2y6Y3P0V5Qe6uJ9rT1xYz.ics')).toBe('/feeds/[token].ics');
    expect(loggedPath('/feeds/anything-else')).toBe('/feeds/[token].ics');
  });

  it('logs every other path as it came', () => {
    for (const path of ['/v1/humans/6f1c2d3e-0000-4000-8000-000000000001/calendar-feed', '/feeds', '/docs'])
      expect(loggedPath(path)).toBe(path);
  });
});
