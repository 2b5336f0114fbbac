import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { signedInByText } from '../../helpers/auth-client';
import { startAuthHarness, type AuthHarness } from './harness';
import { type SoftAuthenticator, type AssertionOverrides, type CeremonyOverrides } from './passkey-authenticator';

/**
 * supabase-js types the credential with its own copy of the WebAuthn JSON types, which differ from
 * @simplewebauthn's in optional fields only; the wire object is the same.
 */
export const wire = (credential: unknown) => credential as Parameters<SupabaseClient['auth']['passkey']['verifyAuthentication']>[0]['credential'];

/** The origin browsers open in these tests: a domain (an IP cannot be an RP ID), the dev default. */
export const PASSKEY_ORIGIN = 'http://localhost:3000';

export interface PasskeyHarness extends AuthHarness {
  /** supabase-js with `auth.experimental.passkey`, as the SPA creates it. */
  passkeyClient(): SupabaseClient;
  signedIn(phone: string): Promise<SupabaseClient>;
  register(supabase: SupabaseClient, authenticator: SoftAuthenticator, overrides?: CeremonyOverrides & { reuse?: string }): Promise<{ id: string; friendly_name?: string }>;
  /** A new client's sign-in: options, the authenticator's assertion (overridable), verify. */
  signIn(authenticator: SoftAuthenticator, overrides?: AssertionOverrides): ReturnType<SupabaseClient['auth']['passkey']['verifyAuthentication']>;
  /** Sign-in options straight from the route. */
  authenticationOptions(): Promise<{ challenge_id: string; options: PublicKeyCredentialRequestOptionsJSON }>;
}

/** Node 20 has no WebSocket; the product never opens realtime channels (as harness.ts). */
class NoRealtimeSocket {
  constructor() {
    throw new Error('realtime is not used by this product');
  }
}

function memoryStorage() {
  const store = new Map<string, string>();
  return {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
}

export async function startPasskeyHarness(env: Record<string, string> = {}): Promise<PasskeyHarness> {
  const h = await startAuthHarness({ env: { PUBLIC_URL: PASSKEY_ORIGIN, ...env } });
  const passkeyClient = () =>
    createClient(h.url, h.key, {
      auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: true, detectSessionInUrl: false, experimental: { passkey: true } },
      realtime: { transport: NoRealtimeSocket as never },
    });
  const codes = { client: passkeyClient, latestCode: h.latestCode, clock: h.clock };
  const authenticationOptions = async () => {
    const { data, error } = await passkeyClient().auth.passkey.startAuthentication();
    if (!data) throw error;
    return data as { challenge_id: string; options: PublicKeyCredentialRequestOptionsJSON };
  };
  return {
    ...h,
    passkeyClient,
    authenticationOptions,
    async signedIn(phone) {
      return (await signedInByText(codes, phone)).supabase;
    },
    async register(supabase, authenticator, overrides = {}) {
      const { data: started, error } = await supabase.auth.passkey.startRegistration();
      if (!started) throw error;
      const credential = authenticator.create(started.options as PublicKeyCredentialCreationOptionsJSON, overrides);
      const verified = await supabase.auth.passkey.verifyRegistration({ challengeId: started.challenge_id, credential: wire(credential) });
      if (!verified.data) throw verified.error;
      return verified.data;
    },
    async signIn(authenticator, overrides = {}) {
      const started = await authenticationOptions();
      const credential = authenticator.get(started.options, overrides);
      return passkeyClient().auth.passkey.verifyAuthentication({ challengeId: started.challenge_id, credential: wire(credential) });
    },
  };
}
