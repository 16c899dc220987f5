import type { Actor } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflict } from '../../core/errors';

/** A call's parameters as JSON with its keys in order, so the same call always reads the same. */
const canonical = (request: Record<string, unknown>): string =>
  JSON.stringify(Object.fromEntries(Object.entries(request).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));

/**
 * Replayable calls (docs/domain.md, "Offline courier"): a call sent with an idempotency key runs
 * once; sending it again with the same key answers the first answer and moves nothing. The key is
 * claimed for the call (its path and parameters) before the call runs, so the same key sent for
 * another call — another request, another status, in the body or the header — answers 409 and
 * changes nothing, even when both arrive at once. A replay of the same call whose first attempt
 * has not answered (it failed, or it is still running) runs again: the state machine's conditional
 * updates let one of them through.
 */
export function idempotencyService({ store }: ServiceDeps<'idempotency'>) {
  return {
    async once<T>(
      actor: Actor,
      key: string | undefined,
      path: string,
      request: Record<string, unknown>,
      run: () => Promise<T>,
    ): Promise<T> {
      if (!key) return run();
      const call = canonical(request);
      if (!(await store.idempotency.claim(actor, key, path, call))) {
        const seen = await store.idempotency.find(actor, key);
        if (seen) {
          // rows from before the parameters were kept (request null) are matched by path alone
          if (seen.path !== path || (seen.request !== null && seen.request !== call))
            throw conflict('idempotencyKeyReused');
          if (seen.response !== '') return JSON.parse(seen.response) as T;
        }
      }
      const result = await run();
      await store.idempotency.answer(actor, key, JSON.stringify(result));
      return result;
    },
  };
}

export type IdempotencyService = ReturnType<typeof idempotencyService>;
