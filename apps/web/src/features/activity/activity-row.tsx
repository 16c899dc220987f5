import type { AuditEntry } from '@loyalty/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { formatDateTime } from '../../lib/format';
import classes from './activity.module.css';

const show = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** "Status: pending → rejected" for every field the change touched, each named by `label`. */
export function changeLines(e: Pick<AuditEntry, 'before' | 'after'>, label: (field: string) => string): string[] {
  const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  return keys.map((k) => {
    const b = e.before && k in e.before ? show(e.before[k]) : null;
    const a = e.after && k in e.after ? show(e.after[k]) : null;
    const name = label(k);
    return b === null ? `${name}: ${a}` : a === null ? `${name}: ${b} → —` : `${name}: ${b} → ${a}`;
  });
}

/** One audit row: what, who (and role), where, when, the change and the device. */
export function ActivityRow({ entry: e }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <div className={classes.row} data-testid="activity-row">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={600} size="sm">
            {t(`activity.actions.${e.action}`)} {e.entityId !== null && <Ltr>#{e.entityId}</Ltr>}
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
          {e.Branch && (
            <Text size="xs" c="dimmed">
              <Bdi>{e.Branch.branchName}</Bdi>
            </Text>
          )}
        </Group>
        {changeLines(e, (k) => t(`activity.fields.${k}`, { defaultValue: k })).map((line) => (
          <Text key={line} size="xs" dir="auto" className={classes.change}>
            {line}
          </Text>
        ))}
        {e.device && (
          <Text size="xs" c="dimmed" truncate="end" title={e.device}>
            {t('activity.device')}: <Ltr>{e.device}</Ltr>
          </Text>
        )}
      </Stack>
    </div>
  );
}
