import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { BottomSheet } from '../../components/bottom-sheet';
import { DetailList } from '../../components/detail-list';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { formatCash, formatDate, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { idParam, usePackage } from './api';
import { PaymentOptions } from './payment-options';

/** /package/:id (SPEC §2): one package and its buy sheet with the payment options. */
export function PackageDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = idParam(useParams().id);
  const pkg = usePackage(id);
  const [buying, setBuying] = useState(false);
  const back = '/setting?sheet=packages';

  if (pkg.isLoading) return <LoadingScreen />;
  const p = pkg.data;
  if (!p)
    return (
      <Stack>
        <PageHeader title={t('screens.packageDetails')} back={back} />
        <Text c="dimmed" data-testid="not-found">
          {t('msg.packageNotFound')}
        </Text>
      </Stack>
    );

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.packageDetails')} back={back} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} size="h3">
              <bdi dir="auto">{localized(p, 'name')}</bdi>
            </Title>
            <Badge size="lg" variant="light">
              <Ltr>{formatPoints(p.points)}</Ltr>
            </Badge>
          </Group>
          {p.description && (
            <Text c="dimmed">
              <bdi dir="auto">{localized(p, 'description')}</bdi>
            </Text>
          )}
          <DetailList
            items={[
              [t('packages.price'), <Ltr key="a">{formatPrice(p.amount)}</Ltr>],
              [t('packages.points'), <Ltr key="p">{formatPoints(p.points)}</Ltr>],
              [
                t('packages.cashValue'),
                <span key="c">
                  <Ltr>{formatCash(p.points)}</Ltr> {t('common.qatarRiyal')}
                </span>,
              ],
              [t('packages.availableUntil'), p.validto ? formatDate(p.validto) : t('packages.noEndDate')],
            ]}
          />
        </Stack>
      </Paper>
      {p.isAvailable ? (
        <Button size="md" leftSection={<IconShoppingCart size={18} aria-hidden />} onClick={() => setBuying(true)}>
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
  );
}
