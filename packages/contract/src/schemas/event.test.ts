import { describe, expect, it } from 'vitest';
import { WebhookEventSchema } from './event.js';

const booking = {
  id: '6f1c2a4e-8b3d-4c5e-9f10-112233445567',
  human_id: '6f1c2a4e-8b3d-4c5e-9f10-112233445566',
  starts_at: '2026-12-01T14:00:00Z',
  ends_at: '2026-12-01T14:30:00Z',
  duration_minutes: 30,
  attendee_name: 'Agent Smith',
  attendee_email: 'smith@example.com',
  status: 'confirmed',
  metadata: { ticket: 'T-1' },
  created_at: '2026-11-30T10:00:00Z',
  cancelled_at: null,
  rescheduled_from: null,
  rescheduled_to: null,
  group_id: null,
};

describe('WebhookEventSchema', () => {
  it('accepts a delivery body carrying the full booking', () => {
    const event = { event: 'booking.confirmed', created_at: '2026-11-30T10:00:00Z', data: booking };
    expect(WebhookEventSchema.parse(event)).toEqual(event);
  });

  it('rejects unknown events and partial bookings', () => {
    expect(WebhookEventSchema.safeParse({ event: 'booking.moved', created_at: 'x', data: booking }).success).toBe(false);
    expect(WebhookEventSchema.safeParse({ event: 'booking.cancelled', created_at: 'x', data: { id: booking.id } }).success).toBe(false);
  });
});
