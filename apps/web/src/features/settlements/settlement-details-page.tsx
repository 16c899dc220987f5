import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DetailList } from '../../components/detail-list';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { idParam, useSettlement } from './api';

/**
 * /settlement/:id (SPEC §2): the product's name, description, points and price in dollars, and the
 * name and mobile of the settlement's first user; with the amount owed and its status.
 */
export function SettlementDetailsPage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  const settlement = useSettlement(id);

  if (settlement.isLoading) return <LoadingScreen />;
  const s = settlement.data;
  const back = `/setting?sheet=${s?.status === 'pending' ? 'pendingSettlements' : 'initialSettlements'}`;
  if (!s)
    return (
      <Stack>
        <PageHeader title={t('screens.settlementDetails')} back={back} />
        <Text c="dimmed" data-testid="not-found">
          {t('msg.settlementNotFound')}
        </Text>
      </Stack>
    );
  const product = s.productRequest.Product;
  const first = s.settlementDetails[0]?.user ?? s.user;

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.settlementDetails')} back={back} />
      <Paper withBorder radius="md" p="md" data-testid="settlement">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} size="h3">
              <bdi dir="auto">{localized(product, 'name')}</bdi>
            </Title>
            <Badge variant="light" color={s.status === 'initial' ? 'gray' : s.status === 'paid' ? 'teal' : 'orange'}>
              {t(`settlements.status.${s.status}`)}
            </Badge>
          </Group>
          <Text c="dimmed">
            <bdi dir="auto">{localized(product, 'description')}</bdi>
          </Text>
          <DetailList
            items={[
              [t('settlements.points'), <Ltr key="p">{formatPoints(product.points)}</Ltr>],
              [t('settlements.price'), <Ltr key="pr">{formatPrice(product.price)}</Ltr>],
              [t('settlements.amount'), <Ltr key="a">{formatPrice(s.amount)}</Ltr>],
              [t('settlements.date'), formatDateTime(s.createdAt)],
            ]}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('settlements.user')}
          </Title>
          <DetailList
            items={[
              [
                t('settlements.name'),
                <bdi key="n" dir="auto">
                  {first.name}
                </bdi>,
              ],
              [t('settlements.mobile'), <Ltr key="m">{first.mobile}</Ltr>],
            ]}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
