import type { Handlers } from '../../core/handler';
import type { ProductsService } from './products.service';

export const productsRoutes = (products: ProductsService): Handlers => ({
  'merchant/product/list': ({ merchant, body }) => products.list(merchant, body),
  'merchantUser/product/list': ({ merchant, body }) => products.list(merchant, body),
  'merchant/product/create': ({ merchant, body }) => products.create(merchant, body),
  'merchant/product/details': ({ merchant, body }) => products.details(merchant, body.id),
  'merchantUser/product/details': ({ merchant, body }) => products.details(merchant, body.id),
  'merchant/product/update': ({ merchant, body }) => products.update(merchant, body),
  'merchantUser/product/update': ({ merchant, body }) => products.update(merchant, body),
  'merchant/product/upload/image': ({ merchant, body, files }) => products.uploadImage(merchant, body.productId, files),
});
