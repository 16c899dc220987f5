import { Badge } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSecondClock } from '../lib/second-clock';
import { Ltr } from './ltr';

/** m:ss left until `until` (0:00 once past). */
export const timeLeft = (until: string, now: number): string => {
  const s = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The time left to accept a new order, ticking every second (docs/domain.md "Accepting in time"). */
export function AcceptCountdown({ until }: { until: string }) {
  const { t } = useTranslation();
  const now = useSecondClock();
  const urgent = Date.parse(until) - now < 2 * 60_000;
  return (
    <Badge
      color={urgent ? 'red' : 'orange'}
      variant="light"
      leftSection={<IconClock size={12} aria-hidden />}
      data-testid="accept-countdown"
    >
      {t('common.timeLeft')} <Ltr>{timeLeft(until, now)}</Ltr>
    </Badge>
  );
}
