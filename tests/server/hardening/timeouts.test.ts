import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';

/**
 * #12 finding 9: a request must arrive whole within REQUEST_TIMEOUT_MS and a silent socket closes.
 * Node enforces these on the real clock (checked every 30 s), so the behaviour itself is measured by
 * `npm run proof:fuzz` (its slow-body probe); here, that the server is configured with them.
 */
describe('request timeouts', () => {
  it('are set by default and from REQUEST_TIMEOUT_MS', async () => {
    const defaults = await buildTestApp();
    const tuned = await buildTestApp({ env: { REQUEST_TIMEOUT_MS: '5000' } });
    try {
      expect(defaults.server.requestTimeout).toBe(30_000);
      expect(defaults.initialConfig.connectionTimeout).toBe(60_000);
      expect(tuned.server.requestTimeout).toBe(5000);
      expect(tuned.initialConfig.connectionTimeout).toBe(10_000);
    } finally {
      await defaults.close();
      await tuned.close();
    }
  });
});
