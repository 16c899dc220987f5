import type { Handlers } from '../../core/handler';
import type { ReportsService } from './reports.service';

export const reportsRoutes = (reports: ReportsService): Handlers => ({
  'merchant/chart/orders/branches': ({ merchant, body }) => reports.branchChart(merchant, body),
  'merchantUser/chart/orders/branches': ({ merchant, body }) => reports.branchChart(merchant, body),
  'merchant/points/history': ({ merchant, body }) => reports.pointsHistory(merchant, body),
});
