/**
 * Web Push notifications (SPEC §2, §7): what a notification carries and which screen it opens.
 * Shared by the server (sending), the web app and its service worker (showing, opening).
 */

/** What a notification is about; `data.type` of the payload. */
export const PUSH_TYPES = ['offerRequest', 'redeem', 'productRequest', 'delivery', 'ticket', 'test'] as const;
export type PushType = (typeof PUSH_TYPES)[number];

/** The payload the server encrypts for the push service (SPEC §7: id, title, body, data.id, data.type). */
export interface PushPayload {
  id: string;
  title: string;
  body: string;
  data: { id: number | null; type: PushType };
}

/** The app's screen for a notification (the router's paths). */
export function pushTarget(data: { id?: number | null; type?: string } | undefined): string {
  const id = data?.id;
  switch (data?.type) {
    case 'offerRequest':
      return id ? `/request/${id}` : '/dashboard';
    case 'redeem':
      return id ? `/redeem/${id}` : '/redeems';
    case 'productRequest':
      return id ? `/productrequest/${id}` : '/dashboard';
    case 'delivery':
      return id ? `/deliveryProduct/${id}` : '/availableDeliveries';
    case 'ticket':
      return id ? `/ticket/${id}` : '/setting';
    case 'test':
      return '/push-test';
    default:
      return '/dashboard';
  }
}

export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const B64URL = /^[A-Za-z0-9_-]+=*$/;

/**
 * Reads a device token: the JSON of a browser's PushSubscription (`{endpoint, keys: {p256dh, auth}}`).
 * Anything else (a legacy native token, garbage) gives undefined.
 */
export function parsePushSubscription(token: string | undefined | null): PushSubscriptionKeys | undefined {
  if (!token || token.length > 2000 || !token.trimStart().startsWith('{')) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(token);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  const { endpoint } = o;
  const p256dh = o.keys?.p256dh;
  const auth = o.keys?.auth;
  if (typeof endpoint !== 'string' || typeof p256dh !== 'string' || typeof auth !== 'string') return undefined;
  if (endpoint.length > 1000 || p256dh.length > 200 || auth.length > 100) return undefined;
  if (!B64URL.test(p256dh) || !B64URL.test(auth)) return undefined;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return { endpoint, p256dh, auth };
}
