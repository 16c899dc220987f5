import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AcceptCountdown } from '../../components/accept-countdown';
import { Bdi, OneLine } from '../../components/bidi';
import { RowCard } from '../../components/row-card';
import { api } from '../../lib/api';
import { localized } from '../../lib/localized';
import { queryKeys } from '../../lib/query-keys';

/** The most waiting orders the home lists (the oldest, which run out first). */
const SHOWN = 5;

/**
 * The merchant's home: the new orders waiting to be accepted, oldest first, each with its countdown
 * and one tap from its page (where Accept is). Shown while `me` counts any; the live feed refreshes
 * it with every product request event.
 */
/**
 * The list itself, fetched with `merchant/me` (not after it): the dashboard waits for both, so that
 * it is drawn once, whole, and nothing under the list moves when it arrives.
 */
export const useOrdersToAccept = () =>
  useQuery({
    queryKey: queryKeys.productRequests.list({ tab: 'toAccept' }),
    queryFn: async () =>
      (await api.call('merchant/product/req/list', { toAccept: true, limit: SHOWN, pageNum: 1 })).productRequests.rows,
  });

export function OrdersToAccept({ waiting }: { waiting: number }) {
  const { t } = useTranslation();
  const list = useOrdersToAccept();
  if (waiting === 0 || !list.data?.length) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="orders-to-accept">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('dashboard.toAccept')}
        </Title>
        {list.data.map((r) => (
          <RowCard key={r.id} to={`/productrequest/${r.id}`} testId="order-to-accept">
            <Stack gap={4}>
              <OneLine fw={600}>{r.user.name}</OneLine>
              <Text size="sm">
                <Bdi>{localized(r.Product, 'name')}</Bdi>
              </Text>
              {r.acceptBy && <AcceptCountdown until={r.acceptBy} />}
            </Stack>
          </RowCard>
        ))}
      </Stack>
    </Paper>
  );
}
