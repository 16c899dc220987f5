import type { z } from 'zod';
import type { EndpointDef } from './endpoint';
import { activityEndpoints } from './endpoints/activity';
import { authEndpoints } from './endpoints/auth';
import { branchBusyEndpoints, branchesEndpoints } from './endpoints/branches';
import { cardsEndpoints } from './endpoints/cards';
import { customerEndpoints } from './endpoints/customer';
import { customerRequestsEndpoints } from './endpoints/customer-requests';
import { exportsEndpoints } from './endpoints/exports';
import { offerRequestsEndpoints } from './endpoints/offer-requests';
import { offersEndpoints } from './endpoints/offers';
import { packagesEndpoints } from './endpoints/packages';
import { permissionsEndpoints } from './endpoints/permissions';
import { productRequestsEndpoints } from './endpoints/product-requests';
import { productsEndpoints } from './endpoints/products';
import { profileEndpoints } from './endpoints/profile';
import { pushEndpoints } from './endpoints/push';
import { qrEndpoints } from './endpoints/qr';
import { redeemsEndpoints } from './endpoints/redeems';
import { reportsEndpoints } from './endpoints/reports';
import { settlementsEndpoints } from './endpoints/settlements';
import { staffEndpoints } from './endpoints/staff';
import { tagsEndpoints } from './endpoints/tags';
import { ticketsEndpoints } from './endpoints/tickets';
import { vitalsEndpoints } from './endpoints/vitals';

/**
 * The one catalogue of every call: the spec's calls and the customer API (docs/architecture.md). One
 * endpoints file per server module, named after it (apps/server/src/modules/<name>).
 */
export const api = {
  ...authEndpoints,
  ...profileEndpoints,
  ...customerEndpoints,
  ...branchesEndpoints,
  ...branchBusyEndpoints,
  ...tagsEndpoints,
  ...offersEndpoints,
  ...productsEndpoints,
  ...staffEndpoints,
  ...permissionsEndpoints,
  ...offerRequestsEndpoints,
  ...redeemsEndpoints,
  ...productRequestsEndpoints,
  ...packagesEndpoints,
  ...cardsEndpoints,
  ...reportsEndpoints,
  ...settlementsEndpoints,
  ...ticketsEndpoints,
  ...pushEndpoints,
  ...customerRequestsEndpoints,
  ...activityEndpoints,
  ...qrEndpoints,
  ...exportsEndpoints,
  ...vitalsEndpoints,
};

export type Api = typeof api;
export type ApiPath = keyof Api;
export type ApiBody<P extends ApiPath> = z.input<Api[P]['body']>;
export type ApiParsedBody<P extends ApiPath> = z.output<Api[P]['body']>;
export type ApiResponse<P extends ApiPath> = z.output<Api[P]['response']>;

export const allEndpoints: EndpointDef[] = Object.values(api);
export const isApiPath = (p: string): p is ApiPath => Object.hasOwn(api, p);
