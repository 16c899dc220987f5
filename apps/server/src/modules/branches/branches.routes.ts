import type { Handlers } from '../../http/context';
import type { BranchesService } from './branches.service';

export const branchesRoutes = (branches: BranchesService): Handlers => ({
  'merchant/branch/list': ({ caller, body }) => branches.list(caller, body),
  'merchant/branch/details': ({ caller, body }) => branches.details(caller, body.branchId),
  'merchant/addBranch': ({ caller, body }) => branches.add(caller, body),
  'merchant/updateBranch': ({ caller, body }) => branches.update(caller, body),
});
