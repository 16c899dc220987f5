import type { Handlers } from '../../http/context';
import type { ProfileService } from './profile.service';

export const profileRoutes = (profile: ProfileService): Handlers => ({
  'merchant/me': ({ caller }) => profile.merchantMe(caller.id),
  'merchantUser/me': ({ caller }) => profile.staffMe(caller),
  'merchant/updateProfile': ({ caller, body }) => profile.updateProfile(caller, body),
  'merchant/goLive': ({ caller, body }) => profile.goLive(caller, body.isLive),
});
