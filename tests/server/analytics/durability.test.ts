import { rmSync } from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { parseEnv } from '../../../server/config/env';
import { openDatabase } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { migratedDataDir } from '../../helpers/migrated-data-dir';

/** What was acknowledged with a 200 is on disk: it survives closing and reopening the data folder. */
describe('analytics durability (embedded database on disk)', () => {
  // A data folder already made and migrated (a copy of the saved image): what is proved here is that
  // an acknowledged write survives closing and reopening the folder. A folder's first life (the
  // cluster made, every migration applied on disk) is tests/server/foundation/process.test.ts's.
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await migratedDataDir('analytics-durability-');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = async () => {
    const database = openDatabase({ kind: 'pglite', dataDir });
    await migrate(database.db);
    const app = await buildApp({ env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database, logger: pino({ level: 'silent' }) });
    await app.ready();
    return { app, database };
  };

  // Two starts of a database on disk: a cluster made and migrated, then reopened, was ~20 s alone on
  // 2 cores and ran out of the default 30 s beside the browser tests under load.
  it('keeps acknowledged events and the same api key across a restart', { timeout: 90_000 }, async () => {
    const first = await start();
    const apiKey = first.app.publicSettings.analyticsApiKey!;
    const response = await first.app.inject({
      method: 'POST',
      url: '/analytics/2/httpapi',
      payload: { api_key: apiKey, events: [{ event_type: 'trial started', device_id: 'durable-device', insert_id: 'durable-1', event_properties: { plan: 'starter' } }] },
    });
    expect(response.statusCode).toBe(200);
    await first.app.close();
    await first.database.close();

    const second = await start();
    try {
      expect(second.app.publicSettings.analyticsApiKey).toBe(apiKey);
      const rows = await second.app.db.selectFrom('analytics_events').select(['event_type', 'insert_id']).where('device_id', '=', 'durable-device').execute();
      expect(rows).toEqual([{ event_type: 'trial started', insert_id: 'durable-1' }]);
    } finally {
      await second.app.close();
      await second.database.close();
    }
  });
});
