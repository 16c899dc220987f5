import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi, OneLine } from '../../components/bidi';
import { EmptyState } from '../../components/empty-state';
import { ExportButton } from '../../components/export-button';
import { LoadingScreen } from '../../components/loading-screen';
import { RowCard, RowList } from '../../components/row-card';
import { formatDate } from '../../lib/format';
import { localized } from '../../lib/localized';
import type { SheetProps } from '../../lib/menu';
import { formatMoney, useCurrencyDisplay } from '../../lib/money';
import { useInvoiceList } from './api';
import classes from './packages.module.css';

/** The settings entry "Invoices": the merchant's invoices (name, description, amount), newest first, each opening /invoices/{id}. */
export default function InvoicesSheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const invoices = useInvoiceList();
  const display = useCurrencyDisplay();
  const rows = invoices.data?.rows ?? [];
  return (
    <Stack gap="sm">
      <ExportButton path="merchant/export/invoices.csv" />
      {invoices.isSuccess && (
        <Text c="dimmed" size="sm">
          {t('packages.invoiceCount', { count: invoices.data.count })}
        </Text>
      )}
      {invoices.isLoading && <LoadingScreen fullHeight={false} />}
      {invoices.isSuccess && rows.length === 0 && <EmptyState text={t('packages.noInvoices')} />}
      <RowList rows={rows}>
        {(i) => (
          <RowCard to={`/invoices/${i.id}`} onClick={onClose} testId="invoice-row">
            <Group wrap="nowrap" gap="sm" align="flex-start">
              <IconFileInvoice size={26} aria-hidden className={classes.icon} />
              <Stack gap={2} flex={1} miw={0}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <OneLine fw={700}>{localized(i, 'name')}</OneLine>
                  <Text fw={700}>
                    <Amount>{formatMoney(i.amount, display)}</Amount>
                  </Text>
                </Group>
                {i.description && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    <Bdi>{localized(i, 'description')}</Bdi>
                  </Text>
                )}
                <Group gap="xs">
                  <Badge variant="light" color={i.status === 'paid' ? 'teal' : 'orange'}>
                    {t(`packages.status.${i.status}`)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDate(i.createdAt)}
                  </Text>
                </Group>
              </Stack>
            </Group>
          </RowCard>
        )}
      </RowList>
    </Stack>
  );
}
