/**
 * Every message the server can send and every validation message of the spec, in both languages,
 * one file per domain. Schemas and services use the keys; the server answers in the caller's
 * language and the web app resolves the same keys through i18next, so a message is written once.
 */
import { busyMessages } from './busy';
import { commonMessages } from './common';
import { counterMessages } from './counter';
import { moneyMessages } from './money';
import { operatorMessages } from './operator';
import { ordersMessages } from './orders';
import { permissionMessages } from './permissions';
import { pushMessages } from './push';
import { qrMessages } from './qr';
import { securityMessages } from './security';
import { supportMessages } from './support';
import { trackingMessages } from './tracking';

export const messages = {
  ...commonMessages,
  ...securityMessages,
  ...ordersMessages,
  ...moneyMessages,
  ...supportMessages,
  ...pushMessages,
  ...counterMessages,
  ...qrMessages,
  ...operatorMessages,
  ...busyMessages,
  ...permissionMessages,
  ...trackingMessages,
};

export type MessageKey = keyof typeof messages;

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(messages, value);

/** The text of a key in a language; a string that is not a key is returned as it is. */
export const messageText = (keyOrText: string, lang: 'en' | 'ar' = 'en'): string =>
  isMessageKey(keyOrText) ? messages[keyOrText][lang] : keyOrText;
