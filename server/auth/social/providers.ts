import * as oidc from 'openid-client';
import { traced } from '../../observability/tracing';
import { appleClientSecret } from './apple-secret';
import { issuerProblem, type ProviderConfig, type SocialConfig } from './config';

/** How long a provider may take to answer discovery, the token request or userinfo. */
const PROVIDER_TIMEOUT_SECONDS = 10;
const REDISCOVER_MS = 12 * 3600_000;

/** What a provider said about the person, its ID token verified by openid-client. */
export interface ProviderProfile {
  provider: string;
  claims: Record<string, unknown>;
  accessToken: string;
  refreshToken: string | null;
}

/**
 * The configured providers and their OpenID configuration (discovery), fetched on first use and
 * kept; a failed discovery is tried again on the next sign-in rather than stopping the server.
 * All protocol work (PKCE, nonce, state, `iss`, ID token signature, issuer, audience, expiry) is
 * openid-client's.
 */
export class SocialProviders {
  private readonly byName = new Map<string, ProviderConfig>();
  private readonly discovered = new Map<string, { at: number; pending: Promise<oidc.Configuration> }>();

  constructor(
    config: SocialConfig,
    private readonly production: boolean,
  ) {
    for (const provider of config.providers) this.byName.set(provider.name, provider);
  }

  /** Adds a provider at run time (the dev identity provider once it listens). Never in production. */
  register(provider: ProviderConfig): void {
    if (this.production && provider.insecure) throw new Error('insecure providers are refused in production');
    this.byName.set(provider.name, provider);
    this.discovered.delete(provider.name);
  }

  unregister(name: string): void {
    this.byName.delete(name);
    this.discovered.delete(name);
  }

  get(name: string): ProviderConfig | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  private configuration(provider: ProviderConfig): Promise<oidc.Configuration> {
    const known = this.discovered.get(provider.name);
    // Read again twice a day: Apple's client secret JWT ages, providers move endpoints.
    if (known && Date.now() - known.at < REDISCOVER_MS) return known.pending;
    const pending = discover(provider, this.production);
    pending.catch(() => this.discovered.delete(provider.name));
    this.discovered.set(provider.name, { at: Date.now(), pending });
    return pending;
  }

  /** The provider's authorization URL for one trip: our PKCE challenge, nonce and state. */
  async authorizationUrl(provider: ProviderConfig, input: { state: string; nonce: string; verifier: string; redirectUri: string; scopes: string | undefined }): Promise<string> {
    const config = await this.configuration(provider);
    // Apple hands over the email and name only with form_post, and speaks no PKCE (the nonce binds its ID token).
    const scopes = new Set(provider.kind === 'apple' ? ['openid', 'name', 'email'] : ['openid', 'email', 'profile']);
    for (const scope of (input.scopes ?? '').split(/[\s,]+/)) if (/^[\w.:/-]{1,100}$/.test(scope)) scopes.add(scope);
    const parameters: Record<string, string> = {
      redirect_uri: input.redirectUri,
      scope: [...scopes].join(' '),
      state: input.state,
      nonce: input.nonce,
      response_type: 'code',
    };
    if (provider.kind === 'apple') parameters.response_mode = 'form_post';
    else {
      parameters.code_challenge = await oidc.calculatePKCECodeChallenge(input.verifier);
      parameters.code_challenge_method = 'S256';
    }
    return oidc.buildAuthorizationUrl(config, parameters).href;
  }

  /**
   * The provider's answer at our callback: the code exchanged (with our verifier), the ID token
   * checked (signature, issuer, audience, expiry, nonce) and its claims, completed by userinfo when
   * the ID token carries no email.
   */
  async exchange(provider: ProviderConfig, callbackUrl: URL, checks: { state: string; nonce: string; verifier: string }): Promise<ProviderProfile> {
    const config = await this.configuration(provider);
    // The callback URL carries the code and state, the answers carry tokens: the spans name neither.
    const tokens = await traced('oidc.token', spanAttributes(provider), () =>
      oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
        ...(provider.kind === 'apple' ? {} : { pkceCodeVerifier: checks.verifier }),
      }),
    );
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the provider sent no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    if (!claims.email && config.serverMetadata().userinfo_endpoint) {
      const info = await traced('oidc.userinfo', spanAttributes(provider), () => oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub));
      claims = { ...info, ...claims };
    }
    return { provider: provider.name, claims, accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? null };
  }
}

/** What an identity provider's span says: which provider and its host, nothing of the person. */
const spanAttributes = (provider: ProviderConfig) => ({
  'idp.provider': provider.name,
  'server.address': URL.canParse(provider.issuer) ? new URL(provider.issuer).host : 'invalid',
});

function discover(provider: ProviderConfig, production: boolean): Promise<oidc.Configuration> {
  return traced('oidc.discovery', spanAttributes(provider), () => discoverUntraced(provider, production));
}

async function discoverUntraced(provider: ProviderConfig, production: boolean): Promise<oidc.Configuration> {
  // Checked again here: a provider registered at run time never went through the env schema.
  const problem = issuerProblem(provider.issuer, production && !provider.insecure);
  if (problem) throw new Error(`${provider.name}: ${problem}`);
  const auth =
    provider.kind === 'apple'
      ? // Apple authenticates the token request with a client secret JWT in the body.
        oidc.ClientSecretPost(provider.appleKey ? await appleClientSecret(provider) : provider.secret)
      : oidc.ClientSecretBasic(provider.secret);
  const insecure = !production && new URL(provider.issuer).protocol === 'http:';
  return oidc.discovery(new URL(provider.issuer), provider.clientId, undefined, auth, {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured sign-in providers (#35); the dev identity provider registers itself here. */
    social: SocialProviders;
  }
}
