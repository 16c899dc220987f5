import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi, OneLine } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { RowList } from '../../components/row-card';
import { formatDate, formatPrice } from '../../lib/format';
import { SearchBox, StatusFilter, useFilterParam, useStatusParam } from './filters';
import { InvoiceForm } from './invoice-form';
import { useInvoices } from './queries';
import type { InvoiceRow } from './types';
import { ListState } from './ui';

const STATUSES = ['issued', 'paid'] as const;

/** /operator/invoices: every merchant's invoices, by merchant and status; record a new one. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const [merchant] = useFilterParam('merchant');
  const status = useStatusParam('status', STATUSES);
  const list = useInvoices({ ...(status && { status }), ...(merchant && { merchant }) });
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h3">
          {t('operator.areas.invoices')}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
          aria-haspopup="dialog"
        >
          {t('operator.invoices.add')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SearchBox name="merchant" label={t('operator.invoices.merchantFilter')} testId="invoice-search" />
        <StatusFilter name="status" statuses={STATUSES} labelOf={(s) => t(`operator.invoices.statuses.${s}`)} />
      </SimpleGrid>
      <ListState query={list} isEmpty={(d) => d.rows.length === 0} empty={t('operator.invoices.empty')}>
        {(d) => <RowList rows={d.rows}>{(i) => <InvoiceCard invoice={i} />}</RowList>}
      </ListState>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('operator.invoices.add')} size="lg">
        {adding && <InvoiceForm onDone={() => setAdding(false)} />}
      </Modal>
    </Stack>
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
