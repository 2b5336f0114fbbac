import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { startIdentityProvider, type DevAccount, type RunningIdentityProvider } from '../../../server/dev/identity-provider';
import { buildApp } from '../../../server/app';
import { parseEnv } from '../../../server/config/env';
import { createLogger } from '../../../server/logger';
import { buildTestApp, manualClock } from '../../helpers/app';
import { createTestDatabase } from '../../helpers/database';
import { roomyLimits } from '../../helpers/roomy-limits';

/** A browser for the server tests: its own cookies per host, redirects followed by hand. */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  private cookieHeader(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map<string, string>()).entries()].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(url: URL, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...rest] = pair.split('=');
      const jar = this.jar.get(url.host) ?? new Map<string, string>();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name.trim());
      else jar.set(name.trim(), rest.join('='));
      this.jar.set(url.host, jar);
    }
  }

  /** Drops this browser's cookies for a host (or all). */
  forget(host?: string): void {
    if (host) this.jar.delete(host);
    else this.jar.clear();
  }

  async request(target: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(target);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    // A hung answer fails at once with its address (a full run once saw 15 tests of this family each
    // wait out Vitest's 30 s with no word of which hop hung; not reproduced since).
    const response = await fetch(url, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body, redirect: 'manual', signal: AbortSignal.timeout(15_000) }).catch((error: unknown) => {
      throw new Error(`${init.method ?? (init.form ? 'POST' : 'GET')} ${url.origin}${url.pathname}: ${String(error)}`, { cause: error });
    });
    this.keep(url, response);
    return response;
  }

  /** Follows redirects from `target` until one leaves for a URL `stop` accepts (returned, not fetched) or a page answers. */
  async follow(target: string, stop: (url: URL) => boolean, init: Parameters<TestBrowser['request']>[1] = {}): Promise<{ url: URL; response: Response | null }> {
    let url = new URL(target);
    let options = init;
    for (let hop = 0; hop < 15; hop += 1) {
      if (hop > 0 && stop(url)) return { url, response: null };
      const response = await this.request(url.href, options);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url, response };
      url = new URL(location, url);
      options = {};
    }
    throw new Error('too many redirects');
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The app as buildTestApp makes it, its every log line (trace level) kept in `lines`. */
async function appWithLog(env: Record<string, string>, clock: ReturnType<typeof manualClock>, lines: string[]): Promise<FastifyInstance> {
  const parsed = parseEnv({ NODE_ENV: 'test', ...roomyLimits, ...env, LOG_LEVEL: 'trace' });
  const app = await buildApp({
    env: parsed,
    database: await createTestDatabase(),
    // The server's own logger (server/logger.ts: its serializers and redactions), into the array.
    logger: createLogger(parsed, { destination: { write: (line: string) => void lines.push(line) } }),
    clock,
    ownsDatabase: true,
  });
  await app.ready();
  return app;
}

export interface SocialHarness {
  app: FastifyInstance;
  url: string;
  idp: RunningIdentityProvider;
  /** A second provider on its own issuer (swaps between providers). */
  otherIdp: RunningIdentityProvider;
  clock: ReturnType<typeof manualClock>;
  close(): Promise<void>;
}

/**
 * The real app listening on a loopback port with two custom providers, `custom:test` and
 * `custom:other`, each a real oidc-provider, configured through the environment as in production.
 */
export async function startSocialHarness(options: { env?: Record<string, string>; accounts?: DevAccount[]; logLines?: string[] } = {}): Promise<SocialHarness> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const redirectUris = [`${url}/auth/v1/callback`];
  const idp = await startIdentityProvider({ redirectUris, ...(options.accounts ? { accounts: options.accounts } : {}) });
  const otherIdp = await startIdentityProvider({ redirectUris, clientId: 'other-client', ...(options.accounts ? { accounts: options.accounts } : {}) });
  const clock = manualClock(new Date());
  const env = {
    PUBLIC_URL: url,
    EXTERNAL_CUSTOM_TEST_ISSUER: idp.issuer,
    EXTERNAL_CUSTOM_TEST_CLIENT_ID: idp.clientId,
    EXTERNAL_CUSTOM_TEST_SECRET: idp.secret,
    EXTERNAL_CUSTOM_OTHER_ISSUER: otherIdp.issuer,
    EXTERNAL_CUSTOM_OTHER_CLIENT_ID: otherIdp.clientId,
    EXTERNAL_CUSTOM_OTHER_SECRET: otherIdp.secret,
    ...options.env,
  };
  const app = options.logLines ? await appWithLog(env, clock, options.logLines) : await buildTestApp({ clock, env: env as never });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    url,
    idp,
    otherIdp,
    clock,
    async close() {
      await app.close();
      await idp.close();
      await otherIdp.close();
    },
  };
}

/**
 * One trip in `browser`: /authorize → the provider's login page → the chosen account → back to the
 * callback, stopping at the redirect to the product (`redirect_to`) so the test reads it.
 */
export async function signInWithProvider(
  harness: SocialHarness,
  browser: TestBrowser,
  input: { provider?: string; account: string; redirectTo?: string; pkce?: { challenge: string }; stopAtCallback?: boolean },
): Promise<URL> {
  const query = new URLSearchParams({ provider: input.provider ?? 'custom:test', redirect_to: input.redirectTo ?? `${harness.url}/welcome` });
  if (input.pkce) {
    query.set('code_challenge', input.pkce.challenge);
    query.set('code_challenge_method', 's256');
  }
  const atLogin = await browser.follow(`${harness.url}/auth/v1/authorize?${query}`, () => false);
  const page = atLogin.url;
  if (!page.pathname.startsWith('/interaction/')) throw new Error(`expected the login page, got ${page.href} (${atLogin.response?.status})`);
  const isCallback = (url: URL) => url.pathname === '/auth/v1/callback' && url.host === new URL(harness.url).host;
  const toCallback = await browser.follow(`${page.origin}${page.pathname}/login`, isCallback, { form: { account: input.account } });
  if (input.stopAtCallback) return toCallback.url;
  const back = await browser.follow(toCallback.url.href, (url) => !isCallback(url));
  return back.url;
}
