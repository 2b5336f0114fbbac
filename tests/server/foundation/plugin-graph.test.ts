import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import apiPlugin from '../../../server/api/plugin';
import authPlugin from '../../../server/auth/plugin';
import envPlugin from '../../../server/config/plugin';
import { parseEnv } from '../../../server/config/env';
import paymentsPlugin from '../../../server/payments/plugin';
import { hitCounterPlugin } from '../../../server/rate-limits/plugin';

// The plugins name what they need (server/app.ts registers them in dependency order): one left out
// stops the boot with its name instead of failing later on an undefined decorator.
describe('the server plugin graph', () => {
  it('refuses a capability whose dependency is not registered, by name', async () => {
    const app = Fastify();
    await expect(app.register(apiPlugin)).rejects.toThrow("The dependency 'auth' of plugin 'api' is not registered");
    await app.close();
  });

  it('refuses infrastructure registered before what it needs', async () => {
    const app = Fastify();
    await app.register(envPlugin, { env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
    await expect(app.register(hitCounterPlugin)).rejects.toThrow("The dependency 'database' of plugin 'hit-counter' is not registered");
    await app.close();
  });

  it('names each missing dependency of auth and payments', async () => {
    await expect(Fastify().register(authPlugin)).rejects.toThrow("The dependency 'env' of plugin 'auth' is not registered");
    await expect(Fastify().register(paymentsPlugin, { readProfile: async () => null })).rejects.toThrow("The dependency 'auth' of plugin 'payments' is not registered");
  });
});
