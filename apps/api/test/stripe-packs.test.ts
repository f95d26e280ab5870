import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, createUtcHuman, januarySlot as slot, race } from './booking-fixtures.js';
import { signUp } from './dashboard-fixtures.js';
import { StripeStandIn } from './stripe-stand-in.js';
import { reconcilePacks } from '../src/services/billing/buy-pack.js';
import { stripeClient } from '../src/services/billing/stripe/stripe-client.js';
import { stripePaymentProcessor } from '../src/services/billing/stripe/stripe-payment-processor.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './test-app.js';
import { setMonthUsed } from './usage-fixtures.js';

// Overage packs charged through Stripe, with the SDK pointed at a local stand-in. The charge
// timeout is short so that an unanswered charge is a test of a second, not of 15.
const NOW = new Date('2030-01-15T12:00:00Z');
const TIMEOUT_MS = 1_200;
const stripe = new StripeStandIn('whsec_stand_in_secret');
let app: TestApp;

beforeAll(async () => {
  await stripe.start();
  app = await startTestApp({
    stripe: { secretKey: 'sk_test_stand_in', apiBase: new URL(stripe.url), webhookSecret: stripe.webhookSecret, timeoutMs: TIMEOUT_MS },
  });
  stripe.webhookUrl = `${app.url}/stripe/webhooks`;
  app.clock.now = NOW;
});
afterAll(async () => {
  await app.close();
  await stripe.stop();
});

/** A Growth organization with auto-purchase on, at its quota, with `card` on file (or none). */
async function atTheLimit(card: string | undefined) {
  const org = await app.createOrg('growth', true);
  const human = await createUtcHuman(app, org.key, [30]);
  if (card) await setCard(org.id, card);
  await setMonthUsed(app.database.store.sql, org.id, 10_000, '2030-01-01');
  return { ...org, human, book: (n: number) => app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(n)) }) };
}

async function setCard(orgId: string, card: string) {
  const res = await app.call('PUT', `/admin/v1/organizations/${orgId}/payment-method`, {
    key: ADMIN_TOKEN,
    body: { payment_method: card },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const usage = async (key: string) => (await app.call('GET', '/v1/usage', { key })).body;
const intentsOf = (orgId: string) => stripe.paymentIntents.filter((pi) => pi.metadata.organization_id === orgId);
const intentRequestsOf = (orgId: string) => stripe.sent('/v1/payment_intents').filter((r) => r.body.metadata?.organization_id === orgId);
const packsOf = (orgId: string) =>
  app.database.store.db.packCharge.findMany({ where: { organizationId: orgId }, orderBy: { createdAt: 'asc' } });

describe('overage packs through Stripe', () => {
  it('charges one PaymentIntent of 19.00 USD off session on the card on file, with the pack in its metadata', async () => {
    const org = await atTheLimit('pm_card_visa');
    const account = await app.database.store.db.billingAccount.findUniqueOrThrow({ where: { organizationId: org.id } });
    expect(stripe.customers.get(account.stripeCustomerId!)!.metadata).toEqual({ organization_id: org.id });
    expect((await org.book(0)).status).toBe(201);
    const [pack] = await packsOf(org.id);
    const [intent] = intentsOf(org.id);
    expect(intent).toMatchObject({
      amount: 1900,
      currency: 'usd',
      customer: account.stripeCustomerId,
      payment_method: account.paymentMethodId,
      off_session: true,
      confirm: true,
      metadata: { organization_id: org.id, pack_id: pack!.id },
    });
    expect(pack).toMatchObject({ status: 'succeeded', paymentRef: intent!.id, processor: 'stripe' });
    const [request] = intentRequestsOf(org.id);
    expect(request!.idempotencyKey).toBe(`pack_${org.id}_2030-01-01_1_${account.paymentMethodId}_1`);
    expect(await usage(org.key)).toMatchObject({ used: 10_001, overage_packs: 1, auto_purchase: true });
    // 499 more fit in the pack without another charge.
    expect((await org.book(1)).status).toBe(201);
    expect(intentsOf(org.id)).toHaveLength(1);
  });

  it('a declined card is 402 saying so, pauses auto-purchase, and switching it on again is a new attempt', async () => {
    const org = await atTheLimit('pm_card_chargeDeclined');
    const refused = await org.book(0);
    expect([refused.status, refused.body.error.code]).toEqual([402, 'LIMIT_REACHED']);
    expect(refused.body.error.message).toMatch(/declined/);
    expect(await usage(org.key)).toMatchObject({ used: 10_000, overage_packs: 0, auto_purchase: false });
    const paused = await app.database.store.db.billingAccount.findUniqueOrThrow({ where: { organizationId: org.id } });
    expect(paused.pausedReason).toMatch(/declined/);
    // Paused: the next booking is refused without a charge, saying why and what to do.
    const next = await org.book(1);
    expect(next.status).toBe(402);
    expect(next.body.error.message).toMatch(/auto-purchase of overage was paused because the card was declined .*switch it on again/);
    expect(intentRequestsOf(org.id)).toHaveLength(1);

    await setCard(org.id, 'pm_card_visa');
    await app.call('PATCH', `/admin/v1/organizations/${org.id}`, { key: ADMIN_TOKEN, body: { auto_purchase: true } });
    expect((await org.book(2)).status).toBe(201);
    const keys = intentRequestsOf(org.id).map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[1]).toMatch(/_2$/);
    expect((await packsOf(org.id)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    // The declined attempt keeps the id of the PaymentIntent Stripe made for it.
    expect((await packsOf(org.id)).map((p) => p.paymentRef)).toEqual([expect.stringMatching(/^pi_/), expect.stringMatching(/^pi_/)]);
    expect(await app.database.store.db.billingAccount.findUniqueOrThrow({ where: { organizationId: org.id } })).toMatchObject({
      pausedReason: null,
    });
  });

  it('a card that requires authentication is 402 saying so and pauses auto-purchase', async () => {
    const org = await atTheLimit('pm_card_authenticationRequired');
    const refused = await org.book(0);
    expect([refused.status, refused.body.error.code]).toEqual([402, 'LIMIT_REACHED']);
    expect(refused.body.error.message).toMatch(/authentication/);
    expect((await usage(org.key)).auto_purchase).toBe(false);
    expect(intentsOf(org.id)).toHaveLength(0);
    const [failed] = await packsOf(org.id);
    expect(failed).toMatchObject({ status: 'failed', paymentRef: expect.stringMatching(/^pi_/) });
    // Its PaymentIntent, left open by Stripe for the holder, is cancelled: the outcome is final.
    expect(stripe.sent(`/v1/payment_intents/${failed!.paymentRef}/cancel`)).toHaveLength(1);
  });

  it('a refused pack whose PaymentIntent is paid after all (authenticated before it was cancelled) is credited by its event', async () => {
    const org = await atTheLimit('pm_card_authenticationRequired');
    expect((await org.book(0)).status).toBe(402);
    const [failed] = await packsOf(org.id);
    const paid = {
      id: failed!.paymentRef,
      object: 'payment_intent',
      status: 'succeeded',
      metadata: { organization_id: org.id, pack_id: failed!.id },
    };
    const payload = stripe.event('payment_intent.succeeded', paid);
    const post = () =>
      app.call('POST', '/stripe/webhooks', {
        raw: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      });
    expect((await post()).status).toBe(200);
    expect(await packsOf(org.id)).toMatchObject([{ status: 'succeeded', paymentRef: failed!.paymentRef }]);
    expect(await usage(org.key)).toMatchObject({ overage_packs: 1 });
    expect((await post()).status).toBe(200); // Stripe sends it again: counted once
    expect(await usage(org.key)).toMatchObject({ overage_packs: 1 });
  });

  it('no card on file is 402 saying so; nothing is sent and nothing is paused', async () => {
    const org = await atTheLimit(undefined);
    const refused = await org.book(0);
    expect([refused.status, refused.body.error.code]).toEqual([402, 'LIMIT_REACHED']);
    expect(refused.body.error.message).toMatch(/no card is on file/);
    expect((await usage(org.key)).auto_purchase).toBe(true);
    expect(intentRequestsOf(org.id)).toHaveLength(0);
  });

  it('a 500 is retried by the SDK with the same Idempotency-Key, and the booking succeeds', async () => {
    const org = await atTheLimit('pm_card_visa');
    stripe.failNext('/v1/payment_intents', 1);
    expect((await org.book(0)).status).toBe(201);
    const sent = intentRequestsOf(org.id);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(intentsOf(org.id)).toHaveLength(1);
  });

  it('an answer that never comes in time is 402 (nothing paused); the next booking replays the key: one charge, one pack', async () => {
    const org = await atTheLimit('pm_card_visa');
    stripe.holdBackNextAnswer(TIMEOUT_MS * 3);
    const started = Date.now();
    const refused = await org.book(0);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1_000);
    expect([refused.status, refused.body.error.code]).toEqual([402, 'LIMIT_REACHED']);
    expect(refused.body.error.message).toMatch(/could not be reached/);
    expect((await usage(org.key)).auto_purchase).toBe(true);
    expect((await packsOf(org.id)).map((p) => p.status)).toEqual(['pending']);

    const booked = await org.book(1);
    expect(booked.status, booked.text).toBe(201);
    expect(intentsOf(org.id)).toHaveLength(1);
    const keys = new Set(intentRequestsOf(org.id).map((r) => r.idempotencyKey));
    expect(keys.size).toBe(1);
    expect(await packsOf(org.id)).toEqual([expect.objectContaining({ status: 'succeeded', paymentRef: intentsOf(org.id)[0]!.id })]);
    expect(await usage(org.key)).toMatchObject({ used: 10_001, overage_packs: 1 });
  });

  it('a pack whose charge went through unheard is settled at start-up by replaying its key: no second charge', async () => {
    const org = await atTheLimit('pm_card_visa');
    stripe.holdBackNextAnswer(TIMEOUT_MS * 3);
    expect((await org.book(0)).status).toBe(402);
    const processor = stripePaymentProcessor(stripeClient(app.config.stripe!), TIMEOUT_MS);
    expect(await reconcilePacks({ store: app.database.store, paymentProcessor: processor, config: app.config })).toBeGreaterThanOrEqual(1);
    expect(await packsOf(org.id)).toEqual([expect.objectContaining({ status: 'succeeded', paymentRef: intentsOf(org.id)[0]!.id })]);
    expect(intentsOf(org.id)).toHaveLength(1);
    expect(await usage(org.key)).toMatchObject({ used: 10_000, overage_packs: 1 });
    expect((await org.book(1)).status).toBe(201);
    expect(intentRequestsOf(org.id).filter((r) => r.idempotencyKey !== intentRequestsOf(org.id)[0]!.idempotencyKey)).toEqual([]);
  });

  it('50 concurrent bookings at the boundary create exactly one PaymentIntent, and all succeed', async () => {
    const org = await atTheLimit('pm_card_visa');
    const { tally } = await race(Array.from({ length: 50 }, (_, i) => () => org.book(i)));
    expect(tally).toEqual({ 201: 50 });
    expect(intentRequestsOf(org.id)).toHaveLength(1);
    expect(intentsOf(org.id)).toHaveLength(1);
    expect(await usage(org.key)).toMatchObject({ used: 10_050, overage_packs: 1 });
  });

  it('the Overview says auto-purchase was paused and why, to members as well', async () => {
    const user = await signUp(app);
    await setCard(user.organizationId, 'pm_card_chargeDeclined');
    await app.call('PATCH', `/admin/v1/organizations/${user.organizationId}`, {
      key: ADMIN_TOKEN,
      body: { plan: 'growth', auto_purchase: true },
    });
    expect((await user.call('GET', '/overview')).body.auto_purchase_paused).toBeNull();
    const human = await createUtcHuman(app, user.apiKey, [30]);
    await setMonthUsed(app.database.store.sql, user.organizationId, 10_000, '2030-01-01');
    expect((await app.call('POST', '/v1/bookings', { key: user.apiKey, body: bookingBody(human, slot(0)) })).status).toBe(402);
    const overview = (await user.call('GET', '/overview')).body;
    expect(overview.organization.auto_purchase).toBe(false);
    expect(overview.auto_purchase_paused).toEqual({ reason: expect.stringMatching(/declined/), paused_at: expect.any(String) });
    // Switching it on again clears it.
    const resumed = await user.call('PATCH', '/organization', { body: { auto_purchase: true } });
    expect([resumed.status, resumed.body.auto_purchase_paused]).toEqual([200, null]);
  });

  it('an operator’s move to a paid plan needs a card as well (admin API and pnpm admin set-plan): one rule for every caller', async () => {
    const org = await app.createOrg('free');
    const move = (plan: string) => app.call('PATCH', `/admin/v1/organizations/${org.id}`, { key: ADMIN_TOKEN, body: { plan } });
    const refused = await move('starter');
    expect([refused.status, refused.body.error?.code]).toEqual([422, 'VALIDATION_ERROR']);
    expect(refused.body.error.message).toMatch(/card on file/);
    expect((await app.call('GET', `/admin/v1/organizations/${org.id}`, { key: ADMIN_TOKEN })).body.plan).toBe('free');
    // Free needs none; with the card set, the move is made; staying on a paid plan is no move.
    expect((await move('free')).status).toBe(200);
    await setCard(org.id, 'pm_card_visa');
    expect((await move('growth')).status).toBe(200);
    expect((await move('growth')).status).toBe(200);
  });

  it('lists each pack with its payment id and status on the Billing page, and a paid plan needs a card', async () => {
    const user = await signUp(app);
    const moved = await user.call('PATCH', '/organization', { body: { plan: 'starter' } });
    expect([moved.status, moved.body.error?.code]).toEqual([422, 'VALIDATION_ERROR']);
    expect(moved.body.error.message).toMatch(/card on file/);
    expect((await user.call('GET', '/billing')).body).toEqual({ processor: 'stripe', card: null, auto_purchase_paused: null });

    const setup = await user.call('POST', '/billing/card-setup');
    expect(setup.status, setup.text).toBe(200);
    const page = await fetch(setup.body.url, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`${app.url}/dashboard/billing?card=added`);
    expect((await user.call('GET', '/billing')).body.card).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
    expect((await user.call('PATCH', '/organization', { body: { plan: 'growth', auto_purchase: true } })).status).toBe(200);

    const human = await createUtcHuman(app, user.apiKey, [30]);
    await setMonthUsed(app.database.store.sql, user.organizationId, 10_000, '2030-01-01');
    expect((await app.call('POST', '/v1/bookings', { key: user.apiKey, body: bookingBody(human, slot(0)) })).status).toBe(201);
    const packs = await user.call('GET', '/billing/overage-packs');
    expect(packs.body.data).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        payment_id: intentsOf(user.organizationId)[0]!.id,
        amount_cents: 1900,
        failure: null,
      }),
    ]);
  });
});

describe('POST /stripe/webhooks', () => {
  const post = (payload: string, signature: string) =>
    app.call('POST', '/stripe/webhooks', { raw: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

  it('acts on an event with a valid signature: a completed card set-up becomes the card on file', async () => {
    const org = await app.createOrg('starter');
    await setCard(org.id, 'pm_card_mastercard');
    const session = { id: 'cs_test_direct', object: 'checkout.session', mode: 'setup', metadata: { organization_id: org.id } };
    // A set-up completed elsewhere: its setup intent names a Visa card of this customer.
    const account = await app.database.store.db.billingAccount.findUniqueOrThrow({ where: { organizationId: org.id } });
    const visa = { id: 'pm_webhook_visa', object: 'payment_method', type: 'card', customer: account.stripeCustomerId, outcome: 'ok' };
    stripe.paymentMethods.set(visa.id, { ...visa, card: { brand: 'visa', last4: '1881', exp_month: 3, exp_year: 2031 } });
    stripe.setupIntents.set('seti_webhook', { id: 'seti_webhook', object: 'setup_intent', payment_method: visa.id });
    const payload = stripe.event('checkout.session.completed', { ...session, setup_intent: 'seti_webhook' });
    const res = await post(payload, stripe.sign(payload));
    expect([res.status, res.body]).toEqual([200, { received: true }]);
    expect(await app.database.store.db.billingAccount.findUniqueOrThrow({ where: { organizationId: org.id } })).toMatchObject({
      paymentMethodId: 'pm_webhook_visa',
      cardLast4: '1881',
    });
  });

  it('keeps the card set up last when Stripe announces two set-ups out of order', async () => {
    const org = await app.createOrg('starter');
    await setCard(org.id, 'pm_card_mastercard');
    const account = await app.database.store.db.billingAccount.findUniqueOrThrow({ where: { organizationId: org.id } });
    const announce = async (card: string, last4: string, created: number) => {
      stripe.paymentMethods.set(card, {
        id: card,
        object: 'payment_method',
        type: 'card',
        customer: account.stripeCustomerId,
        outcome: 'ok',
        card: { brand: 'visa', last4, exp_month: 3, exp_year: 2031 },
      });
      stripe.setupIntents.set(`seti_${card}`, { id: `seti_${card}`, object: 'setup_intent', payment_method: card });
      const session = {
        id: `cs_${card}`,
        object: 'checkout.session',
        mode: 'setup',
        metadata: { organization_id: org.id },
        setup_intent: `seti_${card}`,
      };
      const payload = JSON.stringify({ ...JSON.parse(stripe.event('checkout.session.completed', session)), created });
      expect((await post(payload, stripe.sign(payload))).status).toBe(200);
    };
    const now = Math.floor(Date.now() / 1000);
    await announce('pm_set_up_second', '2222', now + 60);
    await announce('pm_set_up_first', '1111', now + 30);
    const onFile = () => app.database.store.db.billingAccount.findUniqueOrThrow({ where: { organizationId: org.id } });
    expect(await onFile()).toMatchObject({ paymentMethodId: 'pm_set_up_second', cardLast4: '2222' });
    await announce('pm_set_up_second', '2222', now + 60); // a retry of the later one changes nothing either
    expect(await onFile()).toMatchObject({ paymentMethodId: 'pm_set_up_second' });
    // An operator's card replaces whatever is on file.
    await setCard(org.id, 'pm_card_mastercard');
    expect((await onFile()).cardLast4).toBe('4444');
  });

  it('acknowledges signed events that name nothing of this service, never 500', async () => {
    const org = await app.createOrg('starter');
    const bodies = [
      stripe.event('payment_intent.succeeded', {
        id: 'pi_other',
        object: 'payment_intent',
        metadata: { pack_id: 'x', organization_id: 'y' },
      }),
      stripe.event('payment_intent.succeeded', {
        id: 'pi_other',
        object: 'payment_intent',
        metadata: { pack_id: '01900000-0000-7000-8000-000000000000', organization_id: org.id },
      }),
      stripe.event('checkout.session.completed', {
        id: 'cs_x',
        object: 'checkout.session',
        mode: 'setup',
        metadata: { organization_id: 'y' },
        setup_intent: 'seti_x',
      }),
      stripe.event('checkout.session.completed', {
        id: 'cs_x',
        object: 'checkout.session',
        mode: 'setup',
        metadata: { organization_id: '01900000-0000-7000-8000-000000000000' },
        setup_intent: 'seti_x',
      }),
      stripe.event('checkout.session.completed', {
        id: 'cs_x',
        object: 'checkout.session',
        mode: 'setup',
        metadata: { organization_id: org.id },
        setup_intent: 'seti_nowhere',
      }),
      JSON.stringify({ id: 'evt_bare', object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000) }),
    ];
    for (const payload of bodies) {
      const res = await post(payload, stripe.sign(payload));
      expect([res.status, res.body], payload).toEqual([200, { received: true }]);
    }
    expect(await app.database.store.db.billingAccount.findUnique({ where: { organizationId: org.id } })).toBeNull();
  });

  it('is 503 SERVICE_UNAVAILABLE with Retry-After where no webhook secret is set, acting on nothing', async () => {
    const bare = await startTestApp();
    try {
      const payload = stripe.event('checkout.session.completed', { id: 'cs_unset', object: 'checkout.session', mode: 'setup' });
      const res = await bare.call('POST', '/stripe/webhooks', {
        raw: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      });
      expect([res.status, res.body.error.code, res.headers.get('retry-after')]).toEqual([503, 'SERVICE_UNAVAILABLE', '1']);
    } finally {
      await bare.close();
    }
  });

  it('refuses a body over its 256 KiB with 413 naming that limit', async () => {
    const payload = stripe.event('checkout.session.completed', { id: 'cs_big', object: 'checkout.session', filler: 'x'.repeat(300_000) });
    const res = await post(payload, stripe.sign(payload));
    expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
      413,
      'PAYLOAD_TOO_LARGE',
      'The request body exceeds 256 KiB.',
    ]);
  });

  it('refuses a forged, a stale, a future-dated and a tampered signature with 422, acting on nothing', async () => {
    const org = await app.createOrg('starter');
    const payload = stripe.event('checkout.session.completed', {
      id: 'cs_forged',
      object: 'checkout.session',
      mode: 'setup',
      metadata: { organization_id: org.id },
      setup_intent: 'seti_webhook',
    });
    const forged = await post(payload, stripe.sign(payload, undefined, 'whsec_not_the_secret'));
    expect([forged.status, forged.body.error.code]).toEqual([422, 'VALIDATION_ERROR']);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const stale = await post(payload, stripe.sign(payload, tenMinutesAgo));
    expect([stale.status, stale.body.error.code]).toEqual([422, 'VALIDATION_ERROR']);
    expect(stale.body.error.message).toMatch(/tolerance/i);
    // Stripe's library checks only the age; ten minutes ahead is refused too.
    const ahead = await post(payload, stripe.sign(payload, Math.floor(Date.now() / 1000) + 600));
    expect([ahead.status, ahead.body.error.code]).toEqual([422, 'VALIDATION_ERROR']);
    expect(ahead.body.error.message).toMatch(/^Stripe-Signature: .*tolerance/i);
    const tampered = await post(payload.replace('cs_forged', 'cs_tampered'), stripe.sign(payload));
    expect(tampered.status).toBe(422);
    expect(tampered.body.error.message).toMatch(/^Stripe-Signature: /);
    // Signed, but not JSON: the body is at fault, not the signature.
    const garbled = await post('{"id": ', stripe.sign('{"id": '));
    expect([garbled.status, garbled.body.error.message]).toEqual([422, 'The body is not a JSON Stripe event.']);
    expect(await app.database.store.db.billingAccount.findUnique({ where: { organizationId: org.id } })).toBeNull();
    // A clock a minute ahead of ours is within the tolerance (an event type acted on by nobody).
    const ignored = stripe.event('invoice.paid', { id: 'in_ahead', object: 'invoice' });
    expect((await post(ignored, stripe.sign(ignored, Math.floor(Date.now() / 1000) + 60))).status).toBe(200);
  });
});
