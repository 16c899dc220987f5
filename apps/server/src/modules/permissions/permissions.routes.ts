import type { Handlers } from '../../core/handler';
import type { PermissionsService } from './permissions.service';

export const permissionsRoutes = (permissions: PermissionsService): Handlers => ({
  'merchant/permissionSet/list': ({ merchant }) => permissions.list(merchant),
  'merchant/permissionSet/save': ({ merchant, body }) => permissions.save(merchant, body),
  'merchant/permissionSet/delete': ({ merchant, body }) => permissions.remove(merchant, body.id),
  'merchant/overridePin/set': ({ merchant, body, request }) => permissions.setPin(merchant, body, request.ip),
  'merchant/override/settings': ({ merchant }) => permissions.settings(merchant),
  'merchant/override/thresholds': ({ merchant, body }) => permissions.setThresholds(merchant, body),
});
