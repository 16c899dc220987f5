import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi, OneLine } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { formatDate, formatPrice } from '../../lib/format';
import { SearchBox, StatusFilter, useFilterParam, useStatusParam } from './filters';
import { InvoiceForm } from './invoice-form';
import { ListPage } from './list-page';
import { useInvoices } from './queries';
import type { InvoiceRow } from './types';

const STATUSES = ['issued', 'paid'] as const;

/** /operator/invoices: every merchant's invoices, by merchant and status; record a new one. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const [merchant] = useFilterParam('merchant');
  const status = useStatusParam('status', STATUSES);
  return (
    <ListPage<InvoiceRow>
      title={t('operator.areas.invoices')}
      addLabel={t('operator.invoices.add')}
      query={useInvoices({ ...(status && { status }), ...(merchant && { merchant }) })}
      empty={t('operator.invoices.empty')}
      filters={
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SearchBox name="merchant" label={t('operator.invoices.merchantFilter')} testId="invoice-search" />
          <StatusFilter name="status" statuses={STATUSES} labelOf={(s) => t(`operator.invoices.statuses.${s}`)} />
        </SimpleGrid>
      }
      row={(i) => <InvoiceCard invoice={i} />}
      form={(_, done) => <InvoiceForm onDone={done} />}
      modalSize="lg"
    />
  );
}

function InvoiceCard({ invoice: i }: { invoice: InvoiceRow }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="invoice-row" data-id={i.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <OneLine fw={700}>
            #{i.id} · {i.name}
          </OneLine>
          <Badge variant="light" color={i.status === 'paid' ? 'teal' : 'blue'}>
            {t(`operator.invoices.statuses.${i.status}`)}
          </Badge>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            <Bdi>{i.merchantName}</Bdi> · <Ltr>{i.merchantMobile}</Ltr>
          </Text>
          <Text fw={700}>
            <Amount>{formatPrice(i.amount)}</Amount>
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDate(i.createdAt)}
        </Text>
      </Stack>
    </Paper>
  );
}
