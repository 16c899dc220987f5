import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { DetailList } from '../../components/detail-list';
import { DetailScreen } from '../../components/detail-screen';
import { PageHeader } from '../../components/page-header';
import { Phone } from '../../components/phone';
import { formatDateTime, formatNumber, formatPoints } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useIdParam } from '../../lib/route-id';
import { MerchantStatusBadge } from './badges';
import { Ledger } from './ledger';
import { useMerchantAction } from './mutations';
import { useMerchant } from './queries';
import type { MerchantRow } from './types';
import { ConfirmButton } from './ui';

const BACK = '/operator/merchants';

/** /operator/merchants/:id: the merchant, its branches, staff count, balance and ledger; approve, suspend, reinstate. */
export function MerchantPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const query = useMerchant(id);
  return (
    <DetailScreen id={id} query={query} title={t('operator.merchants.details')} back={BACK}>
      {({ merchant, branches, staffCount, ledger }) => (
        <Stack gap="md" data-testid="merchant-details">
          <PageHeader title={<Bdi>{merchant.name}</Bdi>} back={BACK} />
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Group gap={6}>
                  <MerchantStatusBadge status={merchant.status} />
                  <Badge variant="outline" color={merchant.isLive ? 'teal' : 'gray'}>
                    {t(merchant.isLive ? 'operator.merchants.live' : 'operator.merchants.notLive')}
                  </Badge>
                </Group>
                <MerchantActions merchant={merchant} />
              </Group>
              <DetailList
                items={[
                  [t('operator.common.mobile'), <Phone key="m" value={merchant.mobile} call />],
                  [t('operator.common.balance'), <Bdi key="b">{formatPoints(merchant.balance)}</Bdi>],
                  [t('operator.merchants.staffCount'), formatNumber(staffCount)],
                  [t('operator.common.created'), formatDateTime(merchant.createdAt)],
                ]}
              />
            </Stack>
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h5" mb="sm">
                {t('operator.merchants.branches')}
              </Title>
              {branches.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('operator.merchants.noBranches')}
                </Text>
              ) : (
                <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                  {branches.map((b) => (
                    <Text key={b.id} component="li" size="sm">
                      <Bdi>{localized(b, 'name')}</Bdi>
                    </Text>
                  ))}
                </Stack>
              )}
            </Paper>
            <Ledger rows={ledger} />
          </SimpleGrid>
        </Stack>
      )}
    </DetailScreen>
  );
}

/** What the merchant's status allows: approve one under review, suspend an approved one, reinstate a suspended one. */
function MerchantActions({ merchant }: { merchant: MerchantRow }) {
  const { t } = useTranslation();
  const approve = useMerchantAction('approve');
  const suspend = useMerchantAction('suspend');
  const reinstate = useMerchantAction('reinstate');
  const name = merchant.name;
  const { mobile } = merchant;
  return (
    <Group gap="xs">
      {merchant.status === 'pending' && (
        <ConfirmButton
          label={t('operator.merchants.approve')}
          title={t('operator.merchants.approve')}
          message={t('operator.merchants.approveConfirm', { name })}
          pending={approve.isPending}
          onConfirm={() => approve.mutateAsync({ mobile })}
          variant="filled"
          testId="approve"
        />
      )}
      {merchant.status === 'approved' && (
        <ConfirmButton
          label={t('operator.merchants.suspend')}
          title={t('operator.merchants.suspend')}
          message={t('operator.merchants.suspendConfirm', { name })}
          reason="required"
          pending={suspend.isPending}
          onConfirm={(reason) => suspend.mutateAsync({ mobile, reason })}
          color="red"
          testId="suspend"
        />
      )}
      {merchant.status === 'suspended' && (
        <ConfirmButton
          label={t('operator.merchants.reinstate')}
          title={t('operator.merchants.reinstate')}
          message={t('operator.merchants.reinstateConfirm', { name })}
          reason="required"
          pending={reinstate.isPending}
          onConfirm={(reason) => reinstate.mutateAsync({ mobile, reason })}
          testId="reinstate"
        />
      )}
    </Group>
  );
}
