/**
 * The one way the app changes data (GUIDE: "mutations invalidate the lists they change"; SPEC §4:
 * "after a successful add or update the form closes, the list refreshes and a success toast shows").
 *
 * What a change does to the app's data and what it tells the user belong to the mutation, not to
 * the screen that started it: they run from the options given to `useMutation`, which TanStack
 * Query runs whether or not that screen is still mounted. The callbacks given to
 * `mutate(vars, { onSuccess })` are dropped when the calling component unmounts before the change
 * settles, and a refresh often unmounts the very button (Approve, Picked, Close ticket, Delete
 * card), so call sites keep only their local reactions there: close or reset the form, navigate.
 *
 * Failures take the one error path: a 401 signs out (lib/api), the message is toasted
 * (lib/query-client, unless `meta.silent`), and a form puts 422 field errors on its fields from
 * `mutate`'s onError (lib/form-errors).
 */
import {
  type MutationMeta,
  type NetworkMode,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from './toast';

/** What a success says: an i18n key toasted as a success, or a success and an information toast. */
export type SuccessToast = string | { success?: string; info?: string };

/** A value, or the value worked out from the answer and the variables. */
type FromAnswer<TData, TVariables, T> = T | ((data: TData, variables: TVariables) => T);

export interface AppMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** What the answer itself tells (a request's new state written to its detail, the session), first. */
  apply?: (data: TData, variables: TVariables, qc: QueryClient) => void;
  /** The query keys (prefixes) the change makes stale: invalidated, and refetched where shown, next. */
  invalidates?: FromAnswer<TData, TVariables, readonly QueryKey[]>;
  /** The success toast, last (i18n keys, or a contract message key such as 'approvedSuccessfully'). */
  success?: FromAnswer<TData, TVariables, SuccessToast | undefined>;
  meta?: MutationMeta;
  networkMode?: NetworkMode;
}

const resolve = <TData, TVariables, T>(value: FromAnswer<TData, TVariables, T>, data: TData, variables: TVariables) =>
  typeof value === 'function' ? (value as (data: TData, variables: TVariables) => T)(data, variables) : value;

const show = (notice: SuccessToast | undefined) => {
  if (!notice) return;
  const { success, info } = typeof notice === 'string' ? { success: notice, info: undefined } : notice;
  if (success) toast.success(success);
  if (info) toast.info(info);
};

/**
 * `useMutation` with the change's consequences in its own options: `apply` the answer, refresh what
 * `invalidates` names, then toast `success`; `mutate`'s per-call callbacks run after all of that,
 * when the caller is still there.
 */
export const useAppMutation = <TData, TVariables = void>(options: AppMutationOptions<TData, TVariables>) => {
  const qc = useQueryClient();
  const { mutationFn, apply, invalidates = [], success, meta, networkMode } = options;
  return useMutation({
    mutationFn,
    meta,
    networkMode,
    onSuccess: async (data, variables) => {
      apply?.(data, variables, qc);
      const stale = resolve(invalidates, data, variables);
      await Promise.all(stale.map((queryKey) => qc.invalidateQueries({ queryKey })));
      show(resolve(success, data, variables));
    },
  });
};
