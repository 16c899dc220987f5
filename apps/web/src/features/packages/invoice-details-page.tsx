import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DetailList } from '../../components/detail-list';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { formatCash, formatDateTime, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { idParam, usePurchase } from './api';
import { brandName } from './card-label';

/** /invoice/:id (SPEC §2 "package invoice details"): a package bought, its card, points and invoice. */
export function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  const purchase = usePurchase(id);
  const back = '/setting?sheet=invoices';

  if (purchase.isLoading) return <LoadingScreen />;
  const p = purchase.data;
  if (!p)
    return (
      <Stack>
        <PageHeader title={t('screens.invoiceDetails')} back={back} />
        <Text c="dimmed" data-testid="not-found">
          {t('msg.purchaseNotFound')}
        </Text>
      </Stack>
    );

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.invoiceDetails')} back={back} />
      <Paper withBorder radius="md" p="md" data-testid="purchase">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} size="h3">
              <bdi dir="auto">{localized(p.Package, 'name')}</bdi>
            </Title>
            <Badge variant="light" color="teal" leftSection={<IconCircleCheck size={14} aria-hidden />}>
              {t('packages.status.paid')}
            </Badge>
          </Group>
          {p.Package.description && (
            <Text c="dimmed">
              <bdi dir="auto">{localized(p.Package, 'description')}</bdi>
            </Text>
          )}
          <DetailList
            items={[
              [t('packages.pointsCredited'), <Ltr key="p">{`+${formatPoints(p.points)}`}</Ltr>],
              [
                t('packages.cashValue'),
                <span key="c">
                  <Ltr>{formatCash(p.points)}</Ltr> {t('common.qatarRiyal')}
                </span>,
              ],
              [t('packages.amountCharged'), <Ltr key="a">{formatPrice(p.amount)}</Ltr>],
              [
                t('packages.card'),
                p.card ? (
                  <span key="k">
                    {brandName(p.card.brand)} <Ltr>{`•••• ${p.card.last4}`}</Ltr>
                  </span>
                ) : (
                  '—'
                ),
              ],
              [t('packages.date'), formatDateTime(p.createdAt)],
              ...(p.invoice
                ? ([[t('packages.invoice'), <Ltr key="i">{`#${p.invoice.id}`}</Ltr>]] as [string, React.ReactNode][])
                : []),
            ]}
          />
        </Stack>
      </Paper>
      <Group grow>
        {p.invoice && (
          <Button
            component={Link}
            to={`/invoices/${p.invoice.id}`}
            variant="light"
            leftSection={<IconFileInvoice size={18} aria-hidden />}
          >
            {t('packages.viewInvoice')}
          </Button>
        )}
        <Button component={Link} to="/dashboard" variant="default">
          {t('packages.toDashboard')}
        </Button>
      </Group>
    </Stack>
  );
}
