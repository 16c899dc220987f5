/** The one toast helper (SPEC §8): Mantine notifications that close after TIMINGS.toastMs. */
import { TIMINGS } from '@loyalty/contract/constants';
import { notifications } from '@mantine/notifications';
import { translate } from './i18n';

const show = (color: string, keyOrText: string, autoClose: number = TIMINGS.toastMs, title?: string) =>
  notifications.show({
    title: title ? translate(title) : undefined,
    message: translate(keyOrText),
    color,
    autoClose,
    withBorder: true,
    // the close button's name: an icon alone names nothing to a screen reader (axe button-name)
    closeButtonProps: { 'aria-label': translate('common.close') },
  });

/** How long a live-feed alert stays: long enough to read at a busy counter. */
const ALERT_MS = 6_000;

/** Each takes an i18n key, a contract message key (`loggedIn`) or text already translated (server messages). */
export const toast = {
  success: (keyOrText: string) => show('teal', keyOrText),
  /** `title`: SPEC's message for the failure ("Failed to login"), above the precise one (DECISIONS §10). */
  error: (keyOrText: string, title?: string) => show('red', keyOrText, TIMINGS.toastMs, title),
  info: (keyOrText: string) => show('blue', keyOrText),
  /** A live-feed alert (a new request): stays ALERT_MS. */
  alert: (keyOrText: string) => show('orange', keyOrText, ALERT_MS),
};
