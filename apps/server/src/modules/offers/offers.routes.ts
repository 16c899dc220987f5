import type { Handlers } from '../../core/handler';
import type { OffersService } from './offers.service';

export const offersRoutes = (offers: OffersService): Handlers => ({
  'merchant/offer/list': ({ merchant, body }) => offers.list(merchant, body),
  'merchantUser/offer/list': ({ merchant, body }) => offers.list(merchant, body),
  'merchant/offer/details': ({ merchant, body }) => offers.details(merchant, body.offerId),
  'merchantUser/offer/details': ({ merchant, body }) => offers.details(merchant, body.offerId),
  'admin/offer/users/list': ({ merchant, body }) => offers.users(merchant, body),
  'merchant/offer/add': ({ merchant, body }) => offers.add(merchant, body),
  'merchant/offer/update': ({ merchant, body }) => offers.update(merchant, body),
  'merchant/offer/upload/images': ({ merchant, body, files }) => offers.uploadImages(merchant, body.offerId, files),
});
