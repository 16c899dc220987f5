/** A small server-sent events client for the live feed tests: reads the stream with fetch and parses its messages. */
import type { FeedEvent } from '@loyalty/contract';

export interface FeedMessage {
  id?: string;
  event: string;
  data: string;
}

export interface FeedStream {
  status: number;
  messages: FeedMessage[];
  /** The request events received so far. */
  events(): FeedEvent[];
  /** Resolves with the first message matching `pred` (past or future); rejects after `ms`. */
  waitFor(pred: (m: FeedMessage) => boolean, ms?: number): Promise<FeedMessage>;
  waitForEvent(pred: (e: FeedEvent) => boolean, ms?: number): Promise<FeedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A single-use stream ticket of the session (`merchant/events/ticket`). */
export async function streamTicket(baseUrl: string, token: string): Promise<string> {
  const res = await fetch(new URL('/api/merchant/events/ticket', baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data?: { ticket: string } };
  if (!res.ok || !body.data) throw new Error(`stream ticket refused: ${res.status} ${JSON.stringify(body)}`);
  return body.data.ticket;
}

/**
 * Opens the live feed with the session token in the Authorization header, or (`viaTicket`) with a
 * stream ticket in the query, or (`ticket`) with that ticket; `tokenInQuery` puts the session token in
 * the query (refused).
 */
export async function openFeed(
  baseUrl: string,
  token: string | null,
  o: { lastEventId?: number; viaTicket?: boolean; ticket?: string; tokenInQuery?: boolean; pageAge?: number } = {},
): Promise<FeedStream> {
  const ctrl = new AbortController();
  const headers: Record<string, string> = {};
  const url = new URL('/api/merchant/events', baseUrl);
  if (o.ticket) url.searchParams.set('ticket', o.ticket);
  else if (token && o.viaTicket) url.searchParams.set('ticket', await streamTicket(baseUrl, token));
  else if (token && o.tokenInQuery) url.searchParams.set('token', token);
  else if (token) headers.authorization = `Bearer ${token}`;
  if (o.lastEventId !== undefined) headers['last-event-id'] = String(o.lastEventId);
  if (o.pageAge !== undefined) url.searchParams.set('pageAge', String(o.pageAge));
  const res = await fetch(url, { headers, signal: ctrl.signal });
  const messages: FeedMessage[] = [];
  const waiters: { pred: (m: FeedMessage) => boolean; resolve: (m: FeedMessage) => void }[] = [];
  let endedResolve: () => void = () => {};
  const ended = new Promise<void>((r) => {
    endedResolve = r;
  });
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += decoder.decode(value, { stream: true });
          let cut = buf.indexOf('\n\n');
          while (cut >= 0) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            cut = buf.indexOf('\n\n');
            const m: FeedMessage = { event: 'message', data: '' };
            let hasData = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const [field, ...rest] = line.split(':');
              const value = rest.join(':').replace(/^ /, '');
              if (field === 'id') m.id = value;
              if (field === 'event') m.event = value;
              if (field === 'data') {
                m.data += value;
                hasData = true;
              }
            }
            if (!hasData) continue;
            messages.push(m);
            for (const w of [...waiters])
              if (w.pred(m)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(m);
              }
          }
        }
      } catch {
        /* aborted */
      }
      endedResolve();
    })();
  } else endedResolve();

  const waitFor = (pred: (m: FeedMessage) => boolean, ms = 8_000) => {
    const found = messages.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise<FeedMessage>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching feed message in ${ms} ms: ${JSON.stringify(messages)}`)),
        ms,
      );
      waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  };
  const isEvent = (m: FeedMessage) => m.event === 'message';
  return {
    status: res.status,
    messages,
    events: () => messages.filter(isEvent).map((m) => JSON.parse(m.data) as FeedEvent),
    waitFor,
    async waitForEvent(pred, ms) {
      const m = await waitFor((x) => isEvent(x) && pred(JSON.parse(x.data) as FeedEvent), ms);
      return JSON.parse(m.data) as FeedEvent;
    },
    ended,
    close: () => ctrl.abort(),
  };
}
