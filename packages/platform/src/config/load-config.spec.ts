import { z } from 'zod';
import { baseEnvShape, portSchema } from './base-env.schema';
import { ConfigError, loadConfig } from './load-config';

const schema = z.object({ ...baseEnvShape, PORT: portSchema(3000) });

describe('loadConfig', () => {
  it('applies defaults for an empty environment', () => {
    const config = loadConfig(schema, {});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', VIGIL_DATA_DIR: './.vigil', VIGIL_KEY_PREFIX: 'vigil', TRUSTED_PROXIES: [], LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig(schema, { DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://localhost'],
    ['LOG_LEVEL', 'loud'],
    ['VIGIL_KEY_PREFIX', 'Vigil'],
    ['VIGIL_KEY_PREFIX', 'a'],
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
    ['TRUSTED_PROXIES', 'not-an-ip'],
    ['DB_POOL_SIZE', '0'],
  ])('rejects %s=%s and names the variable', (variable, value) => {
    let error: unknown;
    try {
      loadConfig(schema, { [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(`${variable}:`);
    expect((error as ConfigError).issues.map((i) => i.variable)).toEqual([variable]);
  });

  it.each([
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, ::1 ,2001:db8::/32', ['10.0.0.0/8', '::1', '2001:db8::/32']],
  ])('parses TRUSTED_PROXIES=%s', (value, expected) => {
    expect(loadConfig(schema, { TRUSTED_PROXIES: value }).TRUSTED_PROXIES).toEqual(expected);
  });

  it('reports every bad variable at once', () => {
    expect(() => loadConfig(schema, { PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT:[\s\S]*LOG_LEVEL:|LOG_LEVEL:[\s\S]*PORT:/);
  });
});
