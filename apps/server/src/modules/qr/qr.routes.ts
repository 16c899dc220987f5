import type { Handlers } from '../../core/handler';
import type { QrService } from './qr.service';

/** Signed request codes: a customer's fresh code and the staff's scan (docs/domain.md, "Signed request codes"). */
export const qrRoutes = (qr: QrService): Handlers => ({
  'user/qr': ({ customer, body }) => qr.forCustomer(customer, body),
  'merchant/qr/scan': ({ merchant, body }) => qr.scan(merchant, body.code),
  'merchantUser/qr/scan': ({ merchant, body }) => qr.scan(merchant, body.code),
});
