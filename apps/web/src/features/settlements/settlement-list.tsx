import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { formatDate, formatPrice } from '../../lib/format';
import { type SettlementTab, useSettlementList } from './api';
import classes from './settlements.module.css';

/** SPEC §2: user name, amount, user mobile and status, newest first; rows open /settlement/{id}. */
export function SettlementList({ status, onOpen }: { status: SettlementTab; onOpen?: () => void }) {
  const { t } = useTranslation();
  const list = useSettlementList(status);
  const rows = list.data ?? [];
  return (
    <Stack gap="sm">
      {list.isLoading && <LoadingScreen fullHeight={false} />}
      {list.isSuccess && rows.length === 0 && <EmptyState text={t(`settlements.empty.${status}`)} />}
      {list.isSuccess && rows.length > 0 && (
        <Text c="dimmed" size="sm">
          {t('settlements.count', { count: rows.length })}
        </Text>
      )}
      {rows.map((s) => (
        <UnstyledButton
          key={s.id}
          component={Link}
          to={`/settlement/${s.id}`}
          onClick={onOpen}
          className={classes.row}
          data-testid="settlement-row"
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={2} miw={0}>
              <Text fw={700} truncate>
                <bdi dir="auto">{s.user.name}</bdi>
              </Text>
              <Text size="sm" c="dimmed">
                <Ltr>{s.user.mobile}</Ltr>
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(s.createdAt)}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end">
              <Text fw={700}>
                <Ltr>{formatPrice(s.amount)}</Ltr>
              </Text>
              <Badge variant="light" color={s.status === 'initial' ? 'gray' : 'orange'}>
                {t(`settlements.status.${s.status}`)}
              </Badge>
            </Stack>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
