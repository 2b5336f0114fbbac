import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import { DatabaseHitCounter } from '../../../server/rate-limits/hit-counter';
import { manualClock } from '../../helpers/app';
import { createTestDatabase } from '../../helpers/database';

/**
 * The shared hit counter commits each hit without waiting for the disk (decision 704): the count
 * must still be exact under concurrency and visible at once to another instance's counter.
 */
describe('DatabaseHitCounter', () => {
  let database: DatabaseHandle;
  const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('counts concurrent hits from two instances exactly once each, and starts a new window after the old one', async () => {
    const a = new DatabaseHitCounter(database.db, clock);
    const b = new DatabaseHitCounter(database.db, clock);
    const hits = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? a : b).hit('test:concurrent', 60_000)));
    expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(await b.peek('test:concurrent')).toMatchObject({ count: 20 });
    clock.advance(60_000);
    expect(await a.hit('test:concurrent', 60_000)).toMatchObject({ count: 1 });
  });

  it('leaves the setting of the connection as it was: the next statement on it still waits for the disk', async () => {
    const counter = new DatabaseHitCounter(database.db, clock);
    for (let index = 0; index < 3; index += 1) await counter.hit('test:setting', 60_000);
    // PGlite has one connection; node-postgres hands back the connection released last.
    const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(database.db);
    expect(rows[0]?.synchronous_commit).toBe('on');
  });
});
