import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, manualClock, type TestAppOptions } from '../../helpers/app';

export interface AuthHarness {
  app: FastifyInstance;
  url: string;
  key: string;
  clock: ReturnType<typeof manualClock>;
  /** A fresh supabase-js client (its own in-memory storage), exactly as an app would create it. */
  client(options?: { flowType?: 'implicit' | 'pkce' }): SupabaseClient;
  /** The latest code the dev outbox holds for a recipient. */
  latestCode(recipient: string): Promise<string>;
  outbox(recipient: string): Promise<{ code: string | null; body: string; channel: string; subject: string | null }[]>;
  close(): Promise<void>;
}

/** Node 20 has no WebSocket; the product never opens realtime channels, so any use is a bug. */
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

/** The real app listening on an ephemeral port, for the real @supabase/supabase-js client. */
export async function startAuthHarness(options: TestAppOptions = {}): Promise<AuthHarness> {
  const clock = manualClock(new Date());
  const app = await buildTestApp({ clock, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  const key = app.publicSettings.authPublishableKey ?? '';
  const outbox = async (recipient: string) => {
    const response = await fetch(`${url}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
    return ((await response.json()) as { messages: { code: string | null; body: string; channel: string; subject: string | null }[] }).messages;
  };
  return {
    app,
    url,
    key,
    clock,
    client: (clientOptions = {}) =>
      createClient(url, key, {
        auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: true, detectSessionInUrl: false, flowType: clientOptions.flowType ?? 'implicit' },
        realtime: { transport: NoRealtimeSocket as never },
      }),
    outbox,
    async latestCode(recipient: string) {
      const [latest] = await outbox(recipient);
      if (!latest?.code) throw new Error(`no code for ${recipient}`);
      return latest.code;
    },
    close: () => app.close(),
  };
}
