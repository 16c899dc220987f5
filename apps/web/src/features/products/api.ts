/** Products: `merchant/product/*` and the staff's `merchantUser/product/*`. */
import type { ApiBody } from '@loyalty/contract';
import { LIMITS, type StaffRole } from '@loyalty/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { queryKeys } from '../../lib/query-keys';

const keys = queryKeys.products;
const canList = (role: StaffRole | null) => role === 'merchant' || role === 'merchantUser';

/** Every product of the merchant (both stock tabs filter this one list). */
export const useProductList = (role: StaffRole | null) => {
  const body = { pageNum: 1, limit: LIMITS.listLimit };
  return useQuery({
    queryKey: keys.list({ role, ...body }),
    queryFn: () => api.callAs('product/list', body),
    enabled: canList(role),
  });
};

export const useProduct = (role: StaffRole | null, id: number | null) =>
  useQuery({
    queryKey: keys.detail({ role, id }),
    queryFn: () => api.callAs('product/details', { id: id ?? 0 }),
    enabled: id !== null && canList(role),
    meta: { showsNotFound: true },
  });

export const useCreateProduct = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/product/create'>) => api.call('merchant/product/create', body),
    invalidates: [keys.all],
    success: 'msg.addedSuccessfully',
  });

/** Merchants call `merchant/product/update`; staff whose set holds editProducts `merchantUser/product/update` (issue 27). */
export const useUpdateProduct = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/product/update'>) => api.callAs('product/update', body),
    invalidates: [keys.all],
    success: 'msg.updatedSuccessfully',
  });

export const useUploadProductImage = () =>
  useAppMutation({
    mutationFn: ({
      productId,
      file,
      onProgress,
    }: {
      productId: number;
      file: File;
      onProgress?: (p: number) => void;
    }) => api.call('merchant/product/upload/image', { productId }, { files: { image: file }, onProgress }),
    invalidates: [keys.all],
    success: 'msg.imageChanged',
  });
