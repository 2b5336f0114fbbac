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

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
