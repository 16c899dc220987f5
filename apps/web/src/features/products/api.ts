/** Products: `merchant/product/*` and the staff's `merchantUser/product/*`. */
import { type ApiBody, LIMITS, type StaffRole } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (role: StaffRole | null) => [...productKeys.lists(), role] as const,
  detail: (role: StaffRole | null, id: number) => [...productKeys.all, 'detail', role, id] as const,
};

const isMerchant = (role: StaffRole | null) => role === 'merchant';

/** Every product of the merchant (both stock tabs filter this one list). */
export const useProductList = (role: StaffRole | null) =>
  useQuery({
    queryKey: productKeys.list(role),
    queryFn: () => {
      const body = { pageNum: 1, limit: LIMITS.listLimit };
      return isMerchant(role) ? api.call('merchant/product/list', body) : api.call('merchantUser/product/list', body);
    },
    enabled: role === 'merchant' || role === 'merchantUser',
  });

export const useProduct = (role: StaffRole | null, id: number) =>
  useQuery({
    queryKey: productKeys.detail(role, id),
    queryFn: () =>
      isMerchant(role)
        ? api.call('merchant/product/details', { id })
        : api.call('merchantUser/product/details', { id }),
    enabled: id > 0 && (role === 'merchant' || role === 'merchantUser'),
  });

export const useCreateProduct = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/product/create'>) => api.call('merchant/product/create', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }),
  });
};

export const useUpdateProduct = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/product/update'>) => api.call('merchant/product/update', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }),
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
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }),
  });
};
