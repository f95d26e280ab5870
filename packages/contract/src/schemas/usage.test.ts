import { describe, expect, it } from 'vitest';
import { UsageSchema } from './usage.js';

describe('UsageSchema', () => {
  it('accepts the documented response and only known plans', () => {
    const usage = {
      plan: 'starter',
      period_start: '2026-03-01T00:00:00Z',
      period_end: '2026-04-01T00:00:00Z',
      quota: 1000,
      used: 1001,
      overage_packs: 1,
      auto_purchase: true,
    };
    expect(UsageSchema.parse(usage)).toEqual(usage);
    expect(UsageSchema.safeParse({ ...usage, plan: 'Starter' }).success).toBe(false);
  });
});
