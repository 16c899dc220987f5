import type { Handlers } from '../../core/handler';
import type { PushService } from './push.service';

export const pushRoutes = (push: PushService): Handlers => ({
  'merchant/push/publicKey': () => push.publicKey(),
  'merchant/push/subscribe': ({ caller, body, lang }) => push.subscribe(caller, body.deviceToken, lang),
  'merchant/push/unsubscribe': ({ caller }) => push.unsubscribe(caller),
  'merchant/push/test': ({ caller }) => push.test(caller),
});
