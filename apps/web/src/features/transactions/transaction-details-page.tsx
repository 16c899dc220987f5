import { Center, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/bidi';
import { CashValue } from '../../components/cash-value';
import { EmptyState } from '../../components/empty-state';
import { ExportButton } from '../../components/export-button';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { formatPoints } from '../../lib/format';
import { currencyDisplayOf } from '../../lib/money';
import { useMerchantMe } from '../../lib/queries/me';
import { PAGE_SIZE, usePointsHistory } from './api';
import { HistoryRow } from './history-row';

/**
 * /transactiondetails: the merchant's points history, the ledger made visible (docs/domain.md, the ledger):
 * newest first, a page at a time, each row linking to its request, package purchase or settlement.
 */
export function TransactionDetailsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = usePointsHistory(page);
  const me = useMerchantMe();
  const rows = history.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((history.data?.count ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="md">
      <PageHeader title={t('transactions.title')} back="/dashboard" />
      <ExportButton path="merchant/export/points-history.csv" />
      {me.data && (
        <Paper withBorder radius="md" p="md" data-testid="history-balance">
          <Text size="sm" c="dimmed">
            {t('transactions.balance')}
          </Text>
          <Text fz={26} fw={800}>
            <Amount>{formatPoints(me.data.balance)}</Amount>
          </Text>
          <Text size="sm" c="dimmed">
            <CashValue points={me.data.balance} display={currencyDisplayOf(me.data.userCurrncy)} />
          </Text>
        </Paper>
      )}
      {history.isLoading && <LoadingScreen fullHeight={false} />}
      {history.isSuccess && rows.length === 0 && <EmptyState text={t('transactions.empty')} />}
      {rows.length > 0 && (
        <Paper withBorder radius="md" data-testid="history">
          {rows.map((r) => (
            <HistoryRow key={r.id} row={r} />
          ))}
        </Paper>
      )}
      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`transactions.page.${control}`) })}
          />
        </Center>
      )}
    </Stack>
  );
}
