/** Operator configuration from the environment (docs/deploy.md, "Settings") and what the web app sees of it. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, ENV, loadConfig, publicConfigOf, repoRoot } from '../src/config';
import { startupSummary } from '../src/startup-summary';
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
      data: {
        mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
        support: { phone: '+974 4400 0000' },
        vitalsSampleRate: 1,
      },
    });
    const bare = publicConfigOf(loadConfig({}));
    expect(JSON.parse(JSON.stringify(bare))).toEqual({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      support: {},
      vitalsSampleRate: 1,
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

  it('serves /metrics on a listener of its own only with METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says', () => {
    expect(loadConfig({}).metricsListener).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsListener).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.11' }).metricsListener?.host).toBe('10.0.0.11');
    expect(() => loadConfig({ METRICS_PORT: '99999' })).toThrow('METRICS_PORT');
  });

  it('reads the session lifetime, the idle times and the live feed bound, with their defaults', () => {
    const hour = 3600_000;
    expect(loadConfig({})).toMatchObject({
      sessions: { ttlMs: 30 * 24 * hour, idle: { ownerMs: 168 * hour, staffMs: 12 * hour } },
      feedMaxStreams: 2000,
    });
    expect(
      loadConfig({
        SESSION_DAYS: '7',
        SESSION_IDLE_HOURS: '24',
        SESSION_IDLE_HOURS_STAFF: '8',
        FEED_MAX_STREAMS: '50',
      }),
    ).toMatchObject({
      sessions: { ttlMs: 7 * 24 * hour, idle: { ownerMs: 24 * hour, staffMs: 8 * hour } },
      feedMaxStreams: 50,
    });
    for (const [k, v] of [
      ['SESSION_DAYS', '0'],
      ['SESSION_IDLE_HOURS', 'x'],
      ['SESSION_IDLE_HOURS_STAFF', '1.5'],
      ['FEED_MAX_STREAMS', '-1'],
    ])
      expect(() => loadConfig({ [k]: v }), k).toThrow(k);
  });
});

describe('one checked configuration', () => {
  it('documents every setting of the schema in docs/deploy.md, "Settings"', () => {
    const doc = fs.readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Settings'), doc.indexOf('## Production checklist'));
    const rows = table.split('\n').filter((l) => l.startsWith('| `'));
    for (const key of Object.keys(ENV.shape))
      expect(
        rows.some((r) => r.split('|')[1].includes(`\`${key}\``)),
        `${key} has a row in docs/deploy.md`,
      ).toBe(true);
  });

  const prod = { NODE_ENV: 'production' };
  const problemsOf = (env: Record<string, string>, opts?: { forServer?: boolean }) => {
    try {
      loadConfig(env, opts);
      return [];
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems;
    }
  };

  it('in production, refuses without a payment gateway and an SMS provider, naming both in one message', () => {
    const problems = problemsOf(prod);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^STRIPE_SECRET_KEY or PAYMENTS=test: /);
    expect(problems[1]).toMatch(/^SMS_PROVIDER: /);
    expect(() => loadConfig(prod)).toThrow(/NODE_ENV=production: refusing to start without these settings/);
    expect(problemsOf({ ...prod, STRIPE_SECRET_KEY: 'sk_live_x' })).toEqual([expect.stringMatching(/^SMS_PROVIDER/)]);
    expect(problemsOf({ ...prod, PAYMENTS: 'test', SMS_PROVIDER: 'log' })).toEqual([]);
    // the operator's command line checks values, not what a serving process needs
    expect(problemsOf(prod, { forServer: false })).toEqual([]);
  });

  it('outside production, the test gateway and the log sender are the defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ production: false, payments: 'test', sms: { provider: 'log' } });
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).payments).toBe('stripe');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', PAYMENTS: 'test' }).payments).toBe('test');
  });

  it('names every setting a provider needs, and each wrong value', async () => {
    expect(problemsOf({ SMS_PROVIDER: 'twilio' })).toEqual([
      expect.stringMatching(/^TWILIO_ACCOUNT_SID/),
      expect.stringMatching(/^TWILIO_AUTH_TOKEN/),
      expect.stringMatching(/^TWILIO_FROM/),
    ]);
    expect(problemsOf({ SMS_PROVIDER: 'unifonic' })).toEqual([expect.stringMatching(/^UNIFONIC_APP_SID/)]);
    expect(problemsOf({ PAYMENTS: 'stripe' })).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY/)]);
    const vapid = (await import('web-push')).default.generateVAPIDKeys();
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'x', VAPID_PRIVATE_KEY: vapid.privateKey })).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key/),
    ]);
    expect(problemsOf({ VAPID_PUBLIC_KEY: vapid.publicKey })).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/),
    ]);
    const wrong = problemsOf({ PORT: 'eighty', SMS_PROVIDER: 'pigeon', PAYMENTS: 'cash', LOG_LEVEL: 'loud' });
    expect(wrong.map((p) => p.split(':')[0]).sort()).toEqual(['LOG_LEVEL', 'PAYMENTS', 'PORT', 'SMS_PROVIDER']);
    expect(wrong.find((p) => p.startsWith('PORT'))).toContain('"eighty"');
  });

  it('never repeats a secret in a message', () => {
    const problems = problemsOf({ QR_SIGNING_KEY: 'short-secret', DATABASE_URL: 'mysql://u:pw-secret@h/db' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'QR_SIGNING_KEY']);
    expect(problems.join('\n')).not.toMatch(/short-secret|pw-secret/);
  });

  it('OPERATOR_SECRET_KEY (32 characters or more) and its previous key; the previous one alone is refused', () => {
    const current = 'operator-current-0123456789abcdef0123456789';
    const previous = 'operator-previous-0123456789abcdef012345678';
    expect(loadConfig({}).operatorSecretKeys).toEqual({ current: undefined, previous: undefined });
    expect(
      loadConfig({ OPERATOR_SECRET_KEY: current, OPERATOR_SECRET_KEY_PREVIOUS: previous }).operatorSecretKeys,
    ).toEqual({ current, previous });
    expect(problemsOf({ OPERATOR_SECRET_KEY_PREVIOUS: previous })).toEqual([
      'OPERATOR_SECRET_KEY: OPERATOR_SECRET_KEY_PREVIOUS is set without a current key',
    ]);
    const short = problemsOf({ OPERATOR_SECRET_KEY: 'short-op-secret', OPERATOR_SECRET_KEY_PREVIOUS: 'short-op-old' });
    expect(short.map((p) => p.split(':')[0]).sort()).toEqual(['OPERATOR_SECRET_KEY', 'OPERATOR_SECRET_KEY_PREVIOUS']);
    expect(short.join('\n')).not.toMatch(/short-op/);
  });

  it('the Twilio and Unifonic settings, with their API addresses defaulting to the providers’ own', () => {
    expect(
      loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+1500' })
        .sms,
    ).toEqual({
      provider: 'twilio',
      accountSid: 'AC1',
      authToken: 't',
      from: '+1500',
      apiBase: 'https://api.twilio.com',
    });
    expect(loadConfig({ SMS_PROVIDER: 'unifonic', UNIFONIC_APP_SID: 'app', UNIFONIC_SENDER_ID: 'SHOP' }).sms).toEqual({
      provider: 'unifonic',
      appSid: 'app',
      senderId: 'SHOP',
      apiBase: 'https://el.cloud.unifonic.com',
    });
  });

  it('the start line names gateway, SMS provider, database, storage and limit store, and no secret', () => {
    const secrets = {
      STRIPE_SECRET_KEY: 'sk_live_SECRET1',
      TWILIO_AUTH_TOKEN: 'SECRET2',
      DATABASE_URL: 'postgres://loyalty:SECRET3@db.internal:5432/loyalty',
      REDIS_URL: 'redis://:SECRET4@cache.internal:6379',
      S3_SECRET_ACCESS_KEY: 'SECRET5',
      METRICS_TOKEN: 'SECRET6',
      QR_SIGNING_KEY: 'SECRET7-0123456789abcdef0123456789abcdef',
      OPERATOR_SECRET_KEY: 'SECRET8-0123456789abcdef0123456789abcdef',
    };
    const { line, warnings } = startupSummary(
      loadConfig({
        ...secrets,
        NODE_ENV: 'production',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_FROM: '+15005550006',
        S3_BUCKET: 'images',
        S3_ACCESS_KEY_ID: 'AKIA',
      }),
    );
    expect(line).toBe(
      'payments: Stripe; SMS: Twilio at https://api.twilio.com, from +15005550006; database: PostgreSQL postgres://db.internal:5432/loyalty; storage: S3 bucket images; sign-in limits: Redis redis://cache.internal:6379; operator secrets sealed with: the key from the environment',
    );
    expect(warnings).toEqual([]);
    expect(line).not.toMatch(/SECRET/);
  });
});
