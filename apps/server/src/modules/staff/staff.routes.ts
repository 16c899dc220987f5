import type { Handlers } from '../../http/context';
import type { StaffService } from './staff.service';

export const staffRoutes = (staff: StaffService): Handlers => ({
  'merchant/addEmployee': ({ caller, body }) => staff.add(caller, body),
  'merchant/user/list': ({ caller, body }) => staff.list(caller, body),
  'merchant/user/details': ({ caller, body }) => staff.details(caller, body.merchantUserId),
  'merchant/employees/update': ({ caller, body }) => staff.update(caller, body),
});
