import type { z } from 'zod';
import type { EndpointDef } from './endpoint';
import { authEndpoints } from './endpoints/auth';
import { catalogueEndpoints } from './endpoints/catalogue';
import { customerEndpoints } from './endpoints/customer';
import { operationsEndpoints } from './endpoints/operations';
import { requestEndpoints } from './endpoints/requests';
import { staffEndpoints } from './endpoints/staff';

/** The one catalogue of every call: SPEC §7 and the customer API of DECISIONS §8. */
export const api = {
  ...authEndpoints,
  ...catalogueEndpoints,
  ...staffEndpoints,
  ...requestEndpoints,
  ...operationsEndpoints,
  ...customerEndpoints,
};

export type Api = typeof api;
export type ApiPath = keyof Api;
export type ApiBody<P extends ApiPath> = z.input<Api[P]['body']>;
export type ApiParsedBody<P extends ApiPath> = z.output<Api[P]['body']>;
export type ApiResponse<P extends ApiPath> = z.output<Api[P]['response']>;

export const allEndpoints: EndpointDef[] = Object.values(api);
export const isApiPath = (p: string): p is ApiPath => Object.hasOwn(api, p);
