import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * `silent`: a failure is only logged, not toasted (SPEC §8 lists calls whose failures are only
     * logged). `showsNotFound`: the screen shows a 404 as its
     * not-found state (components/detail-screen), so a 404 is not toasted as well.
     */
    queryMeta: { silent?: boolean; showsNotFound?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

const report = (error: unknown, silent?: boolean) => {
  if (silent) {
    console.warn(error);
    return;
  }
  // SPEC §8: other failures show the server's message in a toast.
  toast.error(error instanceof Error ? error.message : String(error));
};

/** The server's answer for a missing id, or another merchant's (docs/domain.md, scope). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** Client errors (4xx) are answers, not accidents: they are not retried. */
const retry = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;

export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => report(error, query.meta?.silent || (query.meta?.showsNotFound && isNotFound(error))),
    }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => report(error, mutation.meta?.silent) }),
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
