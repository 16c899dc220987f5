import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Amount, Bdi } from '../../components/bidi';
import { DetailList } from '../../components/detail-list';
import { DetailScreen } from '../../components/detail-screen';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { localized } from '../../lib/localized';
import { formatMoney, useCurrencyDisplay } from '../../lib/money';
import { useIdParam } from '../../lib/route-id';
import { useInvoice } from './api';

/** /invoices/:id: one invoice of the invoices sheet; a paid one links to the package bought (/invoice/{purchase}). */
export function InvoicesPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const invoice = useInvoice(id);
  const display = useCurrencyDisplay();
  const back = '/setting?sheet=invoices';

  return (
    <DetailScreen id={id} query={invoice} title={t('screens.invoices')} back={back}>
      {(i) => (
        <Stack gap="md">
          <PageHeader title={t('packages.invoiceNumber', { id: i.id })} back={back} />
          <Paper withBorder radius="md" p="md" data-testid="invoice">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={2} size="h3">
                  <Bdi>{localized(i, 'name')}</Bdi>
                </Title>
                <Badge variant="light" color={i.status === 'paid' ? 'teal' : 'orange'}>
                  {t(`packages.status.${i.status}`)}
                </Badge>
              </Group>
              {i.description && (
                <Text c="dimmed">
                  <Bdi>{localized(i, 'description')}</Bdi>
                </Text>
              )}
              <DetailList
                items={[
                  [t('packages.amount'), <Amount key="a">{formatMoney(i.amount, display)}</Amount>],
                  [t('packages.date'), formatDateTime(i.createdAt)],
                  [t('packages.invoiceStatus'), t(`packages.statusText.${i.status}`)],
                ]}
              />
            </Stack>
          </Paper>
          {i.packageRequestId !== null && (
            <Button
              component={Link}
              to={`/invoice/${i.packageRequestId}`}
              variant="light"
              leftSection={<IconReceipt size={18} aria-hidden />}
            >
              {t('packages.viewPurchase')}
            </Button>
          )}
        </Stack>
      )}
    </DetailScreen>
  );
}
