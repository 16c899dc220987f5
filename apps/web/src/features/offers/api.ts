/** Offers: details, customers, add, update, images. Lists are `lib/queries/offers`. */
import { type ApiBody, LIMITS, type StaffRole } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meKeys } from '../../lib/queries/me';
import { offerKeys } from '../../lib/queries/offers';

export const useOffer = (role: StaffRole | null, id: number) =>
  useQuery({
    queryKey: offerKeys.detail(role, id),
    queryFn: () =>
      role === 'merchant'
        ? api.call('merchant/offer/details', { offerId: id })
        : api.call('merchantUser/offer/details', { offerId: id }),
    enabled: id > 0 && (role === 'merchant' || role === 'merchantUser'),
  });

/** The customers who requested the offer (`admin/offer/users/list`, a merchant call). */
export const useOfferUsers = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: offerKeys.users(id),
    queryFn: () => api.call('admin/offer/users/list', { offerId: id, pageNum: 1, limit: LIMITS.listLimit }),
    enabled: enabled && id > 0,
  });

export const useAddOffer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/offer/add'>) => api.call('merchant/offer/add', body),
    // the dashboard counts offers too
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: offerKeys.all }),
        qc.invalidateQueries({ queryKey: meKeys.merchant() }),
      ]),
  });
};

export const useUpdateOffer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/offer/update'>) => api.call('merchant/offer/update', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: offerKeys.all }),
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
    onSuccess: () => qc.invalidateQueries({ queryKey: offerKeys.all }),
  });
};
