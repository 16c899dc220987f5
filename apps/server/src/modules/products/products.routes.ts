import type { Handlers } from '../../http/context';
import type { ProductsService } from './products.service';

export const productsRoutes = (products: ProductsService): Handlers => ({
  'merchant/product/list': ({ caller, body }) => products.list(caller, body),
  'merchantUser/product/list': ({ caller, body }) => products.list(caller, body),
  'merchant/product/create': ({ caller, body }) => products.create(caller, body),
  'merchant/product/details': ({ caller, body }) => products.details(caller, body.id),
  'merchantUser/product/details': ({ caller, body }) => products.details(caller, body.id),
  'merchant/product/update': ({ caller, body }) => products.update(caller, body),
  'merchant/product/upload/image': ({ caller, body, files }) => products.uploadImage(caller, body.productId, files),
});
