/**
 * A push service on loopback for the push tests: it hands out subscriptions whose keys the test owns
 * (a P-256 key pair and an auth secret, as a browser makes them), receives what the server sends and
 * decrypts it as a browser would (aes128gcm, RFC 8188 and RFC 8291), so a test reads the title and data.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';

export interface ReceivedPush {
  /** The decrypted JSON payload. */
  payload: { id: string; title: string; body: string; data: { id: number | null; type: string } };
  /** The VAPID Authorization header (`vapid t=<jwt>, k=<public key>`). */
  authorization: string;
  ttl: string | undefined;
}

export interface FakeDevice {
  /** The JSON of the PushSubscription, as a browser's `JSON.stringify(subscription)` gives it. */
  token: string;
  endpoint: string;
  received: ReceivedPush[];
  /** The status the push service answers for this device (201; 410 once the user unsubscribed). */
  status: number;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** Decrypts one aes128gcm message for the holder of the receiver's private key and auth secret (RFC 8291 §3.4). */
export function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLen = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLen);
  const ciphertext = body.subarray(21 + idLen);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // the plaintext ends with the last-record delimiter 0x02 and zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export interface FakePushService {
  url: string;
  device(status?: number): FakeDevice;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<string, FakeDevice & { ecdh: ReturnType<typeof createECDH>; authSecret: Buffer }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      if (!device || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      if (device.status < 300) {
        try {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const text = decryptAes128gcm(Buffer.concat(chunks), device.ecdh, device.authSecret);
          device.received.push({
            payload: JSON.parse(text),
            authorization: String(req.headers.authorization ?? ''),
            ttl: req.headers.ttl as string | undefined,
          });
        } catch (err) {
          res.writeHead(400).end(String(err));
          return;
        }
      }
      res.writeHead(device.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    device(status = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomUUID();
      const endpoint = `${url}/push/${id}`;
      const token = JSON.stringify({
        endpoint,
        expirationTime: null,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) },
      });
      const device = { token, endpoint, received: [], status, ecdh, authSecret };
      devices.set(id, device);
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` holds (deliveries run in the background after the request has answered). */
export async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
