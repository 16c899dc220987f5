import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Amount } from '../../components/bidi';
import { LoadingScreen } from '../../components/loading-screen';
import { formatNumber, formatPoints, formatPrice } from '../../lib/format';
import type { SheetProps } from '../../lib/menu';
import { useBranchChart } from './api';

/** The settings entry "Account reports": the totals of every branch, and the way to the four charts. */
export default function ReportsSheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const chart = useBranchChart({});
  const rows = chart.data ?? [];
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const tiles: [string, string][] = [
    [
      t('reports.offerRequests'),
      formatNumber(
        sum((r) => r.countRequests),
        undefined,
        0,
      ),
    ],
    [
      t('reports.productRequests'),
      formatNumber(
        sum((r) => r.countProductRequests),
        undefined,
        0,
      ),
    ],
    [t('reports.outgoingPoints'), formatPoints(sum((r) => r.totalRequestsAmountPoints))],
    [t('reports.revenue'), formatPrice(sum((r) => r.totalProductRequestsAmountPrice))],
  ];
  return (
    <Stack gap="sm">
      {chart.isLoading ? (
        <LoadingScreen fullHeight={false} />
      ) : (
        <SimpleGrid cols={2} spacing="sm">
          {tiles.map(([label, value]) => (
            <Paper key={label} withBorder radius="md" p="sm">
              <Text fw={700} fz="lg">
                <Amount>{value}</Amount>
              </Text>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('reports.branchesCount', { count: rows.length })}
        </Text>
      </Group>
      <Button
        component={Link}
        to="/accountReports"
        onClick={onClose}
        leftSection={<IconChartBar size={18} aria-hidden />}
      >
        {t('reports.open')}
      </Button>
    </Stack>
  );
}
