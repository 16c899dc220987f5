/**
 * A local fake of the few endpoints of Stripe's HTTP API the Stripe gateway calls, on loopback:
 * customers, card payment methods (create, attach, detach) and payment intents (create, with their
 * metadata; a declined one is kept as `requires_payment_method`, as Stripe does; list by customer and
 * creation time), with Stripe's idempotent replay (same Idempotency-Key, same answer) and its
 * card-error shape. Never the network. For the unknown outcomes: `forgetIdempotencyKeys()` is Stripe
 * a day later (keys are kept 24 hours); `dropAnswers(path, n)` processes the next n requests to a path
 * and cuts the connection before answering (the charge is made, its answer lost); `refuseNext(path, n)`
 * cuts it without processing (nothing made).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_STRIPE_KEY = 'sk_test_fake_0123456789';

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey?: string;
  form: URLSearchParams;
}

type Answer = { status: number; body: unknown };

const cardError = (code: string, message: string, declineCode?: string): Answer => ({
  status: 402,
  body: { error: { type: 'card_error', code, message, ...(declineCode && { decline_code: declineCode }) } },
});

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, ch, i) => {
    let d = Number(ch);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    return sum + d;
  }, 0) %
    10 ===
  0;

export async function startFakeStripe() {
  const requests: FakeRequest[] = [];
  const replays = new Map<string, Answer>();
  const paymentMethods = new Map<
    string,
    { number: string; customer: string | null; expMonth: number; expYear: number }
  >();
  const intents: {
    id: string;
    amount: number;
    currency: string;
    customer: string;
    paymentMethod: string;
    status: 'succeeded' | 'requires_payment_method';
    created: number;
    metadata: Record<string, string>;
  }[] = [];
  const drops = new Map<string, { process: boolean; left: number }>();
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++seq).padStart(6, '0')}`;

  const paymentMethodBody = (id: string) => {
    const pm = paymentMethods.get(id);
    if (!pm) return undefined;
    const brand = pm.number.startsWith('4') ? 'visa' : pm.number.startsWith('5') ? 'mastercard' : 'unknown';
    return {
      id,
      object: 'payment_method',
      type: 'card',
      customer: pm.customer,
      card: { brand, last4: pm.number.slice(-4), exp_month: pm.expMonth, exp_year: pm.expYear },
    };
  };

  const metadataOf = (form: URLSearchParams) => {
    const out: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) out[m[1]] = v;
    }
    return out;
  };
  const intentBody = (i: (typeof intents)[number]) => ({
    id: i.id,
    object: 'payment_intent',
    amount: i.amount,
    currency: i.currency,
    customer: i.customer,
    payment_method: i.paymentMethod,
    status: i.status,
    created: i.created,
    metadata: i.metadata,
    ...(i.status === 'requires_payment_method' && {
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    }),
  });

  function route(method: string, path: string, form: URLSearchParams): Answer {
    if (method === 'GET' && path === '/v1/payment_intents') {
      const gte = Number(form.get('created[gte]') ?? 0);
      const data = intents
        .filter((i) => i.customer === form.get('customer') && i.created >= gte)
        .reverse()
        .map(intentBody);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/payment_intents' } };
    }
    if (method !== 'POST') return { status: 404, body: { error: { type: 'invalid_request_error', message: 'nope' } } };
    if (path === '/v1/customers')
      return { status: 200, body: { id: nextId('cus'), object: 'customer', name: form.get('name') } };
    if (path === '/v1/payment_methods') {
      const number = form.get('card[number]') ?? '';
      if (!/^\d{16}$/.test(number) || !luhn(number))
        return cardError('incorrect_number', 'Your card number is incorrect.');
      if (number === '4000000000000069') return cardError('expired_card', 'Your card has expired.');
      const id = nextId('pm');
      paymentMethods.set(id, {
        number,
        customer: null,
        expMonth: Number(form.get('card[exp_month]')),
        expYear: Number(form.get('card[exp_year]')),
      });
      return { status: 200, body: paymentMethodBody(id) };
    }
    const attach = /^\/v1\/payment_methods\/([^/]+)\/(attach|detach)$/.exec(path);
    if (attach) {
      const pm = paymentMethods.get(attach[1]);
      if (!pm) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
      pm.customer = attach[2] === 'attach' ? form.get('customer') : null;
      return { status: 200, body: paymentMethodBody(attach[1]) };
    }
    if (path === '/v1/payment_intents') {
      const pmId = form.get('payment_method') ?? '';
      const pm = paymentMethods.get(pmId);
      if (!pm || pm.customer !== form.get('customer'))
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
      if (form.get('confirm') !== 'true' || form.get('off_session') !== 'true')
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'confirm off-session' } } };
      const intent = {
        id: nextId('pi'),
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        customer: form.get('customer') ?? '',
        paymentMethod: pmId,
        status: pm.number.endsWith('0002') ? ('requires_payment_method' as const) : ('succeeded' as const),
        created: Math.floor(Date.now() / 1000),
        metadata: metadataOf(form),
      };
      intents.push(intent);
      if (intent.status !== 'succeeded')
        return cardError('card_declined', 'Your card was declined.', 'generic_decline');
      return { status: 200, body: intentBody(intent) };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `unknown ${path}` } } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [path, query] = (req.url ?? '').split('?');
      const form = new URLSearchParams(req.method === 'GET' ? (query ?? '') : Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path, idempotencyKey, form });
      const drop = req.method === 'POST' ? drops.get(path) : undefined;
      const dropping = drop !== undefined && drop.left > 0;
      if (dropping) drop.left--;
      if (dropping && !drop.process) {
        req.socket.destroy();
        return;
      }
      let answer: Answer;
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`)
        answer = {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        };
      else if (idempotencyKey && replays.has(`${path} ${idempotencyKey}`))
        answer = replays.get(`${path} ${idempotencyKey}`) as Answer;
      else {
        answer = route(req.method ?? '', path, form);
        if (idempotencyKey) replays.set(`${path} ${idempotencyKey}`, answer);
      }
      if (dropping) {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    paymentMethods,
    /** Stripe a day later: every idempotency key forgotten. */
    forgetIdempotencyKeys: () => replays.clear(),
    /** The next `n` POSTs to `path` are made, and their answers lost (the connection is cut). */
    dropAnswers: (path: string, n: number) => drops.set(path, { process: true, left: n }),
    /** The next `n` POSTs to `path` never arrive (the connection is cut before anything is made). */
    refuseNext: (path: string, n: number) => drops.set(path, { process: false, left: n }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
