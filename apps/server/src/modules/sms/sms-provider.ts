/**
 * Who delivers a text (docs/architecture.md, "Text messages"): Twilio's Messages API or Unifonic's
 * SMS API, over HTTPS with `fetch`. A provider either accepts a text (its message id) or throws an
 * SmsSendError that says whether trying again may help. Neither the text nor a credential is ever
 * part of an error.
 */

export interface OutgoingText {
  /** The mobile number, digits with the country code (97455123456), or with a leading +. */
  to: string;
  body: string;
  /** Our reference of the text (`sms:<id>`), given to providers that keep one. */
  reference: string;
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves with the provider's message id once it accepted the text. */
  send(text: OutgoingText): Promise<{ id: string }>;
}

/** A text was not accepted. `permanent`: sending it again would fail the same way (a bad number). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The provider asked to wait this long before the next request (Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** How long one request to a provider may take. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** Retry-After in seconds (or an HTTP date), as milliseconds. */
export function retryAfterOf(res: Response): number | undefined {
  const v = res.headers.get('retry-after');
  if (!v) return undefined;
  const seconds = Number(v);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** POSTs a form; a network failure or a timeout is a retryable SmsSendError. */
export async function postForm(
  provider: string,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (err) {
    const name = (err as Error).name;
    throw new SmsSendError(`${provider}: ${name === 'TimeoutError' ? 'no answer in time' : 'unreachable'}`, false);
  }
}

/** The answer's JSON, or {} when it has none. */
export const jsonOf = async (res: Response): Promise<Record<string, unknown>> => {
  try {
    const v = (await res.json()) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** A provider's own words, short (for the outbox's last error; never the text we sent). */
export const short = (v: unknown) => String(v ?? '').slice(0, 160);
