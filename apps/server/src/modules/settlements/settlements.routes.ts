import type { Handlers } from '../../core/handler';
import type { SettlementsService } from './settlements.service';

export const settlementsRoutes = (settlements: SettlementsService): Handlers => ({
  'merchant/settlement/initial/list': ({ merchant, body }) => settlements.list(merchant, 'initial', body),
  'merchant/settlement/pending/list': ({ merchant, body }) => settlements.list(merchant, 'pending', body),
  'merchant/settlement/details': ({ merchant, body }) => settlements.details(merchant, body.id),
});
