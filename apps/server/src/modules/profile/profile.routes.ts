import type { Handlers } from '../../core/handler';
import type { ProfileService } from './profile.service';

export const profileRoutes = (profile: ProfileService): Handlers => ({
  'merchant/me': ({ merchant }) => profile.merchantMe(merchant.merchantId),
  'merchantUser/me': ({ merchant }) => profile.staffMe(merchant),
  'merchant/updateProfile': ({ merchant, body, request }) => profile.updateProfile(merchant, body, request.ip),
  'merchant/goLive': ({ merchant, body }) => profile.goLive(merchant, body.isLive),
});
