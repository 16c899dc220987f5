import { jsonOf, postForm, retryAfterOf, type SmsProvider, SmsSendError, short } from './sms-provider';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or alphanumeric sender id. */
  from: string;
  /** https://api.twilio.com, or a stand-in (tests: a local fake). */
  apiBase: string;
}

/**
 * Twilio's Messages API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP basic
 * authentication (account SID and auth token) and the form fields To, From and Body; 201 answers the
 * message resource, whose `sid` we keep. 429 and 5xx are tried again later (after Retry-After when
 * given), as are 401/403 (a credential the operator can fix); any other 4xx refuses the text itself
 * (Twilio's error code says why, e.g. 21211 for an invalid number).
 */
export function twilioProvider(s: TwilioSettings): SmsProvider {
  const url = `${s.apiBase.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(text) {
      const to = text.to.startsWith('+') ? text.to : `+${text.to}`;
      const res = await postForm('twilio', url, { To: to, From: s.from, Body: text.body }, { authorization });
      const body = await jsonOf(res);
      if (res.status === 200 || res.status === 201) {
        if (typeof body.sid !== 'string') throw new SmsSendError('twilio: answer without a message sid', false);
        return { id: body.sid };
      }
      const why = `twilio ${res.status}${body.code ? ` code ${body.code}` : ''}: ${short(body.message)}`;
      const transient = res.status === 429 || res.status >= 500 || res.status === 401 || res.status === 403;
      throw new SmsSendError(why, !transient, retryAfterOf(res));
    },
  };
}
