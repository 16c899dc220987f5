import type { Handlers } from '../../core/handler';
import type { ActivityService } from './activity.service';

export const activityRoutes = (activity: ActivityService): Handlers => ({
  'merchant/activity/list': ({ merchant, body }) => activity.list(merchant, body),
  'merchant/export/activity.csv': ({ merchant, body, lang }) => activity.exportCsv(merchant, body, lang),
});
