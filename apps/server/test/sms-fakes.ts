/**
 * Local fakes of the two SMS providers' HTTP APIs, on loopback (never the network), as the
 * adapters call them:
 * - Twilio's Messages API: `POST /2010-04-01/Accounts/{sid}/Messages.json`, basic auth, form fields
 *   To (E.164), From, Body; 201 with the message resource; 400 with Twilio's error shape (code 21211)
 *   for a number that is not E.164; 401 for wrong credentials;
 * - Unifonic's SMS API: `POST /rest/SMS/messages`, form fields AppSid, SenderID, Recipient (digits
 *   without +), Body, CorrelationID; `{ success, message, errorCode, data }` (ER-04 for a number too
 *   short, ER-01 for an unknown AppSid).
 * `failNext(n, status)` answers the next n sends with that status (a 5xx, a 429) before accepting.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TWILIO = { accountSid: 'ACfake0123456789', authToken: 'twilio-token-fake', from: '+15005550006' };
export const FAKE_UNIFONIC = { appSid: 'unifonic-app-sid-fake', senderId: 'LOYALTY' };

export interface FakeText {
  to: string;
  from: string | null;
  body: string;
  id: string;
  form: URLSearchParams;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

async function serve(route: (path: string, form: URLSearchParams, auth: string | undefined) => Answer) {
  const requests: { path: string; form: URLSearchParams }[] = [];
  const script: Answer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const path = (req.url ?? '').split('?')[0];
      requests.push({ path, form });
      const answer =
        req.method !== 'POST'
          ? { status: 405, body: {} }
          : (script.shift() ?? route(path, form, req.headers.authorization));
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The next `n` sends get this answer instead of being accepted. */
    failNext(n: number, status: number, headers?: Record<string, string>) {
      for (let i = 0; i < n; i++) script.push({ status, body: { message: 'fake failure', code: 20500 }, headers });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startFakeTwilio() {
  const messages: FakeText[] = [];
  const expected = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;
  let seq = 0;
  const base = await serve((path, form, auth) => {
    if (path !== `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`)
      return { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } };
    if (auth !== expected) return { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
    const to = form.get('To') ?? '';
    if (!/^\+[1-9]\d{7,14}$/.test(to))
      return {
        status: 400,
        body: { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 },
      };
    const sid = `SM${String(++seq).padStart(32, '0')}`;
    messages.push({ to, from: form.get('From'), body: form.get('Body') ?? '', id: sid, form });
    return { status: 201, body: { sid, status: 'queued', to, from: form.get('From'), body: form.get('Body') } };
  });
  return { ...base, messages };
}

export async function startFakeUnifonic() {
  const messages: FakeText[] = [];
  let seq = 42000348806900;
  const base = await serve((path, form) => {
    if (path !== '/rest/SMS/messages') return { status: 404, body: { success: false, message: 'not found' } };
    if (form.get('AppSid') !== FAKE_UNIFONIC.appSid)
      return { status: 200, body: { success: false, message: 'Invalid AppSid', errorCode: 'ER-01', data: {} } };
    const recipient = form.get('Recipient') ?? '';
    if (!/^\d{8,15}$/.test(recipient))
      return { status: 200, body: { success: false, message: 'Dest num is too short', errorCode: 'ER-04', data: {} } };
    const id = ++seq;
    messages.push({ to: recipient, from: form.get('SenderID'), body: form.get('Body') ?? '', id: String(id), form });
    return {
      status: 200,
      body: {
        success: true,
        message: '',
        errorCode: 'ER-00',
        data: {
          MessageID: id,
          CorrelationID: form.get('CorrelationID'),
          Status: 'Sent',
          NumberOfUnits: 1,
          Recipient: recipient,
        },
      },
    };
  });
  return { ...base, messages };
}
