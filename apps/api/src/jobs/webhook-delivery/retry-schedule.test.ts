import { describe, expect, it } from 'vitest';
import { nextState } from './retry-schedule.js';

const at = new Date('2030-01-07T10:00:00.000Z');
const SPEC_DELAYS = [5 * 60_000, 60 * 60_000];

describe('nextState', () => {
  it('is delivered on success at any attempt', () => {
    for (const attempt of [1, 2, 3])
      expect(nextState({ attempt }, true, at, SPEC_DELAYS)).toEqual({ status: 'delivered', nextAttemptAt: null });
  });

  it('retries 5 minutes after a failed first attempt and 60 minutes after a failed second', () => {
    expect(nextState({ attempt: 1 }, false, at, SPEC_DELAYS)).toEqual({
      status: 'pending',
      nextAttemptAt: new Date('2030-01-07T10:05:00.000Z'),
    });
    expect(nextState({ attempt: 2 }, false, at, SPEC_DELAYS)).toEqual({
      status: 'pending',
      nextAttemptAt: new Date('2030-01-07T11:00:00.000Z'),
    });
  });

  it('fails a failed manual retry at once, however few attempts came before it', () => {
    expect(nextState({ attempt: 2, manual: true }, false, at, SPEC_DELAYS)).toEqual({ status: 'failed', nextAttemptAt: null });
    expect(nextState({ attempt: 2, manual: true }, true, at, SPEC_DELAYS)).toEqual({ status: 'delivered', nextAttemptAt: null });
  });

  it('fails after the third attempt, whatever the delays', () => {
    expect(nextState({ attempt: 3 }, false, at, SPEC_DELAYS)).toEqual({ status: 'failed', nextAttemptAt: null });
    expect(nextState({ attempt: 3 }, false, at, [1, 2, 3])).toEqual({ status: 'failed', nextAttemptAt: null });
  });
});
