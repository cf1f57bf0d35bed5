// A local stand-in for Stripe (ADR 067): this machine cannot reach api.stripe.com, so tests
// point the `stripe` library at this small real HTTP server (STRIPE_API_BASE). It answers
// exactly the calls the product makes — Checkout Sessions (payment and setup; expire),
// customers, payment intents, payment methods, refunds — and serves a page at each session's URL whose "Pay"
// button does what Stripe would: it posts the events, signed by the library's own
// `generateTestHeaderString`, to the app's webhook, then redirects to the session's success_url.
// Helpers send refunds, disputes and any event, so tests drive the webhook as Stripe would.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STAND_IN_SECRET_KEY = 'sk_test_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in';
/** A saved card whose off-session charges the stand-in declines, as Stripe's test card 4000…0341. */
export const DECLINING_METHOD = 'pm_card_chargeDeclined';

type Obj = Record<string, unknown> & { id: string };
/** Delivers a signed event; resolves to the HTTP status the app answered. */
export type Deliver = (payload: string, signature: string) => Promise<number>;

const signer = new Stripe(STAND_IN_SECRET_KEY);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` form bodies, as the library encodes them, into nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

/** `{0: x, 1: y}` (a form's list) as an array. */
const list = (v: unknown): unknown[] => (v && typeof v === 'object' ? Object.values(v) : []);

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

export async function startStripeStandIn(options: { port?: number; deliver?: Deliver } = {}) {
  const sessions = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const methods = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  /** Refunds asked through the API (the product's own), in order. */
  const refunds: Obj[] = [];
  /** Idempotency-Key -> the first answer: a repeated create is the same object, as at Stripe. */
  const idempotent = new Map<string, Obj>();
  /** Every API call, for tests that check what the product asked. */
  const calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
  /** Every event delivered and the app's answer. */
  const delivered: { event: Obj; status: number }[] = [];
  let deliver: Deliver | undefined = options.deliver;

  /** Signs and posts one event; the same event (same id) may be sent again as a replay. */
  async function send(event: Obj): Promise<number> {
    if (!deliver) throw new Error('the stand-in has no webhook to deliver to');
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: STAND_IN_WEBHOOK_SECRET,
    });
    const status = await deliver(payload, signature);
    delivered.push({ event, status });
    return status;
  }

  function event(type: string, object: Obj, id = newId('evt')): Obj {
    return {
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  }

  function paymentIntent(p: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    methodType: string;
    customer?: string;
  }): Obj {
    const method: Obj = { id: newId('pm'), object: 'payment_method', type: p.methodType };
    methods.set(method.id, method);
    const intent: Obj = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: p.amount,
      amount_received: p.amount,
      currency: p.currency,
      customer: p.customer ?? null,
      metadata: p.metadata,
      payment_method: method.id,
      payment_method_types: [p.methodType],
      latest_charge: newId('ch'),
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    };
    intents.set(intent.id, intent);
    return intent;
  }

  function createSession(body: Record<string, unknown>): Obj {
    const id = newId('cs_test');
    const line = list(body.line_items)[0] as
      { price_data: { currency: string; unit_amount: string } } | undefined;
    const session: Obj = {
      id,
      object: 'checkout.session',
      mode: body.mode,
      url: `${base}/pay/${id}`,
      status: 'open',
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      currency: line?.price_data.currency ?? body.currency ?? null,
      amount_total: line ? Number(line.price_data.unit_amount) : null,
      allowed_payment_method_types: list(body.allowed_payment_method_types),
      metadata: body.metadata ?? {},
      payment_intent_data: body.payment_intent_data ?? {},
      setup_intent_data: body.setup_intent_data ?? {},
      success_url: body.success_url,
      cancel_url: body.cancel_url,
    };
    sessions.set(id, session);
    return session;
  }

  /** As Stripe: only an open session expires (400 otherwise); its page can no longer pay. */
  function expireSession(id: string): Obj | undefined {
    const session = sessions.get(id);
    if (session && session.status !== 'open')
      throw Object.assign(
        new Error(`Only Checkout Sessions with a status of 'open' can be expired.`),
        {
          status: 400,
        },
      );
    if (session) session.status = 'expired';
    return session;
  }

  /** As Stripe: never more than what is left of the payment intent (400 otherwise). */
  function createRefund(body: Record<string, unknown>): Obj {
    const intent = intents.get(body.payment_intent as string);
    if (!intent) throw Object.assign(new Error('No such payment_intent'), { status: 404 });
    const refunded = Number(intent.amount_refunded ?? 0);
    const amount =
      body.amount === undefined ? Number(intent.amount_received) - refunded : Number(body.amount);
    if (!(amount > 0) || refunded + amount > Number(intent.amount_received))
      throw Object.assign(
        new Error(`Refund amount (${amount}) is greater than unrefunded amount on charge`),
        { status: 400 },
      );
    intent.amount_refunded = refunded + amount;
    const refund: Obj = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      metadata: body.metadata ?? {},
      status: 'succeeded',
    };
    refunds.push(refund);
    return refund;
  }

  /** What the "Pay" button does: the payment (or saved method) and its events, then back. */
  async function completeSession(session: Obj, methodType: string): Promise<string> {
    session.status = 'complete';
    if (session.mode === 'setup') {
      const method: Obj = { id: newId('pm'), object: 'payment_method', type: methodType };
      methods.set(method.id, method);
      const setup: Obj = {
        id: newId('seti'),
        object: 'setup_intent',
        customer: session.customer,
        payment_method: method.id,
        status: 'succeeded',
        metadata: (session.setup_intent_data as { metadata?: object }).metadata ?? {},
      };
      await send(event('setup_intent.succeeded', setup));
    } else {
      const intent = paymentIntent({
        amount: session.amount_total as number,
        currency: session.currency as string,
        metadata:
          (session.payment_intent_data as { metadata?: Record<string, string> }).metadata ?? {},
        methodType,
        customer: (session.customer as string | null) ?? undefined,
      });
      session.payment_intent = intent.id;
      await send(event('payment_intent.succeeded', intent));
    }
    await send(event('checkout.session.completed', session));
    return session.success_url as string;
  }

  async function api(method: string, path: string, body: Record<string, unknown>, key?: string) {
    const [, , kind, id] = path.split('/');
    if (method === 'POST' && key && idempotent.has(key)) return idempotent.get(key)!;
    let answer: Obj | undefined;
    if (kind === 'checkout' && method === 'POST' && path.endsWith('/expire'))
      answer = expireSession(path.split('/')[4] ?? '');
    else if (kind === 'checkout' && method === 'POST') answer = createSession(body);
    else if (kind === 'checkout') answer = sessions.get(path.split('/')[4] ?? '');
    else if (kind === 'refunds' && method === 'POST') answer = createRefund(body);
    else if (kind === 'customers' && method === 'POST') {
      answer = { id: newId('cus'), object: 'customer', ...body };
      customers.set(answer.id, answer);
    } else if (kind === 'payment_methods') answer = methods.get(id ?? '');
    else if (kind === 'payment_intents' && method === 'POST') {
      if (body.payment_method === DECLINING_METHOD)
        throw Object.assign(new Error('Your card was declined.'), { status: 402, card: true });
      const saved = methods.get(body.payment_method as string);
      answer = paymentIntent({
        amount: Number(body.amount),
        currency: body.currency as string,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        methodType: (saved?.type as string) ?? 'card',
        customer: body.customer as string,
      });
      // Stripe tells the webhook a moment after answering; so does the stand-in.
      const intent = answer;
      setImmediate(() => void send(event('payment_intent.succeeded', intent)).catch(() => {}));
    } else if (kind === 'payment_intents') answer = intents.get(id ?? '');
    if (!answer) throw Object.assign(new Error(`No such object: ${path}`), { status: 404 });
    if (method === 'POST' && key) idempotent.set(key, answer);
    return answer;
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', base);
        const reply = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        if (url.pathname.startsWith('/pay/')) {
          const session = sessions.get(url.pathname.slice(5));
          if (!session) return reply(404, { error: { message: 'No such session' } });
          if (session.status !== 'open')
            return reply(410, { error: { message: 'This Checkout Session is no longer open' } });
          if (req.method === 'GET') {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            return res.end(payPage(session));
          }
          const methodType = new URLSearchParams(body).get('method') ?? 'card';
          const next = await completeSession(session, methodType);
          res.writeHead(303, { location: next });
          return res.end();
        }
        if (req.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`)
          return reply(401, {
            error: { type: 'invalid_request_error', message: 'Invalid API Key' },
          });
        const parsed = parseForm(body);
        calls.push({ method: req.method ?? 'GET', path: url.pathname, body: parsed });
        try {
          const key = req.headers['idempotency-key'];
          const answer = await api(
            req.method ?? 'GET',
            url.pathname,
            parsed,
            typeof key === 'string' ? key : undefined,
          );
          reply(200, answer);
        } catch (err) {
          const e = err as Error & { status?: number; card?: boolean };
          reply(e.status ?? 500, {
            error: e.card
              ? { type: 'card_error', code: 'card_declined', message: e.message }
              : { type: 'invalid_request_error', message: e.message },
          });
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The charge of a payment intent, as charge and dispute events carry it. */
  const chargeOf = (intent: Obj, extra: object = {}): Obj => ({
    id: intent.latest_charge as string,
    object: 'charge',
    amount: intent.amount,
    currency: intent.currency,
    payment_intent: intent.id,
    amount_refunded: 0,
    refunded: false,
    ...extra,
  });
  const intentOf = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`no payment intent ${id}`);
    return intent;
  };

  return {
    url: base,
    calls,
    delivered,
    sessions,
    refunds,
    /** Where events go: set once the app listens (or to `app.inject` in API tests). */
    setDeliver(d: Deliver) {
      deliver = d;
    },
    /** Delivers events to `url` over HTTP, as Stripe (or `stripe listen`) would. */
    deliverTo(url: string): Deliver {
      return async (payload, signature) =>
        (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          })
        ).status;
    },
    event,
    send,
    /** Pays a session as its page's button does; resolves to the success URL. */
    pay: async (sessionId: string, methodType = 'card') => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== 'open')
        throw new Error(`session ${sessionId} is ${String(session.status)}`);
      return completeSession(session, methodType);
    },
    /** A payment intent as if paid some other way (e.g. a second session), its event not sent. */
    paymentIntent,
    /** Refunds `total` of the payment so far (Stripe's `amount_refunded` is cumulative). */
    refund: (paymentIntentId: string, total: number, eventId?: string) => {
      const intent = intentOf(paymentIntentId);
      const charge = chargeOf(intent, { amount_refunded: total, refunded: true });
      return send(event('charge.refunded', charge, eventId));
    },
    dispute: (paymentIntentId: string, status: 'needs_response' | 'won' | 'lost') => {
      const intent = intentOf(paymentIntentId);
      const dispute: Obj = {
        id: `du_${intent.latest_charge as string}`,
        object: 'dispute',
        amount: intent.amount,
        currency: intent.currency,
        charge: intent.latest_charge,
        payment_intent: intent.id,
        status,
      };
      const type = status === 'needs_response' ? 'charge.dispute.created' : 'charge.dispute.closed';
      return send(event(type, dispute));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Stripe's hosted page, reduced to what a test clicks: the amount and a button per method. */
function payPage(session: Obj): string {
  const amount =
    session.amount_total === null
      ? 'Save a payment method'
      : `${String(session.currency).toUpperCase()} ${String(session.amount_total)} (minor units)`;
  const verb = session.mode === 'setup' ? 'Save' : 'Pay by';
  const buttons = (session.allowed_payment_method_types as string[])
    .map((m) => `<button name="method" value="${m}">${verb} ${m === 'card' ? 'card' : m}</button>`)
    .join(' ');
  return `<!doctype html><meta charset="utf-8"><title>Stripe Checkout (stand-in)</title>
<h1>Checkout (stand-in)</h1><p>${amount}</p>
<form method="post">${buttons}</form>
<p><a href="${String(session.cancel_url)}">Cancel</a></p>`;
}
