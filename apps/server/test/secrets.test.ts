import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretsService } from '../src/platform/secrets/secrets.service';
import { startTestServer, type TestServer } from './harness';

describe('server-wide secrets', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('is created once and agreed on by every process, even when they race', async () => {
    // Two "processes": two services with their own caches over the same database.
    const a = secretsService(s.deps.store.secrets);
    const b = secretsService(s.deps.store.secrets);
    let n = 0;
    const values = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).getOrCreate('test-key', () => `value-${n++}`)),
    );
    expect(new Set(values).size).toBe(1);
    const row = await s.db.selectFrom('appSecrets').selectAll().where('name', '=', 'test-key').execute();
    expect(row).toHaveLength(1);
    expect(row[0]?.value).toBe(values[0]);
    expect(await secretsService(s.deps.store.secrets).getOrCreate('test-key', () => 'other')).toBe(values[0]);
  });
});
