/**
 * Web Push in the browser (SPEC §2, §4: "Push permission: if not granted it is requested; denied
 * shows a message; granted registers the device"). The subscription is made with the server's VAPID
 * key through the service worker and registered for the current session; its JSON is kept under the
 * `pushToken` storage key and sent as the device token of the next login.
 */
import { STORAGE_KEYS } from '@loyalty/contract/constants';
import { api } from './api';
import { toast } from './toast';

export type PushState = 'unsupported' | 'denied' | 'registered' | 'failed';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  typeof Notification !== 'undefined';

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The service worker's registration, or null when none becomes active in time (development builds have none). */
async function workerRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** The JSON of this browser's existing subscription, if it has one (sent as the login's device token). */
export async function currentPushToken(): Promise<string | undefined> {
  if (!pushSupported() || Notification.permission !== 'granted') return undefined;
  const reg = await workerRegistration(500);
  const sub = await reg?.pushManager.getSubscription();
  return sub ? JSON.stringify(sub) : undefined;
}

/**
 * Asks for permission where needed, subscribes with the server's key and registers the device for
 * this session. Denied shows "Push Notification permission denied", a failure "Error on registration";
 * a browser without push says nothing when `quiet`; `onlyWhenAsked` (after login) stays silent about a
 * refusal the user made before.
 */
export async function registerPush(opts: { quiet?: boolean; onlyWhenAsked?: boolean } = {}): Promise<PushState> {
  if (!pushSupported()) {
    if (!opts.quiet) toast.error('msg.pushUnsupported');
    return 'unsupported';
  }
  try {
    const before = Notification.permission;
    const permission = before === 'default' ? await Notification.requestPermission() : before;
    if (permission !== 'granted') {
      // after login, a refusal made earlier is not repeated at every sign-in; the push screen always says it
      if (permission === 'denied' && !(opts.onlyWhenAsked && before === 'denied'))
        toast.error('msg.pushPermissionDenied');
      return 'denied';
    }
    const reg = await workerRegistration();
    if (!reg) throw new Error('no service worker');
    const { publicKey } = await api.call('merchant/push/publicKey', {});
    const serverKey = keyBytes(publicKey);
    let sub = await reg.pushManager.getSubscription();
    if (sub && !sameKey(sub.options.applicationServerKey, serverKey)) {
      // made with another server's key: replace it
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
    const deviceToken = JSON.stringify(sub);
    await api.call('merchant/push/subscribe', { deviceToken });
    localStorage.setItem(STORAGE_KEYS.pushToken, deviceToken);
    return 'registered';
  } catch (e) {
    console.warn('Push registration failed', e);
    toast.error('msg.pushRegistrationError');
    return 'failed';
  }
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((x, i) => x === b[i]);
};
