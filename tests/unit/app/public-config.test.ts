import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkPublicConfig, loadPublicConfig, publicConfig } from '../../../src/platform/public-config';
import { testPublicConfig } from '../../helpers/public-config';

const config = testPublicConfig();

const served = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe('the public config in the browser', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes every zod parse jitless without loading zod (no `new Function` probe under the CSP)', async () => {
    // Loaded after src/platform/public-config.ts, as in the SPA: zod reads the setting written before it.
    const { z } = await import('zod/mini');
    expect(z.config().jitless).toBe(true);
  });

  it('serves the first render with the config as the server answered it', async () => {
    expect(await loadPublicConfig(served(config))).toEqual(config);
    expect(publicConfig().webAppUrl).toBe('https://app.test/account');
  });

  it('refuses an answer that is not a JSON object or not a success', async () => {
    await expect(loadPublicConfig(served([config]))).rejects.toThrow('not an object');
    await expect(loadPublicConfig(served(config, 503))).rejects.toThrow('503');
  });

  it('checks the served config against the schema after the first render and names the bad keys', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await loadPublicConfig(served(config));
    expect(await checkPublicConfig()).toBe(true);
    expect(error).not.toHaveBeenCalled();
    await loadPublicConfig(served({ ...config, payments: { provider: 'paypal', stripePublishableKey: null }, features: { devOutbox: false } }));
    expect(await checkPublicConfig()).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(/payments\.provider: .*features\.chartViewer: /);
  });
});
