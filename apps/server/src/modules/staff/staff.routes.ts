import type { Handlers } from '../../core/handler';
import type { StaffService } from './staff.service';

export const staffRoutes = (staff: StaffService): Handlers => ({
  'merchant/addEmployee': ({ merchant, body }) => staff.add(merchant, body),
  'merchant/user/list': ({ merchant, body }) => staff.list(merchant, body),
  'merchantUser/courier/list': ({ merchant, body }) => staff.couriersOfBranch(merchant, body),
  'merchant/user/details': ({ merchant, body }) => staff.details(merchant, body.merchantUserId),
  'merchant/employees/update': ({ merchant, body }) => staff.update(merchant, body),
});
