import { jsonOf, postForm, retryAfterOf, type SmsProvider, SmsSendError, short } from './sms-provider';

export interface UnifonicSettings {
  /** The application id (AppSid) of the Unifonic account. */
  appSid: string;
  /** A registered sender name; the account's default when absent. */
  senderId?: string;
  /** https://el.cloud.unifonic.com, or a stand-in (tests: a local fake). */
  apiBase: string;
}

/**
 * Unifonic's SMS API: `POST /rest/SMS/messages` with the form fields AppSid, SenderID, Recipient (the
 * number in international form without + or 00), Body, CorrelationID (our reference) and
 * responseType=JSON. It answers `{ success, message, errorCode, data: { MessageID, Status } }`:
 * success with a status other than Rejected or Failed is accepted; `success: false` refuses this text
 * (ER-04: a number too short, …); 429, 5xx, 401/403 (a credential the operator can fix) and no
 * answer are tried again later.
 */
export function unifonicProvider(s: UnifonicSettings): SmsProvider {
  const url = `${s.apiBase.replace(/\/+$/, '')}/rest/SMS/messages`;
  return {
    name: 'unifonic',
    async send(text) {
      const form: Record<string, string> = {
        AppSid: s.appSid,
        Recipient: text.to.replace(/^\+|^00/, ''),
        Body: text.body,
        CorrelationID: text.reference,
        responseType: 'JSON',
      };
      if (s.senderId) form.SenderID = s.senderId;
      const res = await postForm('unifonic', url, form);
      const body = await jsonOf(res);
      if (res.status === 429 || res.status >= 500 || res.status === 401 || res.status === 403)
        throw new SmsSendError(`unifonic ${res.status}: ${short(body.message)}`, false, retryAfterOf(res));
      const data = (body.data ?? {}) as Record<string, unknown>;
      const ok = body.success === true || body.success === 'true';
      if (res.ok && ok && data.MessageID !== undefined && data.Status !== 'Rejected' && data.Status !== 'Failed')
        return { id: String(data.MessageID) };
      throw new SmsSendError(
        `unifonic ${res.status} ${short(body.errorCode)}${data.Status ? ` ${short(data.Status)}` : ''}: ${short(body.message)}`,
        true,
      );
    },
  };
}
