/** Products: `merchant/product/*` and the staff's `merchantUser/product/*`. */
import { type ApiBody, LIMITS, type StaffRole } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
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

export const useCreateProduct = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/product/create'>) => api.call('merchant/product/create', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
};

export const useUpdateProduct = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/product/update'>) => api.call('merchant/product/update', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
};

export const useUploadProductImage = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      productId,
      file,
      onProgress,
    }: {
      productId: number;
      file: File;
      onProgress?: (p: number) => void;
    }) => api.call('merchant/product/upload/image', { productId }, { files: { image: file }, onProgress }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
};
