import { randomUUID } from 'node:crypto';
import {
  type Language,
  messageText,
  type PushPayload,
  type PushSubscriptionKeys,
  type PushType,
  parsePushSubscription,
} from '@loyalty/contract';
import type { Caller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { invalidField } from '../../core/errors';
import { once } from '../../lib/lazy';
import type { SecretsService } from '../../platform/secrets/secrets.service';

/** web-push is loaded when keys are first made or a notification is first sent. */
const loadWebPush = once(async () => (await import('web-push')).default);

import type { PushTarget } from './push.repository';

/**
 * The push services browsers subscribe with (docs/security.md, "Web Push"): a subscription must name
 * one of these hosts (or a host under one of them), on port 443. Anything else — an address, an
 * internal name, a name that resolves to an internal address — is refused, so the server never
 * sends a request into its own network on a caller's behalf.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Samsung Internet, Opera
  'android.googleapis.com', // older Chrome (GCM endpoints)
  'push.services.mozilla.com', // Firefox (updates.push.services.mozilla.com)
  'push.apple.com', // Safari (web.push.apple.com)
  'notify.windows.com', // Edge on Windows (*.notify.windows.com)
] as const;

/** At most this many subscriptions per account; a new one replaces the oldest. */
export const SUBSCRIPTIONS_PER_ACCOUNT = 5;

const isPushServiceHost = (host: string) => PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));

/** The app_secrets name of the VAPID key pair (JSON `{publicKey, privateKey}`), shared by every server process. */
export const VAPID_SECRET = 'push.vapid';

export interface PushOptions {
  /** VAPID `sub` claim: a mailto: or https: contact for the push services (PUSH_SUBJECT). */
  subject?: string;
  /** Accept plain-http push endpoints (tests with a loopback push service); production accepts https only. */
  allowHttpEndpoints?: boolean;
  /** How long one delivery may take. */
  timeoutMs?: number;
  /** The VAPID key pair from the environment (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY); else generated in the database. */
  vapid?: { publicKey: string; privateKey: string };
}

/** A text in both languages, or the same for both. */
type Localized = string | { en: string; ar: string | null };

/** What to send: message keys (or plain text) for title and body, `{name}` placeholders filled from `vars`. */
export interface PushMessage {
  title: string;
  body: string;
  vars?: Record<string, Localized>;
  data: { id: number | null; type: PushType };
}

export type DeliveryResult = 'sent' | 'gone' | 'failed';

const DEFAULT_SUBJECT = 'mailto:operator@loyalty.invalid';
const TTL_SECONDS = 24 * 3600;

const inLanguage = (v: Localized, lang: Language): string =>
  typeof v === 'string' ? v : ((lang === 'ar' ? v.ar : v.en) ?? v.en);

/** The notification in one language: the keys' texts with their placeholders filled. */
export function renderPush(msg: PushMessage, lang: Language): PushPayload {
  const fill = (key: string) =>
    messageText(key, lang).replace(/\{(\w+)\}/g, (all, name: string) => {
      const v = msg.vars?.[name];
      return v === undefined ? all : inLanguage(v, lang);
    });
  return { id: randomUUID(), title: fill(msg.title), body: fill(msg.body), data: msg.data };
}

/**
 * Web Push (docs/architecture.md, "Push notifications"): subscriptions are stored per session, the
 * VAPID keys are created on first use in app_secrets, and notifications are sent after the request
 * that caused them has committed, without ever failing it. A push service answering 404 or 410 means
 * the subscription is gone: its row is deleted.
 */
export function pushService(deps: ServiceDeps<'push', 'log'>, secrets: SecretsService, opts: PushOptions = {}) {
  const repo = deps.store.push;
  const subject = opts.subject ?? DEFAULT_SUBJECT;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const inFlight = new Set<Promise<unknown>>();

  async function vapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
    if (opts.vapid) return opts.vapid;
    const webpush = await loadWebPush();
    const stored = await secrets.getOrCreate(VAPID_SECRET, () => JSON.stringify(webpush.generateVAPIDKeys()));
    return JSON.parse(stored) as { publicKey: string; privateKey: string };
  }

  /**
   * A subscription the server may send to: https on port 443 of a browser push service
   * (PUSH_SERVICE_HOSTS); tests allow any endpoint (a loopback push service).
   */
  function acceptable(token: string | undefined | null): PushSubscriptionKeys | undefined {
    const sub = parsePushSubscription(token);
    if (!sub) return undefined;
    if (opts.allowHttpEndpoints) return sub;
    const url = new URL(sub.endpoint);
    if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443') || url.username || url.password)
      return undefined;
    return isPushServiceHost(url.hostname.toLowerCase().replace(/\.$/, '')) ? sub : undefined;
  }

  /** Stores a subscription and keeps the account's newest SUBSCRIPTIONS_PER_ACCOUNT. */
  async function store(v: Parameters<typeof repo.save>[0]): Promise<void> {
    await repo.save(v);
    await repo.keepNewest(v.subjectType, v.subjectId, SUBSCRIPTIONS_PER_ACCOUNT);
  }

  async function deliver(target: PushTarget, payload: PushPayload): Promise<DeliveryResult> {
    const keys = await vapidKeys();
    const webpush = await loadWebPush();
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      { vapidDetails: { subject, ...keys }, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
    );
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers))
      if (k.toLowerCase() !== 'content-length') headers[k] = String(v);
    try {
      // sent with fetch rather than web-push's own https-only request, so that tests can use a loopback push service
      const res = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) {
        await repo.deleteById(target.id);
        deps.log.info({ subscription: target.id, status: res.status }, 'push subscription expired, removed');
        return 'gone';
      }
      if (!res.ok) {
        deps.log.warn({ subscription: target.id, status: res.status }, 'push delivery refused');
        return 'failed';
      }
      return 'sent';
    } catch (err) {
      deps.log.warn({ err, subscription: target.id }, 'push delivery failed');
      return 'failed';
    }
  }

  async function sendTo(targets: PushTarget[], msg: PushMessage): Promise<DeliveryResult[]> {
    return Promise.all(targets.map((t) => deliver(t, renderPush(msg, t.lang))));
  }

  /** Runs a send in the background: errors are logged, never thrown to the caller's request. */
  function background(work: () => Promise<unknown>): void {
    const p = work()
      .catch((err) => deps.log.warn({ err }, 'push notification skipped'))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  return {
    publicKey: async () => ({ publicKey: (await vapidKeys()).publicKey }),

    /**
     * `merchant/login` with a device token: a PushSubscription's JSON is stored for the new session;
     * other tokens (a native app's) are ignored.
     */
    async sessionStarted(
      session: { id: number; subjectType: 'merchant' | 'merchantUser'; subjectId: number },
      deviceToken: string | undefined,
      lang: Language,
    ): Promise<void> {
      const sub = acceptable(deviceToken);
      if (!sub) return;
      // the session's own id is not the subscription's (spread, it was inserted as the row's id)
      await store({
        subjectType: session.subjectType,
        subjectId: session.subjectId,
        sessionId: session.id,
        ...sub,
        lang,
      });
    },

    /** Signing out deletes the session's subscriptions. */
    async sessionEnded(sessionId: number): Promise<void> {
      await repo.deleteOfSession(sessionId);
    },

    async subscribe(caller: Caller, deviceToken: string, lang: Language) {
      const sub = acceptable(deviceToken);
      if (!sub) throw invalidField('deviceToken', 'invalidPushSubscription');
      if (caller.type !== 'merchant' && caller.type !== 'merchantUser')
        throw invalidField('deviceToken', 'invalidPushSubscription');
      await store({
        subjectType: caller.type,
        subjectId: caller.id,
        sessionId: caller.sessionId,
        ...sub,
        lang,
      });
      return { success: true as const };
    },

    async unsubscribe(caller: Caller) {
      await repo.deleteOfSession(caller.sessionId);
      return { success: true as const };
    },

    /**
     * Sends the test notification to this session's newest device and waits for the answer (none:
     * 0 and 0): one request to one push service per call.
     */
    async test(caller: Caller) {
      const targets = (await repo.ofSession(caller.sessionId)).slice(0, 1);
      const results = await sendTo(targets, {
        title: 'pushTestTitle',
        body: 'pushTestBody',
        data: { id: null, type: 'test' },
      });
      const sent = results.filter((r) => r === 'sent').length;
      return { sent, failed: results.length - sent };
    },

    /** The merchant and the active staff of one branch (new offer, redeem and product requests). */
    notifyBranch(merchantId: number, branchId: number, msg: PushMessage): void {
      background(async () => sendTo(await repo.ofBranch(merchantId, branchId), msg));
    },

    /** One staff member or courier (an assigned delivery). */
    notifyStaffMember(merchantUserId: number, msg: PushMessage): void {
      background(async () => sendTo(await repo.ofStaffMember(merchantUserId), msg));
    },

    /** The merchant's own devices (a ticket reply). */
    notifyMerchant(merchantId: number, msg: PushMessage): void {
      background(async () => sendTo(await repo.ofMerchant(merchantId), msg));
    },

    /** Resolves when every background send has finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type PushService = ReturnType<typeof pushService>;

/** What request services need to announce new work: fire-and-forget, never throws. */
export type Notifier = Pick<PushService, 'notifyBranch' | 'notifyStaffMember' | 'notifyMerchant'>;

/** A notifier that sends nothing (the operator's command line, services built alone). */
export const silentNotifier: Notifier = {
  notifyBranch: () => undefined,
  notifyStaffMember: () => undefined,
  notifyMerchant: () => undefined,
};
