/**
 * The SMS provider adapters alone, against local fakes of Twilio's and Unifonic's APIs
 * (test/sms-fakes.ts): the requests they make and how they read the answers (accepted, refused for
 * good, worth another try). The outbox that uses them: sms-outbox.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsProvider, SmsSendError } from '../src/modules/sms/sms-provider';
import { twilioProvider } from '../src/modules/sms/twilio';
import { unifonicProvider } from '../src/modules/sms/unifonic';
import { FAKE_TWILIO, FAKE_UNIFONIC, startFakeTwilio, startFakeUnifonic } from './sms-fakes';

let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let unifonic: Awaited<ReturnType<typeof startFakeUnifonic>>;
beforeAll(async () => {
  twilio = await startFakeTwilio();
  unifonic = await startFakeUnifonic();
});
afterAll(async () => {
  await twilio?.close();
  await unifonic?.close();
});

/** What a provider throws for one text (to a number it refuses, or to one it takes when it is up). */
const refusal = (provider: SmsProvider, to = '97455000001') =>
  provider.send({ to, body: 'the text', reference: 'r' }).then(
    () => {
      throw new Error('the provider accepted the text');
    },
    (e: SmsSendError) => e,
  );

describe('the Twilio adapter, against a fake of its Messages API', () => {
  const provider = () => twilioProvider({ ...FAKE_TWILIO, apiBase: twilio.url });

  it('posts To (E.164), From and Body with basic authentication and keeps the message sid', async () => {
    const sent = await provider().send({ to: '97455000001', body: 'hello', reference: 'sms:1' });
    expect(sent.id).toMatch(/^SM\d{32}$/);
    expect(twilio.messages.at(-1)).toMatchObject({
      to: '+97455000001',
      from: FAKE_TWILIO.from,
      body: 'hello',
      id: sent.id,
    });
  });

  it('reads a refusal of the text as permanent, 5xx, 429 and bad credentials as worth another try', async () => {
    const refused = await refusal(provider(), '1');
    expect(refused).toBeInstanceOf(SmsSendError);
    expect(refused).toMatchObject({ permanent: true, message: expect.stringContaining('21211') });
    expect(refused.message).not.toContain('text');
    twilio.failNext(1, 503);
    expect(await refusal(provider())).toMatchObject({ permanent: false });
    twilio.failNext(1, 429, { 'retry-after': '7' });
    expect(await refusal(provider())).toMatchObject({ permanent: false, retryAfterMs: 7000 });
    const denied = await refusal(twilioProvider({ ...FAKE_TWILIO, authToken: 'wrong', apiBase: twilio.url }));
    expect(denied).toMatchObject({ permanent: false, message: expect.stringContaining('401') });
    expect(denied.message).not.toContain('wrong');
    const down = twilioProvider({ ...FAKE_TWILIO, apiBase: 'http://127.0.0.1:9' });
    expect(await refusal(down)).toMatchObject({ permanent: false, message: 'twilio: unreachable' });
  });
});

describe('the Unifonic adapter, against a fake of its SMS API', () => {
  const provider = (appSid = FAKE_UNIFONIC.appSid) =>
    unifonicProvider({ appSid, senderId: FAKE_UNIFONIC.senderId, apiBase: unifonic.url });

  it('posts AppSid, SenderID, Recipient without +, Body and our reference as CorrelationID', async () => {
    const sent = await provider().send({ to: '+97455000002', body: 'مرحبا 123', reference: 'sms:9' });
    const got = unifonic.messages.at(-1);
    expect(got).toMatchObject({ to: '97455000002', from: 'LOYALTY', body: 'مرحبا 123', id: sent.id });
    expect(got?.form.get('CorrelationID')).toBe('sms:9');
    expect(got?.form.get('responseType')).toBe('JSON');
  });

  it('reads success: false as a refusal of the text, 5xx and no answer as worth another try', async () => {
    expect(await refusal(provider(), '123')).toMatchObject({
      permanent: true,
      message: expect.stringContaining('ER-04'),
    });
    unifonic.failNext(1, 502);
    expect(await refusal(provider())).toMatchObject({ permanent: false });
    expect(await refusal(unifonicProvider({ appSid: 'a', apiBase: 'http://127.0.0.1:9' }))).toMatchObject({
      permanent: false,
    });
  });
});
