/** Operator configuration from the environment (README, "Configuration") and what the web app sees of it. */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, publicConfigOf } from '../src/config';
import { startTestServer, type TestServer } from './harness';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe('support contact', () => {
  it('reads SUPPORT_EMAIL and SUPPORT_PHONE; unset or blank keys stay absent', () => {
    expect(loadConfig({}).support).toEqual({});
    expect(loadConfig({ SUPPORT_EMAIL: ' help@shop.qa ', SUPPORT_PHONE: '' }).support).toEqual({
      email: 'help@shop.qa',
    });
    expect(loadConfig({ SUPPORT_EMAIL: 'help@shop.qa', SUPPORT_PHONE: '+974 4400 0000' }).support).toEqual({
      email: 'help@shop.qa',
      phone: '+974 4400 0000',
    });
  });

  it('is handed to the web app at GET /api/config with the map tiles', async () => {
    const config = loadConfig({
      SUPPORT_PHONE: '+974 4400 0000',
      MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
    });
    const t = await startTestServer({ publicConfig: publicConfigOf(config) });
    servers.push(t);
    const res = await fetch(`${t.url}/api/config`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: { mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png', support: { phone: '+974 4400 0000' } },
    });
    const bare = publicConfigOf(loadConfig({}));
    expect(JSON.parse(JSON.stringify(bare))).toEqual({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      support: {},
    });
  });
});

describe('switches', () => {
  it('turns HSTS and TRUST_PROXY on only for 1 or true', () => {
    expect(loadConfig({}).hsts).toBe(false);
    expect(loadConfig({ HSTS: '1' }).hsts).toBe(true);
    expect(loadConfig({ HSTS: 'true', TRUST_PROXY: '1' })).toMatchObject({ hsts: true, trustProxy: true });
    expect(loadConfig({ HSTS: 'no', TRUST_PROXY: '0' })).toMatchObject({ hsts: false, trustProxy: false });
  });

  it('counts the sign-in limits in Redis only when REDIS_URL is set, under REDIS_PREFIX (default loyalty:)', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379/2' }).redis).toEqual({
      url: 'redis://cache:6379/2',
      keyPrefix: 'loyalty:',
    });
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379', REDIS_PREFIX: 'shop1:' }).redis?.keyPrefix).toBe('shop1:');
  });

  it('takes DATABASE_SCHEMA only as a plain schema name', () => {
    expect(loadConfig({}).databaseSchema).toBeUndefined();
    expect(loadConfig({ DATABASE_SCHEMA: 'loyalty_1' }).databaseSchema).toBe('loyalty_1');
    for (const bad of ['a b', 'x;drop', '1abc', 'a-b', 's -c statement_timeout=1'])
      expect(() => loadConfig({ DATABASE_SCHEMA: bad }), bad).toThrow('DATABASE_SCHEMA');
  });
});
