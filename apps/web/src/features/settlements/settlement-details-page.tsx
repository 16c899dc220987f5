import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi } from '../../components/bidi';
import { DetailList } from '../../components/detail-list';
import { DetailScreen } from '../../components/detail-screen';
import { PageHeader } from '../../components/page-header';
import { Phone } from '../../components/phone';
import { formatDateTime, formatPoints } from '../../lib/format';
import { localized } from '../../lib/localized';
import { formatMoney, useCurrencyDisplay } from '../../lib/money';
import { useIdParam } from '../../lib/route-id';
import { useSettlement } from './api';

const badgeColor = { initial: 'gray', pending: 'orange', paid: 'teal' } as const;

/**
 * /settlement/:id (SPEC §2): the product's name, description, points and price in dollars, and the
 * name and mobile of the settlement's first user; with the amount owed (the sum of its lines, as the
 * server answers it), its status and its lines (the sale, and a refund once one is confirmed: a
 * negative amount, `-$4.75` in both languages).
 */
export function SettlementDetailsPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const settlement = useSettlement(id);
  const display = useCurrencyDisplay();
  const sheetOf = (status?: string) => (status === 'pending' ? 'pendingSettlements' : 'initialSettlements');
  const back = `/setting?sheet=${sheetOf(settlement.data?.status)}`;

  return (
    <DetailScreen id={id} query={settlement} title={t('screens.settlementDetails')} back={back}>
      {(s) => {
        const product = s.productRequest.Product;
        const first = s.settlementDetails[0]?.user ?? s.user;
        return (
          <Stack gap="md">
            <PageHeader title={t('screens.settlementDetails')} back={back} />
            <Paper withBorder radius="md" p="md" data-testid="settlement">
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={2} size="h3">
                    <Bdi>{localized(product, 'name')}</Bdi>
                  </Title>
                  <Badge variant="light" color={badgeColor[s.status]}>
                    {t(`settlements.status.${s.status}`)}
                  </Badge>
                </Group>
                <Text c="dimmed">
                  <Bdi>{localized(product, 'description')}</Bdi>
                </Text>
                <DetailList
                  items={[
                    [t('settlements.points'), <Amount key="p">{formatPoints(product.points)}</Amount>],
                    [t('settlements.price'), <Amount key="pr">{formatMoney(product.price, display)}</Amount>],
                    [
                      t('settlements.amount'),
                      <span key="a" data-testid="amount-owed">
                        <Amount>{formatMoney(s.amount, display)}</Amount>
                      </span>,
                    ],
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
                    [t('settlements.name'), <Bdi key="n">{first.name}</Bdi>],
                    [t('settlements.mobile'), <Phone key="m" value={first.mobile} call />],
                  ]}
                />
              </Stack>
            </Paper>
            {s.settlementDetails.length > 0 && (
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Title order={2} size="h5">
                    {t('settlements.lines')}
                  </Title>
                  <DetailList
                    items={s.settlementDetails.map((d) => [
                      t(`settlements.kind.${d.kind}`),
                      <span key={d.id} data-testid="settlement-line" data-kind={d.kind}>
                        <Amount>{formatMoney(d.amount, display)}</Amount>
                      </span>,
                    ])}
                  />
                </Stack>
              </Paper>
            )}
          </Stack>
        );
      }}
    </DetailScreen>
  );
}
