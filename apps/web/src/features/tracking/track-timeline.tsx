import type { Tracking } from '@loyalty/contract/tracking';
import { Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/** The order's steps, each with its time once reached (texts come from the server, in the page's language). */
export function TrackTimeline({ steps }: { steps: Tracking['steps'] }) {
  const { t } = useTranslation();
  const active = steps.reduce((last, s, i) => (s.reached ? i : last), 0);
  return (
    <section aria-label={t('tracking.timeline')}>
      <Timeline active={active} bulletSize={22} lineWidth={2} data-testid="track-timeline">
        {steps.map((s) => (
          <Timeline.Item
            key={s.step}
            title={s.label}
            bullet={s.reached ? <IconCircleCheck size={14} /> : <IconClock size={14} />}
            data-step={s.step}
            data-reached={s.reached}
          >
            {s.at && s.reached && (
              <Text size="xs" c="dimmed">
                {formatDateTime(s.at)}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </section>
  );
}
