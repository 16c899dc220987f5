import type { z } from 'zod';
import type { EndpointDef } from './endpoint';
import { activityEndpoints } from './endpoints/activity';
import { authEndpoints } from './endpoints/auth';
import { catalogueEndpoints } from './endpoints/catalogue';
import { customerEndpoints } from './endpoints/customer';
import { exportEndpoints } from './endpoints/exports';
import { moneyEndpoints } from './endpoints/money';
import { ordersEndpoints } from './endpoints/orders';
import { pushEndpoints } from './endpoints/push';
import { qrEndpoints } from './endpoints/qr';
import { requestEndpoints } from './endpoints/requests';
import { staffEndpoints } from './endpoints/staff';
import { supportEndpoints } from './endpoints/support';

/** The one catalogue of every call: the spec's calls and the customer API (docs/architecture.md). */
export const api = {
  ...authEndpoints,
  ...catalogueEndpoints,
  ...staffEndpoints,
  ...requestEndpoints,
  ...ordersEndpoints,
  ...moneyEndpoints,
  ...supportEndpoints,
  ...pushEndpoints,
  ...customerEndpoints,
  ...activityEndpoints,
  ...qrEndpoints,
  ...exportEndpoints,
};

export type Api = typeof api;
export type ApiPath = keyof Api;
export type ApiBody<P extends ApiPath> = z.input<Api[P]['body']>;
export type ApiParsedBody<P extends ApiPath> = z.output<Api[P]['body']>;
export type ApiResponse<P extends ApiPath> = z.output<Api[P]['response']>;

export const allEndpoints: EndpointDef[] = Object.values(api);
export const isApiPath = (p: string): p is ApiPath => Object.hasOwn(api, p);
