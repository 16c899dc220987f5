import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi } from '../../components/bidi';
import { EmptyState } from '../../components/empty-state';
import { ExportButton } from '../../components/export-button';
import { LoadingScreen } from '../../components/loading-screen';
import { Phone } from '../../components/phone';
import { RowCard, RowList } from '../../components/row-card';
import { formatDate } from '../../lib/format';
import { formatMoney, useCurrencyDisplay } from '../../lib/money';
import { type SettlementTab, useSettlementList } from './api';

/** SPEC §2: user name, amount, user mobile and status, newest first; rows open /settlement/{id}. */
export function SettlementList({ status, onOpen }: { status: SettlementTab; onOpen?: () => void }) {
  const { t } = useTranslation();
  const list = useSettlementList(status);
  const display = useCurrencyDisplay();
  const rows = list.data ?? [];
  return (
    <Stack gap="sm">
      <ExportButton path="merchant/export/settlements.csv" filters={{ status }} />
      {list.isLoading && <LoadingScreen fullHeight={false} />}
      {list.isSuccess && rows.length === 0 && <EmptyState text={t(`settlements.empty.${status}`)} />}
      {rows.length > 0 && (
        <Text c="dimmed" size="sm">
          {t('settlements.count', { count: rows.length })}
        </Text>
      )}
      <RowList rows={rows}>
        {(s) => (
          <RowCard to={`/settlement/${s.id}`} onClick={onOpen} testId="settlement-row">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2} miw={0}>
                <Text fw={700} truncate>
                  <Bdi>{s.user.name}</Bdi>
                </Text>
                <Text size="sm" c="dimmed">
                  <Phone value={s.user.mobile} />
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(s.createdAt)}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end">
                <Text fw={700}>
                  <Amount>{formatMoney(s.amount, display)}</Amount>
                </Text>
                <Badge variant="light" color={s.status === 'initial' ? 'gray' : 'orange'}>
                  {t(`settlements.status.${s.status}`)}
                </Badge>
              </Stack>
            </Group>
          </RowCard>
        )}
      </RowList>
    </Stack>
  );
}
