import type { Handlers } from '../../core/handler';
import type { BranchesService } from './branches.service';

export const branchesRoutes = (branches: BranchesService): Handlers => ({
  'merchant/branch/list': ({ merchant, body }) => branches.list(merchant, body),
  'merchant/branch/details': ({ merchant, body }) => branches.details(merchant, body.branchId),
  'merchantUser/branch/details': ({ merchant, body }) => branches.details(merchant, body.branchId),
  'merchant/addBranch': ({ merchant, body }) => branches.add(merchant, body),
  'merchant/updateBranch': ({ merchant, body }) => branches.update(merchant, body),
  'merchant/branch/pause': ({ merchant, body }) => branches.pause(merchant, body),
  'merchantUser/branch/pause': ({ merchant, body }) => branches.pause(merchant, body),
  'merchant/branch/resume': ({ merchant, body }) => branches.resume(merchant, body.branchId),
  'merchantUser/branch/resume': ({ merchant, body }) => branches.resume(merchant, body.branchId),
  'merchant/branch/hours': ({ merchant, body }) => branches.hours(merchant, body),
});
