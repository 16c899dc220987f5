/**
 * The SMS sender services use (`deps.sms.send(to, body)`), declared with the outbox that delivers
 * it (modules/sms/sms.service.ts). Kept here for the callers that import it from auth.
 */
export type { SendOptions, SmsSender } from '../sms/sms.service';
