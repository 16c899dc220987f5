import type { Handlers } from '../../core/handler';
import type { VitalsService } from './vitals.service';

export const vitalsRoutes = (vitals: VitalsService): Handlers => ({
  vitals: async ({ body, request }) => vitals.record(body, request.ip),
});
