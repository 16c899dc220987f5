import type { AuditEntry, CurrencyDisplay } from '@loyalty/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { formatDateTime } from '../../lib/format';
import { localized } from '../../lib/localized';
import classes from './activity.module.css';
import { changeLines, type ShownValue } from './change-lines';
import { summarizeDevice } from './device';

function Value({ value }: { value: ShownValue }) {
  if (value.kind === 'amount') return <Amount>{value.text}</Amount>;
  if (value.kind === 'ltr') return <Ltr>{value.text}</Ltr>;
  return <Bdi>{value.text}</Bdi>;
}

/** "Chrome on Android", from the user agent the action came from; never the raw string. */
function Device({ userAgent }: { userAgent: string | null }) {
  const { t } = useTranslation();
  const d = summarizeDevice(userAgent);
  if (!d) return null;
  const what =
    d.browser && d.system
      ? t('activity.deviceOn', { browser: d.browser, system: d.system })
      : (d.browser ?? d.system ?? t('activity.otherDevice'));
  return (
    <Text size="xs" c="dimmed" data-testid="activity-device">
      {t('activity.device')}: {what}
    </Text>
  );
}

/** One audit row: what (and about what), who (and role), where, when, the change and the device. */
export function ActivityRow({ entry: e, display }: { entry: AuditEntry; display: CurrencyDisplay }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  const arrow = lang === 'ar' ? '←' : '→';
  return (
    <div className={classes.row} data-testid="activity-row">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={600} size="sm">
            {t(`activity.actions.${e.action}`)} {e.entityId !== null && <Ltr>#{e.entityId}</Ltr>}
            {e.subject && (
              <>
                {' · '}
                <Bdi>{localized(e.subject, 'name', lang)}</Bdi>
              </>
            )}
          </Text>
          <Text size="xs" c="dimmed" className={classes.when}>
            {formatDateTime(e.createdAt)}
          </Text>
        </Group>
        <Group gap={6} wrap="wrap">
          <Text size="sm">
            <Bdi>{e.actor.name}</Bdi>
          </Text>
          <Badge size="xs" variant="light">
            {t(`roles.${e.actor.role}`)}
          </Badge>
          {e.override && (
            <Text size="sm" data-testid="activity-override">
              {t('activity.approvedBy')} <Bdi>{e.override.name}</Bdi>
            </Text>
          )}
          {e.Branch && (
            <Text size="xs" c="dimmed">
              <Bdi>{localized(e.Branch, 'branchName')}</Bdi>
            </Text>
          )}
        </Group>
        {changeLines({ entry: e, t, lang, display }).map((line) => (
          <Text key={line.field} size="xs" className={classes.change} data-testid="activity-change">
            {line.label}:{' '}
            {line.before && (
              <>
                <Value value={line.before} />{' '}
                <span role="img" aria-label={t('activity.becomes')}>
                  {arrow}
                </span>{' '}
              </>
            )}
            {line.after ? <Value value={line.after} /> : t('activity.values.removed')}
          </Text>
        ))}
        <Device userAgent={e.device} />
      </Stack>
    </div>
  );
}
