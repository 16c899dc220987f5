import type { Handlers } from '../../http/context';
import type { ProfileService } from './profile.service';

export const profileRoutes = (profile: ProfileService): Handlers => ({
  'merchant/me': ({ merchant }) => profile.merchantMe(merchant.merchantId),
  'merchantUser/me': ({ merchant }) => profile.staffMe(merchant),
  'merchant/updateProfile': ({ merchant, body }) => profile.updateProfile(merchant, body),
  'merchant/goLive': ({ merchant, body }) => profile.goLive(merchant, body.isLive),
});
