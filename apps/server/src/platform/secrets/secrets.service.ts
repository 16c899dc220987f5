import type { SecretsRepository } from './secrets.repository';

/**
 * Server-wide keys shared by every process (push VAPID keys, the QR signing key): created on first
 * use, stored in the database, cached per process. Concurrent first uses across processes agree,
 * because the insert keeps the first writer's value and everyone reads back what is stored.
 */
export function secretsService(repo: SecretsRepository) {
  const cache = new Map<string, string>();
  return {
    async getOrCreate(name: string, generate: () => string): Promise<string> {
      const cached = cache.get(name);
      if (cached !== undefined) return cached;
      let value = await repo.find(name);
      if (value === undefined) {
        await repo.insertIfMissing(name, generate());
        value = await repo.find(name);
        if (value === undefined) throw new Error(`secret ${name} could not be stored`);
      }
      cache.set(name, value);
      return value;
    },
  };
}

export type SecretsService = ReturnType<typeof secretsService>;
