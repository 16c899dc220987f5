/** Offers: details, customers, add, update, images. Lists are `lib/queries/offers`. */
import type { ApiBody } from '@loyalty/contract';
import { LIMITS, type StaffRole } from '@loyalty/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
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

export const useAddOffer = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/offer/add'>) => api.call('merchant/offer/add', body),
    // the dashboard counts offers too
    invalidates: [keys.all, queryKeys.me.all],
    success: 'msg.addedSuccessfully',
  });

export const useUpdateOffer = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/offer/update'>) => api.call('merchant/offer/update', body),
    invalidates: [keys.all],
    success: 'msg.updatedSuccessfully',
  });

/**
 * Sends files as image1..imageN (at most 5 in all, the server checks). The images of an offer just
 * added (`newOffer`) are part of that add, whose "added successfully" has already shown.
 */
export const useUploadOfferImages = () =>
  useAppMutation({
    mutationFn: ({
      offerId,
      files,
      onProgress,
    }: {
      offerId: number;
      files: File[];
      onProgress?: (p: number) => void;
      newOffer?: boolean;
    }) =>
      api.call(
        'merchant/offer/upload/images',
        { offerId },
        { files: Object.fromEntries(files.map((f, i) => [`image${i + 1}`, f])), onProgress },
      ),
    invalidates: [keys.all],
    success: (_offer, v) => (v.newOffer ? undefined : 'msg.imageChanged'),
  });
