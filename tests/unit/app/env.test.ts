import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../../server/config/env';

describe('environment parsing', () => {
  it('gives every variable its documented default', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ HOST: '127.0.0.1', PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names a bad PORT and what it expects, in one line', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow('Invalid environment variable PORT="eighty": expected a port number between 0 and 65535');
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/^Invalid environment variable PORT="70000"/);
  });

  it('names a bad DATABASE_URL', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://localhost/db' })).toThrow(
      'Invalid environment variable DATABASE_URL="mysql://localhost/db": expected a postgres:// or postgresql:// connection URL',
    );
  });

  it('lists several bad variables one per line', () => {
    try {
      parseEnv({ PORT: '-1', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (error) {
      const lines = (error as Error).message.split('\n');
      expect(lines).toHaveLength(2);
      expect(lines.some((line) => line.startsWith('Invalid environment variable NODE_ENV="staging"'))).toBe(true);
    }
  });

  it('takes an erasure wait set by hand only outside production (#40.3: tests with one instance)', () => {
    expect(parseEnv({ NODE_ENV: 'test', ERASURE_SETTLE_MS: '0' }).ERASURE_SETTLE_MS).toBe(0);
    expect(parseEnv({}).ERASURE_SETTLE_MS).toBeUndefined();
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://ringwise.test', ERASURE_SETTLE_MS: '0' })).toThrow(/ERASURE_SETTLE_MS.*refused in production/);
    expect(() => parseEnv({ NODE_ENV: 'test', ERASURE_SETTLE_MS: '-1' })).toThrow(/ERASURE_SETTLE_MS="-1": expected milliseconds, 0 or more/);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names a TRUSTED_PROXIES entry that is not an address or range, in one line (#25 finding 10)', () => {
    expect(() => parseEnv({ TRUSTED_PROXIES: 'not an ip' })).toThrow(
      'Invalid environment variable TRUSTED_PROXIES="not an ip": expected a comma-separated list of IP addresses or CIDR ranges, such as 127.0.0.1,10.0.0.0/8',
    );
    expect(() => parseEnv({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => parseEnv({ TRUSTED_PROXIES: '127.0.0.1,' + 'x'.repeat(3) })).toThrow(ConfigError);
    expect(parseEnv({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).TRUSTED_PROXIES).toBe('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback');
  });

  it('reads the text and lookup budgets and the countries texts may go to', () => {
    const env = parseEnv({ SMS_PER_HOUR: '500', SMS_COUNTRIES: 'fr, us' });
    expect(env).toMatchObject({ SMS_PER_HOUR: 500, SMS_PER_CLIENT_PER_HOUR: 60, LOOKUPS_PER_CLIENT_PER_HOUR: 30, SMS_COUNTRIES: ['FR', 'US'] });
    expect(() => parseEnv({ SMS_COUNTRIES: 'France' })).toThrow(/SMS_COUNTRIES="France": expected comma-separated two-letter country codes/);
    expect(() => parseEnv({ SMS_PER_HOUR: 'lots' })).toThrow(/SMS_PER_HOUR="lots": expected a whole number per hour/);
  });
});
