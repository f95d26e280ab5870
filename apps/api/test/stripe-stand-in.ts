// A local stand-in for the parts of Stripe's documented API the service uses, for tests that
// cannot reach Stripe: customers, payment methods (Stripe's test cards pm_card_visa,
// pm_card_chargeDeclined, pm_card_authenticationRequired), Checkout Sessions in setup mode
// with a page to complete them, setup intents and payment intents, with idempotent replay
// (the same Idempotency-Key answers the same status and body) and signed webhook events. The
// SDK is pointed at it through STRIPE_API_BASE. Faults: a 5xx before the request is executed
// (not saved for replay, as Stripe's idempotency layer does not save a request that never
// began), and an answer held back after the payment was made.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, any>;

export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Json;
}

const TEST_CARDS: Record<string, { brand: string; last4: string; outcome: 'ok' | 'declined' | 'authentication' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'ok' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'ok' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authentication' },
};

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;

/** Stripe's form encoding (`metadata[a]=b`, `invoice_settings[x]=y`) into an object. */
function parseForm(text: string): Json {
  const out: Json = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const parts = name.split(/[[\]]+/).filter(Boolean);
    let at: Json = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) at[part] = value;
      else at = at[part] ??= {};
    });
  }
  return out;
}

export class StripeStandIn {
  readonly requests: StandInRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json & { outcome: string }>();
  readonly sessions = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  readonly paymentIntents: Json[] = [];
  /** Where completed Checkout Sessions are announced, signed with `webhookSecret`. */
  webhookUrl: string | undefined;
  /** The next N requests of this path are answered 500 before anything is executed. */
  private failures: { path: string; left: number } | undefined;
  /** The next payment intent is made, and its answer held back this long. */
  private holdBackMs = 0;
  private readonly replays = new Map<string, { status: number; body: Json }>();
  private server!: Server;
  url = '';

  constructor(readonly webhookSecret: string) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: error.message } }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  failNext(path: string, times: number): void {
    this.failures = { path, left: times };
  }

  holdBackNextAnswer(ms: number): void {
    this.holdBackMs = ms;
  }

  /** Requests to one path, e.g. '/v1/payment_intents'. */
  sent(path: string): StandInRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** The signed Stripe-Signature header of `payload`, at `timestamp` (seconds), as Stripe sends it. */
  sign(payload: string, timestamp = Math.floor(Date.now() / 1000), secret = this.webhookSecret): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  }

  /** An event as Stripe sends it to an endpoint. */
  event(type: string, object: Json): string {
    return JSON.stringify({ id: id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const body = parseForm(Buffer.concat(chunks).toString('utf8'));
    const send = (status: number, answer: Json | string, headers: Record<string, string> = {}) => {
      const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
      res.writeHead(status, { 'content-type': typeof answer === 'string' ? 'text/html' : 'application/json', ...headers });
      res.end(text);
    };
    if (url.pathname.startsWith('/checkout/')) return this.checkoutPage(req.method ?? 'GET', url, send);

    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey, body });
    if (req.headers.authorization !== 'Bearer sk_test_stand_in') {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (this.failures?.path === url.pathname && this.failures.left > 0) {
      this.failures.left -= 1;
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
    const replayKey = idempotencyKey && req.method === 'POST' ? `${url.pathname} ${idempotencyKey}` : undefined;
    const replay = replayKey ? this.replays.get(replayKey) : undefined;
    if (replay) return send(replay.status, replay.body, { 'idempotent-replayed': 'true' });
    const [status, answer] = this.route(req.method ?? 'GET', url.pathname, body);
    if (replayKey) this.replays.set(replayKey, { status, body: answer });
    if (url.pathname === '/v1/payment_intents' && this.holdBackMs > 0) {
      const wait = this.holdBackMs;
      this.holdBackMs = 0;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    send(status, answer);
  }

  private route(method: string, path: string, body: Json): [number, Json] {
    const notFound: [number, Json] = [404, { error: { type: 'invalid_request_error', message: `No such resource: ${path}` } }];
    const [, , resource, key, action] = path.split('/');
    if (method === 'POST' && resource === 'customers' && !key) {
      const customer = { id: id('cus'), object: 'customer', metadata: body.metadata ?? {}, description: body.description ?? null };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && resource === 'customers' && key) {
      const customer = this.customers.get(key);
      if (!customer) return notFound;
      Object.assign(customer, { invoice_settings: body.invoice_settings ?? customer.invoice_settings });
      return [200, customer];
    }
    if (resource === 'payment_methods' && key) {
      const found = this.paymentMethodOf(key);
      if (!found) return notFound;
      if (method === 'POST' && action === 'attach') {
        // Attaching one of Stripe's test cards makes a new payment method of that card.
        const attached = { ...found, id: id('pm'), customer: body.customer };
        this.paymentMethods.set(attached.id, attached);
        return [200, attached];
      }
      return [200, found];
    }
    if (method === 'POST' && resource === 'checkout' && key === 'sessions') {
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer,
        currency: body.currency,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        status: 'open',
        setup_intent: null as string | null,
        url: '',
      };
      session.url = `${this.url}/checkout/${session.id}`;
      this.sessions.set(session.id, session);
      return [200, session];
    }
    if (method === 'GET' && resource === 'setup_intents' && key) {
      return this.setupIntents.has(key) ? [200, this.setupIntents.get(key)!] : notFound;
    }
    if (method === 'POST' && resource === 'payment_intents' && !key) return this.paymentIntent(body);
    if (method === 'POST' && resource === 'payment_intents' && key && action === 'cancel') {
      return [200, { id: key, object: 'payment_intent', status: 'canceled' }];
    }
    return notFound;
  }

  private paymentMethodOf(key: string): (Json & { outcome: string }) | undefined {
    const card = TEST_CARDS[key];
    if (card) {
      const { outcome, ...shown } = card;
      return {
        id: key,
        object: 'payment_method',
        type: 'card',
        customer: null,
        card: { ...shown, exp_month: 12, exp_year: 2034 },
        outcome,
      };
    }
    return this.paymentMethods.get(key);
  }

  private paymentIntent(body: Json): [number, Json] {
    const method = this.paymentMethods.get(body.payment_method);
    if (!method || method.customer !== body.customer) {
      return [400, { error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${body.payment_method}'` } }];
    }
    const intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(body.amount),
      currency: body.currency,
      customer: body.customer,
      payment_method: body.payment_method,
      off_session: body.off_session === 'true',
      confirm: body.confirm === 'true',
      metadata: body.metadata ?? {},
      description: body.description,
      status: 'succeeded',
    };
    if (method.outcome === 'declined') {
      const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      return [402, { error: { ...error, payment_intent: { ...intent, status: 'requires_payment_method' } } }];
    }
    if (method.outcome === 'authentication') {
      const error = {
        type: 'card_error',
        code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      };
      return [402, { error: { ...error, payment_intent: { ...intent, status: 'requires_payment_method' } } }];
    }
    this.paymentIntents.push(intent);
    return [200, intent];
  }

  /** The Checkout page: GET shows a form, POST saves Visa 4242 and returns to success_url after the webhook. */
  private async checkoutPage(method: string, url: URL, send: (status: number, answer: string, headers?: Record<string, string>) => void) {
    const session = this.sessions.get(url.pathname.split('/')[2] ?? '');
    if (!session) return send(404, '<p>No such session</p>');
    if (method === 'GET') {
      return send(
        200,
        `<!doctype html><title>Stripe Checkout (stand-in)</title><h1>Set up a card</h1>
         <form method="post"><button type="submit">Save card</button></form>`,
      );
    }
    const card = this.paymentMethodOf('pm_card_visa')!;
    const method0 = { ...card, id: id('pm'), customer: session.customer };
    this.paymentMethods.set(method0.id, method0);
    const intent = { id: id('seti'), object: 'setup_intent', status: 'succeeded', customer: session.customer, payment_method: method0.id };
    this.setupIntents.set(intent.id, intent);
    Object.assign(session, { status: 'complete', setup_intent: intent.id });
    if (this.webhookUrl) {
      const payload = this.event('checkout.session.completed', session);
      await fetch(this.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': this.sign(payload) },
        body: payload,
      });
    }
    send(303, '', { location: session.success_url });
  }
}
