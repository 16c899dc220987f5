/**
 * The console's API client: `POST /api/<path>` with a JSON body and the operator's own token as
 * `Authorization: Bearer` (never the merchant's), `Accept-Language` for the server's messages.
 * Success is `{ data }`; anything else throws the app's `ApiError`, so the query client toasts it
 * and forms put 422 field errors on their fields. A 401 ends the operator session: the console's
 * guard then shows /operator/login.
 */
import { ApiError, type FieldError } from '../../lib/api';
import { markReachable } from '../../lib/connectivity';
import { i18n } from '../../lib/i18n';
import { currentLanguage } from '../../lib/language';
import { clearOperatorSession, getOperatorSession } from './session';
import type { OpBody, OpPath, OpResponse } from './types';

let onUnauthorized: () => void = () => undefined;
/** The console drops its cached data when the session ends (console-layout). */
export const setOperatorUnauthorizedHandler = (handler: () => void) => {
  onUnauthorized = handler;
};

export const opCall = async <P extends OpPath>(path: P, body: OpBody<P>): Promise<OpResponse<P>> => {
  const lang = currentLanguage();
  const token = getOperatorSession()?.token;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': lang,
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let status: number;
  let payload: Record<string, unknown> = {};
  try {
    const res = await fetch(`/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body ?? {}) });
    status = res.status;
    const json: unknown = await res.json().catch(() => null);
    if (json && typeof json === 'object') payload = json as Record<string, unknown>;
  } catch {
    markReachable(false);
    throw new ApiError(0, i18n.t('msg.serverUnreachable', { lng: lang }));
  }
  markReachable(true);
  if (status === 200 && 'data' in payload) return payload.data as OpResponse<P>;
  const message = typeof payload.message === 'string' ? payload.message : i18n.t('msg.internalError', { lng: lang });
  const errors = Array.isArray(payload.errors) ? (payload.errors as FieldError[]) : [];
  if (status === 401 && token) {
    clearOperatorSession();
    onUnauthorized();
  }
  throw new ApiError(status === 200 ? 500 : status, message, errors);
};
