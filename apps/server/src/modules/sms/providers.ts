import type { SmsSettings } from '../../config';
import type { SmsProvider } from './sms-provider';
import { twilioProvider } from './twilio';
import { unifonicProvider } from './unifonic';

/** The provider SMS_PROVIDER names; undefined for `log` (texts go to the log, docs/deploy.md). */
export function smsProviderFrom(settings: SmsSettings): SmsProvider | undefined {
  switch (settings.provider) {
    case 'twilio':
      return twilioProvider(settings);
    case 'unifonic':
      return unifonicProvider(settings);
    default:
      return undefined;
  }
}
