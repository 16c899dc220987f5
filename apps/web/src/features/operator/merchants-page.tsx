import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bdi, OneLine } from '../../components/bidi';
import { Phone } from '../../components/phone';
import { RowCard, RowList } from '../../components/row-card';
import { formatPoints } from '../../lib/format';
import { MerchantStatusBadge } from './badges';
import { SearchBox, StatusFilter, useFilterParam, useStatusParam } from './filters';
import { useMerchants } from './queries';
import { ListState } from './ui';

const STATUSES = ['pending', 'approved', 'suspended'] as const;

/** /operator/merchants: search by name or mobile, filter by status (pending: the review queue); rows open the details. */
export function MerchantsPage() {
  const { t } = useTranslation();
  const [q] = useFilterParam('q');
  const status = useStatusParam('status', STATUSES);
  const list = useMerchants({ ...(q && { q }), ...(status && { status }) });
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {status === 'pending' ? t('operator.merchants.reviewQueue') : t('operator.areas.merchants')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SearchBox name="q" label={t('operator.common.search')} testId="merchant-search" />
        <StatusFilter name="status" statuses={STATUSES} labelOf={(s) => t(`operator.merchants.statuses.${s}`)} />
      </SimpleGrid>
      <ListState
        query={list}
        isEmpty={(d) => d.rows.length === 0}
        empty={t(status === 'pending' && !q ? 'operator.merchants.queueEmpty' : 'operator.merchants.empty')}
      >
        {(d) => (
          <RowList rows={d.rows}>
            {(m) => (
              <RowCard to={`/operator/merchants/${m.id}`} testId="merchant-row">
                <Stack gap={4}>
                  <OneLine fw={700}>{m.name}</OneLine>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      <Phone value={m.mobile} />
                    </Text>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      <Bdi>{formatPoints(m.balance)}</Bdi>
                    </Text>
                  </Group>
                  <Group gap={6}>
                    <MerchantStatusBadge status={m.status} />
                    <Badge variant="outline" color={m.isLive ? 'teal' : 'gray'}>
                      {t(m.isLive ? 'operator.merchants.live' : 'operator.merchants.notLive')}
                    </Badge>
                  </Group>
                </Stack>
              </RowCard>
            )}
          </RowList>
        )}
      </ListState>
    </Stack>
  );
}
