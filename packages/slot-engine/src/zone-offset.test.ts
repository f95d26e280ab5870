import { IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { offsetReader } from './zone-offset.js';

describe('offsetReader', () => {
  it('matches luxon for whole-hour, half-hour, 45-minute and negative offsets, across DST', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'Europe/Berlin',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'America/St_Johns',
      'Australia/Lord_Howe',
      'Pacific/Kiritimati',
      'America/Sao_Paulo',
    ];
    for (const zone of zones) {
      const ours = offsetReader(zone);
      const luxon = IANAZone.create(zone);
      for (let t = Date.UTC(2018, 0, 1); t < Date.UTC(2027, 0, 1); t += 7.3 * 86_400_000) {
        expect(ours(t), `${zone} at ${new Date(t).toISOString()}`).toBe(luxon.offset(t));
      }
    }
  });

  it('throws for an unknown zone', () => {
    expect(() => offsetReader('Nowhere/Special')).toThrow(RangeError);
  });
});
