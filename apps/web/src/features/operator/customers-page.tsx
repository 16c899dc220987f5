import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bdi, OneLine } from '../../components/bidi';
import { EmptyState } from '../../components/empty-state';
import { Phone } from '../../components/phone';
import { RowCard, RowList } from '../../components/row-card';
import { formatPoints } from '../../lib/format';
import { SearchBox, useFilterParam } from './filters';
import { useCustomers } from './queries';
import { ListState } from './ui';

/** /operator/customers: search by name or mobile (50 at most); rows open the balance and its history. */
export function CustomersPage() {
  const { t } = useTranslation();
  const [q] = useFilterParam('q');
  const list = useCustomers(q);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('operator.areas.customers')}
      </Title>
      <SearchBox name="q" label={t('operator.common.search')} testId="customer-search" />
      {q ? (
        <ListState query={list} isEmpty={(d) => d.rows.length === 0} empty={t('operator.customers.empty')}>
          {(d) => (
            <RowList rows={d.rows}>
              {(c) => (
                <RowCard to={`/operator/customers/${c.id}`} testId="customer-row">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} miw={0}>
                      <OneLine fw={700}>{c.name}</OneLine>
                      <Text size="sm" c="dimmed">
                        <Phone value={c.mobile} />
                      </Text>
                    </Stack>
                    <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                      <Bdi>{formatPoints(c.balance)}</Bdi>
                    </Text>
                  </Group>
                </RowCard>
              )}
            </RowList>
          )}
        </ListState>
      ) : (
        <EmptyState text={t('operator.customers.searchFirst')} />
      )}
    </Stack>
  );
}
