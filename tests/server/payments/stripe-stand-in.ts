import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.stripe.com speaking its wire format: form-encoded requests with bearer
 * auth, JSON objects with `object` fields, `{ error: { type, message } }` failures. The SDK is
 * pointed at it with STRIPE_API_URL (host/port/protocol options). Only what payments calls.
 */
export interface StandInRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

export interface StripeStandIn {
  url: string;
  requests: StandInRequest[];
  subscriptions: Map<string, Record<string, unknown>>;
  checkoutSessions: Map<string, Record<string, unknown>>;
  /** Adds a subscription as Stripe would hold it after Checkout. */
  addSubscription(subscription: Record<string, unknown>): void;
  invoicePayments: Map<string, Record<string, unknown>[]>;
  close(): Promise<void>;
}

export function stripeSubscription(options: {
  id: string;
  userId: string;
  status: string;
  trialEnd: number | null;
  periodEnd: number;
  unitAmount: number;
  currency?: string;
  plan?: string;
  interval?: 'yearly' | 'monthly';
}): Record<string, unknown> {
  const created = Math.floor(Date.now() / 1000);
  return {
    id: options.id,
    object: 'subscription',
    status: options.status,
    created,
    currency: options.currency ?? 'eur',
    trial_end: options.trialEnd,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    customer: 'cus_test_1',
    metadata: { user_id: options.userId, plan: options.plan ?? 'business', interval: options.interval ?? 'yearly' },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${options.id}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: created,
          current_period_end: options.periodEnd,
          price: { id: 'price_inline', object: 'price', unit_amount: options.unitAmount, currency: options.currency ?? 'eur', recurring: { interval: options.interval === 'monthly' ? 'month' : 'year' } },
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${options.id}`,
    },
  };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const invoicePayments = new Map<string, Record<string, unknown>[]>();
  const checkoutSessions = new Map<string, Record<string, unknown>>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test_${(counter += 1)}`;

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const params = request.method === 'GET' || request.method === 'DELETE' ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const key = request.headers['idempotency-key'];
      requests.push({ method: request.method ?? 'GET', path: url.pathname, params, idempotencyKey: typeof key === 'string' ? key : undefined });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
        response.end(JSON.stringify(body));
      };
      if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const path = url.pathname;
      const subscriptionMatch = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
      if (request.method === 'POST' && path === '/v1/customers') {
        send(200, { id: nextId('cus'), object: 'customer', email: params.get('email'), metadata: { user_id: params.get('metadata[user_id]') } });
      } else if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = nextId('cs');
        const session = { id, object: 'checkout.session', mode: params.get('mode'), url: `https://checkout.stripe.com/c/pay/${id}`, status: 'open', subscription: null, customer: params.get('customer'), metadata: {} };
        checkoutSessions.set(id, session);
        send(200, session);
      } else if (request.method === 'GET' && /^\/v1\/checkout\/sessions\/\w+$/.test(path)) {
        const session = checkoutSessions.get(path.split('/').pop()!);
        if (session) send(200, session);
        else send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } });
      } else if (subscriptionMatch && request.method === 'GET') {
        const subscription = subscriptions.get(subscriptionMatch[1]!);
        if (subscription) send(200, subscription);
        else send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${subscriptionMatch[1]}'` } });
      } else if (subscriptionMatch && request.method === 'POST') {
        const subscription = subscriptions.get(subscriptionMatch[1]!);
        if (!subscription) return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        if (params.has('cancel_at_period_end')) subscription.cancel_at_period_end = params.get('cancel_at_period_end') === 'true';
        send(200, subscription);
      } else if (subscriptionMatch && request.method === 'DELETE') {
        const subscription = subscriptions.get(subscriptionMatch[1]!);
        if (!subscription) return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        Object.assign(subscription, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
        send(200, subscription);
      } else if (request.method === 'GET' && path === '/v1/invoice_payments') {
        const data = invoicePayments.get(params.get('invoice') ?? '') ?? [];
        send(200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
      } else if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const id = nextId('bps');
        send(200, { id, object: 'billing_portal.session', customer: params.get('customer'), return_url: params.get('return_url'), locale: params.get('locale'), url: `https://billing.stripe.com/p/session/${id}` });
      } else if (request.method === 'POST' && path === '/v1/refunds') {
        send(200, { id: nextId('re'), object: 'refund', status: 'succeeded', payment_intent: params.get('payment_intent'), amount: 0 });
      } else {
        send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    checkoutSessions,
    invoicePayments,
    addSubscription(subscription) {
      subscriptions.set(String(subscription.id), subscription);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
