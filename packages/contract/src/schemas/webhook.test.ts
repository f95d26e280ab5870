import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support.js';
import { CreateWebhookBodySchema, WebhookDeliverySchema, WebhookSchema, WebhookWithSecretSchema } from './webhook.js';

const issues = (body: Record<string, unknown>) =>
  issuesOf(CreateWebhookBodySchema, { url: 'https://example.com/hooks', events: ['booking.confirmed'], ...body });

describe('CreateWebhookBodySchema', () => {
  it('accepts one or both events', () => {
    expect(issues({})).toEqual([]);
    expect(issues({ events: ['booking.cancelled', 'booking.confirmed'] })).toEqual([]);
  });

  it('rejects a missing, malformed or over-long url', () => {
    expect(issuesOf(CreateWebhookBodySchema, { events: ['booking.confirmed'] })).toEqual(['url: Required']);
    expect(issues({ url: 'example.com/hooks' })).toEqual(['url: must be an absolute URL, e.g. https://example.com/hooks']);
    expect(issues({ url: `https://example.com/${'a'.repeat(2048)}` })).toEqual(['url: must be at most 2048 characters']);
  });

  it('refuses control characters the URL parser would silently drop', () => {
    for (const url of ['https://hooks.exa\tmple.com/in', 'https://example.com/a\nb', 'https://example.com/x\u0085']) {
      expect(issues({ url }), JSON.stringify(url)).toContain('url: must not contain control characters (tab, line break, ...)');
    }
    // Surrounding whitespace is trimmed: a documented normalization, not a silent one.
    expect(issues({ url: '  https://example.com/hooks  ' })).toEqual([]);
  });

  it('rejects empty, duplicate or unknown events', () => {
    expect(issues({ events: [] })).toEqual(['events: must contain at least one event']);
    expect(issues({ events: ['booking.confirmed', 'booking.confirmed'] })).toEqual(['events: must not contain duplicate events']);
    expect(issues({ events: ['booking.created'] })[0]).toMatch(/^events\.0: /);
    expect(issues({ events: 'booking.confirmed' })).toHaveLength(1);
  });

  it('rejects unknown fields', () => {
    expect(issues({ secret: 'whsec_x' })).toHaveLength(1);
  });
});

describe('webhook responses', () => {
  const webhook = {
    id: '6f1c2a4e-8b3d-4c5e-9f10-112233445566',
    url: 'https://example.com/hooks',
    events: ['booking.confirmed'],
    created_at: '2026-01-01T00:00:00Z',
  };

  it('shows the secret only in the creation response', () => {
    const created = { ...webhook, signing_secret: 'whsec_abc' };
    expect(WebhookWithSecretSchema.parse(created)).toEqual(created);
    expect(WebhookSchema.parse(created)).toEqual(webhook);
  });

  it('describes a delivery with its attempts', () => {
    const delivery = {
      id: '6f1c2a4e-8b3d-4c5e-9f10-112233445567',
      webhook_id: webhook.id,
      event: 'booking.confirmed',
      booking_id: '6f1c2a4e-8b3d-4c5e-9f10-112233445568',
      status: 'pending',
      attempts: [
        { attempt: 1, attempted_at: '2026-01-01T00:00:00Z', status_code: 500, error: null, duration_ms: 120 },
        { attempt: 2, attempted_at: '2026-01-01T00:05:00Z', status_code: null, error: 'timeout', duration_ms: 10000 },
      ],
      next_attempt_at: '2026-01-01T01:05:00Z',
      created_at: '2026-01-01T00:00:00Z',
    };
    expect(WebhookDeliverySchema.parse(delivery)).toEqual(delivery);
    expect(WebhookDeliverySchema.safeParse({ ...delivery, status: 'attempting' }).success).toBe(false);
    // Attempt 4 and later are manual retries (POST .../retry); 0 is never an attempt.
    expect(WebhookDeliverySchema.safeParse({ ...delivery, attempts: [{ ...delivery.attempts[0], attempt: 4 }] }).success).toBe(true);
    expect(WebhookDeliverySchema.safeParse({ ...delivery, attempts: [{ ...delivery.attempts[0], attempt: 0 }] }).success).toBe(false);
  });
});
