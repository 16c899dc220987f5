import '@mantine/charts/styles.layer.css';
import { Box, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { formatNumber, formatPoints, formatPrice, parseIsoDate } from '../../lib/format';
import { AcceptingFigures } from './accepting-figures';
import { useBranchChart } from './api';
import { BranchChart } from './branch-chart';

/**
 * /accountReports (SPEC §2): four charts per branch — offer requests, product requests, outgoing
 * points, revenue in dollars — over a date range (both days included; empty means from the start
 * or until today). docs/domain.md says which requests each figure counts.
 */
export function AccountReportsPage() {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const fromDay = parseIsoDate(from);
  const toDay = parseIsoDate(to);
  const typing = (from !== '' && !fromDay) || (to !== '' && !toDay);
  const reversed = !!fromDay && !!toDay && fromDay > toDay;
  const chart = useBranchChart({ from: fromDay ?? undefined, to: toDay ?? undefined }, !typing && !reversed);
  const rows = chart.data ?? [];
  const count = (n: number) => formatNumber(n, undefined, 0);

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.accountReports')} back="/setting" />
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Box flex={1} miw={150}>
            <DateField
              label={t('reports.from')}
              name="from"
              value={from}
              onChange={setFrom}
              error={reversed ? t('msg.dateRangeReversed') : undefined}
            />
          </Box>
          <Box flex={1} miw={150}>
            <DateField label={t('reports.to')} name="to" value={to} onChange={setTo} minDate={fromDay ?? undefined} />
          </Box>
        </Group>
        <Group justify="space-between" mt="xs" gap="xs">
          <Text size="xs" c="dimmed">
            {fromDay || toDay ? t('reports.rangeHint') : t('reports.allTimeHint')}
          </Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              setFrom('');
              setTo('');
            }}
            disabled={!from && !to}
          >
            {t('reports.allTime')}
          </Button>
        </Group>
      </Paper>
      {chart.isLoading && <LoadingScreen fullHeight={false} />}
      {chart.isSuccess && rows.length === 0 && <EmptyState text={t('reports.noBranches')} />}
      {rows.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="reports">
          <BranchChart
            testId="chart-offer-requests"
            title={t('reports.offerRequests')}
            rows={rows}
            metric="countRequests"
            color="teal.6"
            format={count}
          />
          <BranchChart
            testId="chart-product-requests"
            title={t('reports.productRequests')}
            rows={rows}
            metric="countProductRequests"
            color="cyan.6"
            format={count}
          />
          <BranchChart
            testId="chart-points"
            title={t('reports.outgoingPoints')}
            rows={rows}
            metric="totalRequestsAmountPoints"
            color="grape.6"
            format={(n) => formatPoints(n)}
          />
          <BranchChart
            testId="chart-revenue"
            title={t('reports.revenue')}
            rows={rows}
            metric="totalProductRequestsAmountPrice"
            color="orange.6"
            format={(n) => formatPrice(n)}
          />
        </SimpleGrid>
      )}
      {rows.length > 0 && <AcceptingFigures rows={rows} />}
    </Stack>
  );
}
