import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { isPinRefusal, needsManager } from './override';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * `silent`: a failure is only logged, not toasted (SPEC §8 lists calls whose failures are only
     * logged). `showsNotFound`: the screen shows a 404 as its
     * not-found state (components/detail-screen), so a 404 is not toasted as well.
     */
    queryMeta: { silent?: boolean; showsNotFound?: boolean };
    /**
     * `failure`: SPEC's message for this call's failure, toasted above the server's (DECISIONS §10).
     * `managerApproval`: the screen asks for the manager's PIN (components/manager-approval), so a
     * refusal the PIN can lift, or the PIN's own, shows there and is not toasted as well.
     */
    mutationMeta: { silent?: boolean; failure?: string; managerApproval?: boolean };
  }
}

const report = (error: unknown, silent?: boolean, failure?: string) => {
  if (silent) {
    console.warn(error);
    return;
  }
  // SPEC §8: other failures show the server's message in a toast.
  toast.error(error instanceof Error ? error.message : String(error), failure);
};

/** The server's answer for a missing id, or another merchant's (docs/domain.md, scope). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** Client errors (4xx) are answers, not accidents: they are not retried. */
const retry = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;

/**
 * A refresh that could not reach the server while the screen shows what it has (a request detail
 * kept on the device, SPEC §9): the offline notice says so already (components/offline-notice).
 */
const unreachableWithData = (error: unknown, data: unknown) =>
  error instanceof ApiError && error.status === 0 && data !== undefined;

export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) =>
        report(
          error,
          query.meta?.silent ||
            (query.meta?.showsNotFound && isNotFound(error)) ||
            unreachableWithData(error, query.state.data),
        ),
    }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) =>
        report(
          error,
          mutation.meta?.silent || (mutation.meta?.managerApproval && (needsManager(error) || isPinRefusal(error))),
          mutation.meta?.failure,
        ),
    }),
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
