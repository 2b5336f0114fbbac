import { context, propagation, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';
import { signInWithProvider, startSocialHarness, TestBrowser, type SocialHarness } from '../auth/social-harness';
import { createValidatedUser } from '../payments/helpers';
import { startStripeStandIn, type StripeStandIn } from '../payments/stripe-stand-in';

/**
 * #39: a span around each outside call, and nothing secret in them. The spans go to an in-memory
 * exporter (no collector, no batching); each test reads what its own calls left.
 */
const exporter = new tracing.InMemorySpanExporter();
const provider = new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] });

/** Everything a span says (name, attributes, events such as a recorded exception), as one text to search. */
const spanText = () =>
  JSON.stringify(exporter.getFinishedSpans().map((span) => ({ name: span.name, attributes: span.attributes, events: span.events.map((event) => ({ name: event.name, attributes: event.attributes })) })));

const named = (name: string) => exporter.getFinishedSpans().filter((span) => span.name === name);

beforeAll(() => provider.register());
afterAll(async () => {
  await provider.shutdown();
  // The provider registered itself globally; the files after this one in the same worker run without it.
  trace.disable();
  context.disable();
  propagation.disable();
});
beforeEach(() => exporter.reset());

describe('Stripe calls', () => {
  const SECRET_KEY = 'sk_test_spans_secret_4920';
  let standIn: StripeStandIn;
  let app: FastifyInstance;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    app = await buildTestApp({ env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: 'pk_test_spans', STRIPE_WEBHOOK_SECRET: 'whsec_spans', STRIPE_API_URL: standIn.url } });
  });
  afterAll(async () => {
    await app.close();
    await standIn.close();
  });

  it('each request to Stripe is a span named by its endpoint, without the key, the customer or the body', async () => {
    const user = await createValidatedUser(app);
    const email = `spans-${Date.now()}@acme-widgets.com`;
    await app.db.updateTable('auth_users').set({ email }).where('id', '=', user.id).execute();
    const response = await app.inject({ method: 'GET', url: '/v2/user/subscription/stripe/checkout-session?locale=en&interval=yearly&plan=business&currency=EUR', headers: user.headers });
    expect(response.statusCode).toBe(200);

    const [customer] = named('stripe POST /v1/customers');
    const [checkout] = named('stripe POST /v1/checkout/sessions');
    expect(customer?.attributes).toMatchObject({ 'http.request.method': 'POST', 'url.template': '/v1/customers', 'http.response.status_code': 200 });
    expect(checkout?.attributes).toMatchObject({ 'server.address': new URL(standIn.url).hostname, 'http.response.status_code': 200 });

    const text = spanText();
    expect(text).not.toContain(SECRET_KEY);
    expect(text).not.toContain(email);
    expect(text).not.toContain('subscription_data');
  });
});

describe('identity provider calls', () => {
  let harness: SocialHarness;

  beforeAll(async () => {
    harness = await startSocialHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('discovery and the token request are spans naming the provider, without the code, the state or any token', async () => {
    const browser = new TestBrowser();
    const callback = await signInWithProvider(harness, browser, { account: 'ada', stopAtCallback: true });
    const code = callback.searchParams.get('code');
    const state = callback.searchParams.get('state');
    const back = await browser.follow(callback.href, (url) => url.pathname !== '/auth/v1/callback');
    const fragment = new URLSearchParams(back.url.hash.slice(1));
    const tokens = ['access_token', 'refresh_token', 'provider_token'].map((name) => fragment.get(name));

    const [discovery] = named('oidc.discovery');
    const [token] = named('oidc.token');
    expect(discovery?.attributes).toMatchObject({ 'idp.provider': 'custom:test', 'server.address': new URL(harness.idp.issuer).host });
    expect(token?.attributes).toMatchObject({ 'idp.provider': 'custom:test' });

    const secrets = [code, state, ...tokens, harness.idp.secret, 'ada.verified@example.com'];
    expect(secrets.slice(0, 5).every(Boolean)).toBe(true);
    const text = spanText();
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
