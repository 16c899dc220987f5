/**
 * The one API client (docs/architecture.md, the contract): every call is `POST /api/<path>` with a multipart body,
 * the token in the body field `token` and as a Bearer header, and `Accept-Language` so the
 * server answers messages in the user's language. Success is `{ data }`; anything else throws
 * an `ApiError`.
 */
import type { ApiBody, ApiPath, ApiResponse } from '@loyalty/contract';
import { markReachable } from './connectivity';
import { callKey, type EarlyAnswers } from './first-screen-calls';
import { i18n } from './i18n';
import { currentLanguage } from './language';
import { clearStorage, getSession } from './session';

/** Lists the server reads as one JSON string rather than `key[]` repeats (SPEC §7). */
export const JSON_LIST_FIELDS: ReadonlySet<string> = new Set(['branchsIds', 'tagsIds', 'productRequestIds']);

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  /** A 403's missing permission (issue 27: a staff member's set lacks it; a manager may approve). */
  readonly needs: string | undefined;
  constructor(status: number, message: string, errors: FieldError[] = [], needs?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.needs = needs;
  }
}

export interface CallOptions {
  /** Multipart file parts by field name (e.g. `image`, `image1`..`image5`). */
  files?: Record<string, File | Blob | null | undefined>;
  /** Upload progress in percent (0-100); the call then goes through XMLHttpRequest. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** The manager's override PIN (issue 27), sent as the body field `overridePin` of this one call. */
  overridePin?: string;
}

const scalar = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/**
 * Encodes a body the way the server reads it: scalars as strings, arrays as repeated `key[]`
 * parts (except the JSON-string lists), files as parts. Undefined and null fields are left out.
 */
export const toFormData = (
  body: Record<string, unknown> | undefined,
  token?: string | null,
  files?: CallOptions['files'],
): FormData => {
  const form = new FormData();
  for (const [key, value] of Object.entries(body ?? {})) {
    if (Array.isArray(value)) {
      if (JSON_LIST_FIELDS.has(key)) form.append(key, JSON.stringify(value));
      else
        for (const item of value) {
          const s = scalar(item);
          if (s !== null) form.append(`${key}[]`, s);
        }
      continue;
    }
    if (value instanceof Blob) {
      form.append(key, value);
      continue;
    }
    const s = scalar(value);
    if (s !== null) form.append(key, s);
  }
  for (const [key, file] of Object.entries(files ?? {})) if (file) form.append(key, file);
  if (token) form.append('token', token);
  return form;
};

/** Full address of a stored upload path (`/uploads/abc.webp`), served by the same host. */
export const imageUrl = (path: string | null | undefined): string | undefined => {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return path.startsWith('/') ? path : `/${path}`;
};

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => window.location.assign('/login');

let held: Promise<void> | null = null;
/**
 * Answers that arrive while React hydrates the painted first screen wait for `until` (main.tsx:
 * the hydration's end) before they reach the screens: data landing in the middle (the layout's
 * `merchant/me`) is an urgent update of a part not yet hydrated, which makes React hydrate the rest
 * in one long task instead of slices (bench/README.md, "Lighthouse"). The requests still go out at once.
 */
export const holdAnswersUntil = (until: Promise<void>): void => {
  held = until;
  void until.then(() => {
    if (held === until) held = null;
  });
};

/** The app decides how to leave after a 401 (router navigation instead of a reload). */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler) => {
  onUnauthorized = handler;
};

interface RawResponse {
  status: number;
  payload: unknown;
}

const rawOf = async (res: Response): Promise<RawResponse> => ({
  status: res.status,
  payload: await res.json().catch(() => null),
});

const send = (
  url: string,
  form: FormData,
  headers: Record<string, string>,
  opts: CallOptions,
): Promise<RawResponse> => {
  if (!opts.onProgress) return fetch(url, { method: 'POST', body: form, headers, signal: opts.signal }).then(rawOf);
  const onProgress = opts.onProgress;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) onProgress(100);
      resolve({ status: xhr.status, payload });
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
};

/** How long after the page opened the head script's answers may serve (later, the app asks anew). */
const EARLY_FOR_MS = 30_000;

/**
 * The answer the page's head script already asked for this very call (lib/first-screen-calls.ts),
 * with the same session's token: taken once; null for any other call, or once it is too old.
 */
const earlyAnswer = (path: string, form: FormData, token: string | null): Promise<RawResponse> | null => {
  const early = (document as Document & { firstScreenCalls?: EarlyAnswers }).firstScreenCalls;
  if (!early || !token || performance.now() > EARLY_FOR_MS) return null;
  const fields: [string, string][] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') return null;
    fields.push([name, value]);
  }
  const key = callKey(path, fields);
  const found = early[key];
  if (!found || found.token !== token) return null;
  delete early[key];
  return found.answer.then(rawOf);
};

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** Calls `POST /api/<path>` and returns its `data`, typed by the contract. */
const call = async <P extends ApiPath>(path: P, body?: ApiBody<P>, opts: CallOptions = {}): Promise<ApiResponse<P>> => {
  const lang = currentLanguage();
  const { token } = getSession();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang };
  if (token) headers.Authorization = `Bearer ${token}`;
  const form = toFormData(body as Record<string, unknown> | undefined, token, opts.files);
  if (opts.overridePin !== undefined) form.append('overridePin', opts.overridePin);

  let res: RawResponse;
  try {
    const fresh = () => send(`/api/${path}`, form, headers, opts);
    const early = opts.onProgress || opts.signal ? null : earlyAnswer(path, form, token);
    res = await (early ? early.catch(fresh) : fresh());
    if (held) await held;
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    markReachable(false);
    throw new ApiError(0, i18n.t('msg.serverUnreachable', { lng: lang }));
  }
  // a proxy in front of a stopped server answers 502-504 without the API's JSON
  markReachable(!(res.status >= 502 && res.status <= 504 && res.payload === null));
  const payload = asRecord(res.payload);
  if (res.status === 200 && 'data' in payload) return payload.data as ApiResponse<P>;

  const message = typeof payload.message === 'string' ? payload.message : i18n.t('msg.internalError', { lng: lang });
  const errors = Array.isArray(payload.errors) ? (payload.errors as FieldError[]) : [];
  if (res.status === 401 && token) {
    // The session died (expired, revoked): SPEC §8 logs the user out everywhere.
    clearStorage();
    onUnauthorized();
  }
  const needs = typeof payload.needs === 'string' ? payload.needs : undefined;
  throw new ApiError(res.status === 200 ? 500 : res.status, message, errors, needs);
};

/**
 * The suffixes served twice, as `merchant/<suffix>` for merchants and `merchantUser/<suffix>` for
 * staff and couriers (SPEC §7's role pairs), with the same payload and answer.
 */
export type RolePairSuffix = {
  [P in ApiPath]: P extends `merchant/${infer S}` ? (`merchantUser/${S}` extends ApiPath ? S : never) : never;
}[ApiPath];

/** The variant of a role pair the signed-in role calls: merchants `merchant/…`, everyone else `merchantUser/…`. */
export const rolePath = <S extends RolePairSuffix>(
  suffix: S,
  role: string | null = getSession().role,
): `merchant/${S}` | `merchantUser/${S}` => (role === 'merchant' ? `merchant/${suffix}` : `merchantUser/${suffix}`);

/** `api.callAs('req/list', body)`: calls the role pair's variant of the signed-in role. */
const callAs = <S extends RolePairSuffix>(
  suffix: S,
  body: ApiBody<`merchant/${S}`>,
  opts?: CallOptions,
): Promise<ApiResponse<`merchant/${S}`>> =>
  call(rolePath(suffix) as `merchant/${S}`, body, opts) as Promise<ApiResponse<`merchant/${S}`>>;

export const api = { call, callAs };
