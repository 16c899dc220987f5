import type { PackageRequest } from '@loyalty/contract';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconCircleCheck, IconFileInvoice } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Amount, Bdi } from '../../components/bidi';
import { CashValue } from '../../components/cash-value';
import { DetailList } from '../../components/detail-list';
import { DetailScreen } from '../../components/detail-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { brandName } from '../../lib/card-brands';
import { formatDateTime, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { formatMoney, useCurrencyDisplay } from '../../lib/money';
import { useIdParam } from '../../lib/route-id';
import { usePurchase } from './api';

/** /invoice/:id (SPEC §2 "package invoice details"): a package bought, its card, points and invoice. */
export function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const purchase = usePurchase(id);
  const back = '/setting?sheet=invoices';

  return (
    <DetailScreen id={id} query={purchase} title={t('screens.invoiceDetails')} back={back}>
      {(p) => {
        const items: [string, ReactNode][] = [[t('packages.date'), formatDateTime(p.createdAt)]];
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
                <PaidAndReceived p={p} />
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

/**
 * What was paid against what was received, side by side (issue 23): the amount charged to the card
 * in the merchant's currency display, and the points credited with their cash value.
 */
function PaidAndReceived({ p }: { p: PackageRequest }) {
  const { t } = useTranslation();
  const display = useCurrencyDisplay();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Paper bg="var(--mantine-color-red-light)" radius="md" p="sm" data-testid="paid">
        <Group gap={6} wrap="nowrap">
          <IconArrowUpRight size={16} aria-hidden />
          <Text size="sm" fw={600}>
            {t('packages.youPaid')}
          </Text>
        </Group>
        <Text fw={800} fz="lg">
          <Amount>{formatMoney(p.amount, display)}</Amount>
        </Text>
        {display !== 'USD' && (
          <Text size="xs" c="dimmed">
            {t('packages.chargedAs')} <Amount>{formatPrice(p.amount)}</Amount>
          </Text>
        )}
        {p.card && (
          <Text size="xs" c="dimmed">
            {brandName(p.card.brand)} <Ltr>{`•••• ${p.card.last4}`}</Ltr>
          </Text>
        )}
      </Paper>
      <Paper bg="var(--mantine-color-teal-light)" radius="md" p="sm" data-testid="received">
        <Group gap={6} wrap="nowrap">
          <IconArrowDownLeft size={16} aria-hidden />
          <Text size="sm" fw={600}>
            {t('packages.youReceived')}
          </Text>
        </Group>
        <Text fw={800} fz="lg">
          <Amount>{formatPoints(p.points)}</Amount>
        </Text>
        <Text size="xs" c="dimmed">
          {t('packages.worth')} <CashValue points={p.points} display={display} />
        </Text>
      </Paper>
    </SimpleGrid>
  );
}
