import type { Handlers } from '../../http/context';
import type { OffersService } from './offers.service';

export const offersRoutes = (offers: OffersService): Handlers => ({
  'merchant/offer/list': ({ caller, body }) => offers.list(caller, body),
  'merchantUser/offer/list': ({ caller, body }) => offers.list(caller, body),
  'merchant/offer/details': ({ caller, body }) => offers.details(caller, body.offerId),
  'merchantUser/offer/details': ({ caller, body }) => offers.details(caller, body.offerId),
  'admin/offer/users/list': ({ caller, body }) => offers.users(caller, body),
  'merchant/offer/add': ({ caller, body }) => offers.add(caller, body),
  'merchant/offer/update': ({ caller, body }) => offers.update(caller, body),
  'merchant/offer/upload/images': ({ caller, body, files }) => offers.uploadImages(caller, body.offerId, files),
});
