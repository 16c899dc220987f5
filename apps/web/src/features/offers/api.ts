/** Offers: details, customers, add, update, images. Lists are `lib/queries/offers`. */
import { type ApiBody, LIMITS, type StaffRole } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const keys = queryKeys.offers;

export const useOffer = (role: StaffRole | null, id: number | null) =>
  useQuery({
    queryKey: keys.detail({ role, id }),
    queryFn: () => api.callAs('offer/details', { offerId: id ?? 0 }),
    enabled: id !== null && (role === 'merchant' || role === 'merchantUser'),
    meta: { showsNotFound: true },
  });

/** The customers who requested the offer (`admin/offer/users/list`, a merchant call). */
export const useOfferUsers = (id: number, enabled: boolean) => {
  const body = { offerId: id, pageNum: 1, limit: LIMITS.listLimit };
  return useQuery({
    queryKey: keys.list({ of: 'users', ...body }),
    queryFn: () => api.call('admin/offer/users/list', body),
    enabled,
  });
};

export const useAddOffer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/offer/add'>) => api.call('merchant/offer/add', body),
    // the dashboard counts offers too
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: keys.all }), qc.invalidateQueries({ queryKey: queryKeys.me.all })]),
  });
};

export const useUpdateOffer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/offer/update'>) => api.call('merchant/offer/update', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
};

/** Sends files as image1..imageN (at most 5 in all, the server checks). */
export const useUploadOfferImages = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      offerId,
      files,
      onProgress,
    }: {
      offerId: number;
      files: File[];
      onProgress?: (p: number) => void;
    }) =>
      api.call(
        'merchant/offer/upload/images',
        { offerId },
        { files: Object.fromEntries(files.map((f, i) => [`image${i + 1}`, f])), onProgress },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
};
