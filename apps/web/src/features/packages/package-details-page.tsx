import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Amount, Bdi } from '../../components/bidi';
import { BottomSheet } from '../../components/bottom-sheet';
import { CashValue } from '../../components/cash-value';
import { DetailList } from '../../components/detail-list';
import { DetailScreen } from '../../components/detail-screen';
import { PageHeader } from '../../components/page-header';
import { formatDate, formatPoints } from '../../lib/format';
import { localized } from '../../lib/localized';
import { formatMoney, useCurrencyDisplay } from '../../lib/money';
import { useIdParam } from '../../lib/route-id';
import { usePackage } from './api';
import { PaymentOptions } from './payment-options';

/** /package/:id (SPEC §2): one package and its buy sheet with the payment options. */
export function PackageDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const pkg = usePackage(id);
  const [buying, setBuying] = useState(false);
  const display = useCurrencyDisplay();
  const back = '/setting?sheet=packages';

  return (
    <DetailScreen id={id} query={pkg} title={t('screens.packageDetails')} back={back}>
      {(p) => (
        <Stack gap="md">
          <PageHeader title={t('screens.packageDetails')} back={back} />
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={2} size="h3">
                  <Bdi>{localized(p, 'name')}</Bdi>
                </Title>
                <Badge size="lg" variant="light">
                  <Amount>{formatPoints(p.points)}</Amount>
                </Badge>
              </Group>
              {p.description && (
                <Text c="dimmed">
                  <Bdi>{localized(p, 'description')}</Bdi>
                </Text>
              )}
              <DetailList
                items={[
                  [t('packages.price'), <Amount key="a">{formatMoney(p.amount, display)}</Amount>],
                  [t('packages.points'), <Amount key="p">{formatPoints(p.points)}</Amount>],
                  [t('packages.cashValue'), <CashValue key="c" points={p.points} />],
                  [t('packages.availableUntil'), p.validto ? formatDate(p.validto) : t('packages.noEndDate')],
                ]}
              />
            </Stack>
          </Paper>
          {p.isAvailable ? (
            <Button
              size="md"
              leftSection={<IconShoppingCart size={18} aria-hidden />}
              onClick={() => setBuying(true)}
              aria-haspopup="dialog"
            >
              {t('packages.buy')}
            </Button>
          ) : (
            <Alert color="orange" icon={<IconAlertCircle />}>
              {t('msg.packageExpired')}
            </Alert>
          )}
          <BottomSheet
            opened={buying}
            onClose={() => setBuying(false)}
            title={t('packages.buyTitle', { name: localized(p, 'name') })}
          >
            {buying && (
              <PaymentOptions
                pkg={p}
                onBought={(purchase) => {
                  setBuying(false);
                  navigate(`/invoice/${purchase.id}`);
                }}
              />
            )}
          </BottomSheet>
        </Stack>
      )}
    </DetailScreen>
  );
}
