import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { accountPage, type DevAccount } from './identity-provider-page';

export type { DevAccount } from './identity-provider-page';

/** The two test accounts the login page offers (docs/auth.md lists them with their selectors). */
export const DEV_ACCOUNTS: DevAccount[] = [
  { id: 'ada', email: 'ada.verified@example.com', emailVerified: true, name: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace' },
  { id: 'grace', email: 'grace.unverified@example.com', emailVerified: false, name: 'Grace Hopper', givenName: 'Grace', familyName: 'Hopper' },
];

export interface RunningIdentityProvider {
  issuer: string;
  clientId: string;
  secret: string;
  /** Adds an account (tests: an attacker's provider account carrying someone else's email). */
  addAccount(account: DevAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (panva's oidc-provider) on a loopback port, for development and tests: the
 * social sign-in path runs end to end with no network and no provider account. One confidential
 * client (client_secret_basic, PKCE required) whose redirect URIs are the product's callbacks.
 * Never started in production (server/dev/plugin.ts is not registered there).
 */
export async function startIdentityProvider(options: {
  redirectUris: string[] | (() => string[]);
  accounts?: DevAccount[];
  clientId?: string;
  port?: number;
  secret?: string;
  /** Behave as Apple does toward its clients: client_secret_post, no PKCE required (tests of the apple path). */
  appleLike?: boolean;
}): Promise<RunningIdentityProvider> {
  const accounts = new Map((options.accounts ?? DEV_ACCOUNTS).map((account) => [account.id, account]));
  const clientId = options.clientId ?? 'ringwise-dev-client';
  const secret = options.secret ?? randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'dev', use: 'sig', alg: 'RS256' };
  // Made on the first request: the product's callback URL may only be known once it listens.
  let made: { provider: Provider; handle: (req: IncomingMessage, res: ServerResponse) => void } | null = null;
  const server: Server = createServer((req, res) => {
    if (!made) {
      const redirectUris = typeof options.redirectUris === 'function' ? options.redirectUris() : options.redirectUris;
      const provider = createProvider(issuer, { clientId, secret, redirectUris, accounts, jwk, appleLike: options.appleLike === true });
      made = { provider, handle: provider.callback() };
    }
    const { provider, handle } = made;
    void routeInteraction(provider, accounts, req, res).then((handled) => {
      if (!handled) handle(req, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    secret,
    addAccount: (account) => void accounts.set(account.id, account),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function createProvider(issuer: string, input: { clientId: string; secret: string; redirectUris: string[]; accounts: Map<string, DevAccount>; jwk: Record<string, unknown>; appleLike: boolean }) {
  const { jwk } = input;
  const provider = new Provider(issuer, {
    clients: [{ client_id: input.clientId, client_secret: input.secret, redirect_uris: input.redirectUris, token_endpoint_auth_method: input.appleLike ? 'client_secret_post' : 'client_secret_basic', grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [jwk] },
    adapter: MemoryAdapter,
    // Short lives: a test provider's logins and tokens are of no use beyond the test.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // ID tokens carry email and profile claims, as Google's do.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => !input.appleLike },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = input.accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: account.emailVerified, name: account.name, given_name: account.givenName, family_name: account.familyName }),
      };
    },
    // The product is a first-party client: consent is granted without asking.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.proxy = false;
  return provider;
}

/** oidc-provider's storage for one process (a test provider keeps nothing across restarts). */
class MemoryAdapter {
  private static readonly store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
  constructor(private readonly model: string) {}
  private key(id: string) {
    return `${this.model}:${id}`;
  }
  private read(key: string) {
    const entry = MemoryAdapter.store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      MemoryAdapter.store.delete(key);
      return undefined;
    }
    return entry.payload;
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
    MemoryAdapter.store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
    if (typeof payload.uid === 'string') MemoryAdapter.store.set(`uid:${payload.uid}`, { payload: { id }, expiresAt: Date.now() + expiresIn * 1000 });
    if (typeof payload.userCode === 'string') MemoryAdapter.store.set(`userCode:${payload.userCode}`, { payload: { id }, expiresAt: Date.now() + expiresIn * 1000 });
  }
  async find(id: string) {
    return this.read(this.key(id));
  }
  async findByUid(uid: string) {
    const ref = this.read(`uid:${uid}`);
    return ref ? this.find(String(ref.id)) : undefined;
  }
  async findByUserCode(userCode: string) {
    const ref = this.read(`userCode:${userCode}`);
    return ref ? this.find(String(ref.id)) : undefined;
  }
  async consume(id: string) {
    const payload = this.read(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, entry] of MemoryAdapter.store) if (entry.payload.grantId === grantId) MemoryAdapter.store.delete(key);
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 4096) break;
  }
  return new URLSearchParams(body);
}

/** The login page and its answers (GET /interaction/:uid, POST …/login, POST …/abort); false: not ours. */
async function routeInteraction(provider: Provider, accounts: Map<string, DevAccount>, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(req.url?.split('?')[0] ?? '');
  if (!match) return false;
  try {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET' && !match[2]) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(accountPage(details.uid, [...accounts.values()]));
      return true;
    }
    if (req.method !== 'POST') return false;
    if (match[2] === '/abort') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
      return true;
    }
    const form = await readForm(req);
    const accountId = chosenAccount(accounts, form);
    if (!accountId) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown account');
      return true;
    }
    await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
  } catch (error) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(`The sign-in expired or is unknown: ${error instanceof Error ? error.message : 'error'}`);
  }
  return true;
}

/** The account the form chose: a listed one, or one made up on the page (any email, verified or not). */
function chosenAccount(accounts: Map<string, DevAccount>, form: URLSearchParams): string | null {
  const listed = form.get('account');
  if (listed) return accounts.has(listed) ? listed : null;
  const email = form.get('email')?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 200) return null;
  // The same made-up email is the same provider account (subject) every time.
  const id = `custom-${Buffer.from(email).toString('base64url')}`;
  const name = form.get('name')?.trim().slice(0, 100) || email.split('@')[0]!;
  accounts.set(id, { id, email, emailVerified: form.get('verified') === 'on', name });
  return id;
}
