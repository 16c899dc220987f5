import type { Actor } from '../../core/caller';
import { conflict } from '../../core/errors';
import type { Deps } from '../../deps';

/**
 * Replayable calls (docs/domain.md, "Offline courier"): a call sent with an idempotency key runs
 * once; sending it again with the same key answers the first answer and moves nothing. The state
 * machine's conditional updates still guard against a replay racing the first call.
 */
export function idempotencyService({ store }: Pick<Deps, 'store'>) {
  return {
    async once<T>(actor: Actor, key: string | undefined, path: string, run: () => Promise<T>): Promise<T> {
      if (!key) return run();
      const seen = await store.idempotency.find(actor, key);
      if (seen) {
        if (seen.path !== path) throw conflict('idempotencyKeyReused');
        return JSON.parse(seen.response) as T;
      }
      const result = await run();
      await store.idempotency.save(actor, key, path, JSON.stringify(result));
      return result;
    },
  };
}

export type IdempotencyService = ReturnType<typeof idempotencyService>;
