/**
 * The customer requests a merchant (all branches) or a staff member (their branch) handles, in one
 * implementation for both kinds (SPEC §2, §7): offer requests (`…/req/list`, `…/req/details`,
 * `…/req/approve`) and redeem requests (`…/req/redeem/list`, `…/req/redeem/detail`,
 * `…/req/redeem/approve`), each called as `merchant/…` or `merchantUser/…` by the signed-in role.
 * Approval changes the lists, the dashboard (balance, pending count) and, for an offer request,
 * the offer screens (availability, Requests tab), so it invalidates all of them.
 */
import type { ApiBody, ApiResponse } from '@loyalty/contract';
import { type QueryClient, type QueryKey, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { type QueryResource, queryKeys } from '../../lib/query-keys';
import { keepRequestDetail, requestDetailsCache } from '../../lib/request-cache';
import { useSession } from '../../lib/session';

export type RequestKind = 'offer' | 'redeem';

interface Paths {
  offer: { list: 'merchant/req/list'; detail: 'merchant/req/details' };
  redeem: { list: 'merchant/req/redeem/list'; detail: 'merchant/req/redeem/detail' };
}
export type ListBody<K extends RequestKind> = ApiBody<Paths[K]['list']>;
export type ListAnswer<K extends RequestKind> = ApiResponse<Paths[K]['list']>;
export type RequestOf<K extends RequestKind> = ApiResponse<Paths[K]['detail']>;

interface Kind<K extends RequestKind> {
  keys: QueryResource;
  list: (body: ListBody<K>) => Promise<ListAnswer<K>>;
  detail: (reqId: number) => Promise<RequestOf<K>>;
  /** `overridePin`: the manager's PIN when the staff member's set lacks the right (issue 27). */
  approve: (reqId: number, overridePin?: string) => Promise<RequestOf<K>>;
  reject: (reqId: number, reason: string) => Promise<RequestOf<K>>;
  isApproved: (r: RequestOf<K>) => boolean;
  /** What else an approval changes besides the lists and the dashboard. */
  alsoChanges: readonly (readonly unknown[])[];
}

const KINDS: { [K in RequestKind]: Kind<K> } = {
  offer: {
    keys: queryKeys.offerRequests,
    list: (body) => api.callAs('req/list', body),
    detail: (reqId) => api.callAs('req/details', { reqId }),
    approve: (reqId, overridePin) => api.callAs('req/approve', { reqId }, { overridePin }),
    reject: (reqId, reason) => api.callAs('req/reject', { reqId, reason }),
    isApproved: (r) => r.isAproved,
    alsoChanges: [queryKeys.offers.all],
  },
  redeem: {
    keys: queryKeys.redeems,
    list: (body) => api.callAs('req/redeem/list', body),
    detail: (reqId) => api.callAs('req/redeem/detail', { reqId }),
    approve: (reqId, overridePin) => api.callAs('req/redeem/approve', { reqId, isApproved: true }, { overridePin }),
    reject: (reqId, reason) => api.callAs('req/redeem/reject', { reqId, reason }),
    isApproved: (r) => r.isApproved,
    alsoChanges: [],
  },
};

const kindOf = <K extends RequestKind>(kind: K) => KINDS[kind] as unknown as Kind<K>;

/** A request as a change answered it: its detail, and the copy kept on the device. */
const keep = (qc: QueryClient, queryKey: QueryKey, request: unknown) => {
  qc.setQueryData(queryKey, request);
  keepRequestDetail(qc, queryKey);
};

/** The roles that handle customer requests, or null for anyone else (the calls would answer 403). */
export const useRequestRole = (): 'merchant' | 'merchantUser' | null => {
  const { role } = useSession();
  return role === 'merchant' || role === 'merchantUser' ? role : null;
};

export const isApproved = <K extends RequestKind>(kind: K, r: RequestOf<K>) => kindOf(kind).isApproved(r);
export const isRejected = (r: { status: string }) => r.status === 'rejected';

export const useRequestList = <K extends RequestKind>(
  kind: K,
  body: ListBody<K>,
  options: { enabled?: boolean } = {},
) => {
  const role = useRequestRole();
  const k = kindOf(kind);
  return useQuery({
    queryKey: k.keys.list({ role, ...body }),
    queryFn: () => k.list(body),
    enabled: role !== null && (options.enabled ?? true),
    placeholderData: (previous) => previous,
  });
};

export const useRequestDetails = <K extends RequestKind>(kind: K, id: number | null) => {
  const role = useRequestRole();
  const k = kindOf(kind);
  return useQuery({
    queryKey: k.keys.detail({ role, id }),
    queryFn: () => k.detail(id ?? 0),
    enabled: role !== null && id !== null,
    meta: { showsNotFound: true },
    // SPEC §3, §9: the last 20 request details are kept on the device
    ...requestDetailsCache<RequestOf<K>, ReturnType<typeof k.keys.detail>>(),
  });
};

export const useApproveRequest = <K extends RequestKind>(kind: K) => {
  const role = useRequestRole();
  const k = kindOf(kind);
  return useAppMutation({
    mutationFn: (v: { id: number; overridePin?: string }) => k.approve(v.id, v.overridePin),
    apply: (request, v, qc) => keep(qc, k.keys.detail({ role, id: v.id }), request),
    invalidates: [k.keys.lists(), queryKeys.me.all, ...k.alsoChanges],
    success: 'approvedSuccessfully',
    // a staff member's refusal opens "Manager approval" (components/manager-approval)
    meta: { managerApproval: true },
  });
};

/** Reject with a reason: the request, the lists and the dashboard's pending count change. */
export const useRejectRequest = <K extends RequestKind>(kind: K) => {
  const role = useRequestRole();
  const k = kindOf(kind);
  return useAppMutation({
    mutationFn: (v: { id: number; reason: string }) => k.reject(v.id, v.reason),
    apply: (request, v, qc) => keep(qc, k.keys.detail({ role, id: v.id }), request),
    invalidates: [k.keys.lists(), queryKeys.me.all],
    success: 'reject.done',
  });
};
