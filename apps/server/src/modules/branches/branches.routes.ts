import type { Handlers } from '../../http/context';
import type { BranchesService } from './branches.service';

export const branchesRoutes = (branches: BranchesService): Handlers => ({
  'merchant/branch/list': ({ merchant, body }) => branches.list(merchant, body),
  'merchant/branch/details': ({ merchant, body }) => branches.details(merchant, body.branchId),
  'merchant/addBranch': ({ merchant, body }) => branches.add(merchant, body),
  'merchant/updateBranch': ({ merchant, body }) => branches.update(merchant, body),
});
