import { operatorEndpoints } from '@loyalty/contract/endpoints/operator';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Amount, OneLine } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { RowList } from '../../components/row-card';
import { formatDate, formatDateTime, formatPrice, todayIso } from '../../lib/format';
import { SettlementStatusBadge } from './badges';
import { downloadCsv, toCsv } from './csv';
import { SearchBox, StatusFilter, useFilterParam, useStatusParam } from './filters';
import { useMoveSettlement } from './mutations';
import { useSettlements } from './queries';
import type { SettlementRow } from './types';
import { ConfirmButton, ListState } from './ui';

const STATUSES = ['initial', 'pending', 'paid'] as const;
const referenceRule = operatorEndpoints['admin/settlement/move'].body.shape.reference;

/** /operator/settlements: filter by status and merchant; move initial → pending → paid (with the payment reference); CSV. */
export function SettlementsPage() {
  const { t } = useTranslation();
  const [merchant] = useFilterParam('merchant');
  const status = useStatusParam('status', STATUSES);
  const list = useSettlements({ ...(status && { status }), ...(merchant && { merchant }) });
  const exportCsv = (rows: readonly SettlementRow[]) =>
    downloadCsv(
      `settlements-${todayIso()}.csv`,
      toCsv(
        ['id', 'merchantId', 'merchant', 'status', 'amount', 'reference', 'createdAt', 'paidAt'],
        rows.map((r) => [r.id, r.merchantId, r.merchantName, r.status, r.amount, r.reference, r.createdAt, r.paidAt]),
      ),
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h3">
          {t('operator.areas.settlements')}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={!list.data?.rows.length}
          onClick={() => list.data && exportCsv(list.data.rows)}
        >
          {t('operator.settlements.exportCsv')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SearchBox name="merchant" label={t('operator.settlements.merchantFilter')} testId="settlement-search" />
        <StatusFilter name="status" statuses={STATUSES} labelOf={(s) => t(`operator.settlements.statuses.${s}`)} />
      </SimpleGrid>
      <ListState query={list} isEmpty={(d) => d.rows.length === 0} empty={t('operator.settlements.empty')}>
        {(d) => <RowList rows={d.rows}>{(s) => <SettlementCard settlement={s} />}</RowList>}
      </ListState>
    </Stack>
  );
}

function SettlementCard({ settlement: s }: { settlement: SettlementRow }) {
  const { t } = useTranslation();
  const move = useMoveSettlement();
  const name = s.merchantName;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="settlement-row" data-id={s.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <OneLine fw={700}>
            #{s.id} · {name}
          </OneLine>
          <SettlementStatusBadge status={s.status} />
        </Group>
        <Group justify="space-between" gap="xs">
          <Text fw={700}>
            <Amount>{formatPrice(s.amount)}</Amount>
          </Text>
          <Text size="xs" c="dimmed">
            {s.paidAt ? t('operator.settlements.paidAt', { when: formatDateTime(s.paidAt) }) : formatDate(s.createdAt)}
          </Text>
        </Group>
        {s.reference && (
          <Text size="sm" c="dimmed">
            {t('operator.settlements.reference')}: <Ltr>{s.reference}</Ltr>
          </Text>
        )}
        {s.status !== 'paid' && (
          <Group justify="flex-end">
            {s.status === 'initial' ? (
              <ConfirmButton
                label={t('operator.settlements.toPending')}
                title={t('operator.settlements.toPending')}
                message={t('operator.settlements.toPendingConfirm', { id: s.id, name })}
                pending={move.isPending}
                onConfirm={() => move.mutateAsync({ id: s.id, status: 'pending' })}
                testId="settlement-to-pending"
              />
            ) : (
              <ConfirmButton
                label={t('operator.settlements.pay')}
                title={t('operator.settlements.payTitle', { id: s.id, name })}
                message={`${formatPrice(s.amount)} · ${name}`}
                field={{
                  label: t('operator.settlements.reference'),
                  required: t('operator.settlements.referenceRequired'),
                  maxLength: 100,
                }}
                pending={move.isPending}
                onConfirm={(reference) =>
                  move.mutateAsync({ id: s.id, status: 'paid', reference: referenceRule.parse(reference) })
                }
                variant="filled"
                testId="settlement-pay"
              />
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
