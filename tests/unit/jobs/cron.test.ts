import { describe, expect, it } from 'vitest';
import { cronEvery } from '../../../server/jobs/cron';

describe('cronEvery', () => {
  it('steps minutes under an hour, hours under a day, then once a day', () => {
    expect(cronEvery(1)).toBe('* * * * *');
    expect(cronEvery(15)).toBe('*/15 * * * *');
    expect(cronEvery(60)).toBe('0 * * * *');
    expect(cronEvery(90)).toBe('0 * * * *');
    expect(cronEvery(6 * 60)).toBe('0 */6 * * *');
    expect(cronEvery(24 * 60)).toBe('0 0 * * *');
    expect(cronEvery(7 * 24 * 60)).toBe('0 0 * * *');
  });

  it('refuses what is not a whole number of minutes', () => {
    expect(() => cronEvery(0)).toThrow(/at least 1/);
    expect(() => cronEvery(2.5)).toThrow(/whole number/);
  });
});
