import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DetailList } from '../../components/detail-list';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatPrice } from '../../lib/format';
import { idParam, useInvoice } from './api';

/** /invoices/:id: one invoice of the invoices sheet; a paid one links to the package bought (/invoice/{purchase}). */
export function InvoicesPage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  const invoice = useInvoice(id);
  const back = '/setting?sheet=invoices';

  if (invoice.isLoading) return <LoadingScreen />;
  const i = invoice.data;
  if (!i)
    return (
      <Stack>
        <PageHeader title={t('screens.invoices')} back={back} />
        <Text c="dimmed" data-testid="not-found">
          {t('msg.invoiceNotFound')}
        </Text>
      </Stack>
    );

  return (
    <Stack gap="md">
      <PageHeader title={t('packages.invoiceNumber', { id: i.id })} back={back} />
      <Paper withBorder radius="md" p="md" data-testid="invoice">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} size="h3">
              <bdi dir="auto">{i.name}</bdi>
            </Title>
            <Badge variant="light" color={i.status === 'paid' ? 'teal' : 'orange'}>
              {t(`packages.status.${i.status}`)}
            </Badge>
          </Group>
          {i.description && (
            <Text c="dimmed">
              <bdi dir="auto">{i.description}</bdi>
            </Text>
          )}
          <DetailList
            items={[
              [t('packages.amount'), <Ltr key="a">{formatPrice(i.amount)}</Ltr>],
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
  );
}
