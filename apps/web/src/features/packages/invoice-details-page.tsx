import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconFileInvoice } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Amount, Bdi } from '../../components/bidi';
import { DetailList } from '../../components/detail-list';
import { DetailScreen } from '../../components/detail-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { formatCash, formatDateTime, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useIdParam } from '../../lib/route-id';
import { usePurchase } from './api';
import { brandName } from './card-label';

/** /invoice/:id (SPEC §2 "package invoice details"): a package bought, its card, points and invoice. */
export function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const purchase = usePurchase(id);
  const back = '/setting?sheet=invoices';

  return (
    <DetailScreen id={id} query={purchase} title={t('screens.invoiceDetails')} back={back}>
      {(p) => {
        const items: [string, ReactNode][] = [
          [t('packages.pointsCredited'), <Amount key="p">{formatPoints(p.points)}</Amount>],
          [t('packages.cashValue'), <Amount key="c">{formatCash(p.points)}</Amount>],
          [t('packages.amountCharged'), <Amount key="a">{formatPrice(p.amount)}</Amount>],
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
        ];
        if (p.invoice) items.push([t('packages.invoice'), <Ltr key="i">{`#${p.invoice.id}`}</Ltr>]);
        return (
          <Stack gap="md">
            <PageHeader title={t('screens.invoiceDetails')} back={back} />
            <Paper withBorder radius="md" p="md" data-testid="purchase">
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={2} size="h3">
                    <Bdi>{localized(p.Package, 'name')}</Bdi>
                  </Title>
                  <Badge variant="light" color="teal" leftSection={<IconCircleCheck size={14} aria-hidden />}>
                    {t('packages.status.paid')}
                  </Badge>
                </Group>
                {p.Package.description && (
                  <Text c="dimmed">
                    <Bdi>{localized(p.Package, 'description')}</Bdi>
                  </Text>
                )}
                <DetailList items={items} />
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
      }}
    </DetailScreen>
  );
}
