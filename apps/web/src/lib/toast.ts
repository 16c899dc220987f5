/** The one toast helper (SPEC §8): Mantine notifications that close after TIMINGS.toastMs. */
import { TIMINGS } from '@loyalty/contract';
import { notifications } from '@mantine/notifications';
import { translate } from './i18n';

const show = (color: string, keyOrText: string) =>
  notifications.show({ message: translate(keyOrText), color, autoClose: TIMINGS.toastMs, withBorder: true });

/** Each takes an i18n key, a contract message key (`loggedIn`) or text already translated (server messages). */
export const toast = {
  success: (keyOrText: string) => show('teal', keyOrText),
  error: (keyOrText: string) => show('red', keyOrText),
  info: (keyOrText: string) => show('blue', keyOrText),
};
