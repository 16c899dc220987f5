import type { ApiResponse } from '@loyalty/contract';
import { Badge, Group, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Amount, OneLine } from '../../components/bidi';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { Phone } from '../../components/phone';
import { formatNumber, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useOfferUsers } from './api';
import classes from './offers.module.css';

type Details = ApiResponse<'merchant/offer/details'>;

/**
 * Tabs Users and Requests with counts (SPEC §2). Merchants read the customers from
 * `admin/offer/users/list`; staff, who may not call it, see those of their branch's requests.
 */
export function OfferPeople({ offer, isMerchant }: { offer: Details; isMerchant: boolean }) {
  const { t } = useTranslation();
  const fetched = useOfferUsers(offer.id, isMerchant);
  const fromRequests = useMemo(() => {
    const byUser = new Map<number, { id: number; name: string; mobile: string; requestsCount: number }>();
    for (const r of offer.Requests) {
      const u = byUser.get(r.user.id) ?? { ...r.user, requestsCount: 0 };
      byUser.set(r.user.id, { ...u, requestsCount: u.requestsCount + 1 });
    }
    return { rows: [...byUser.values()], count: byUser.size };
  }, [offer.Requests]);
  const users = isMerchant ? fetched.data : fromRequests;

  return (
    <Tabs defaultValue="users">
      <Tabs.List grow>
        <Tabs.Tab
          value="users"
          rightSection={
            <Badge size="sm" variant="light" circle>
              {formatNumber(users?.count ?? offer.usersCount)}
            </Badge>
          }
        >
          {t('offers.users')}
        </Tabs.Tab>
        <Tabs.Tab
          value="requests"
          rightSection={
            <Badge size="sm" variant="light" circle>
              {formatNumber(offer.requestsCount)}
            </Badge>
          }
        >
          {t('offers.requests')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="users" pt="md">
        {isMerchant && fetched.isLoading && <LoadingScreen fullHeight={false} />}
        {users && users.rows.length === 0 && <EmptyState text={t('offers.noUsers')} />}
        <Stack gap="xs">
          {users?.rows.map((u) => (
            <Group key={u.id} justify="space-between" className={classes.row} wrap="nowrap">
              <Stack gap={0} miw={0}>
                <OneLine fw={600}>{u.name}</OneLine>
                <Text size="sm" c="dimmed">
                  <Phone value={u.mobile} />
                </Text>
              </Stack>
              <Text size="sm" flex="none">
                {t('offers.requestsOfUser', { count: u.requestsCount })}
              </Text>
            </Group>
          ))}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="requests" pt="md">
        {offer.Requests.length === 0 && <EmptyState text={t('offers.noRequests')} />}
        <Stack gap="xs">
          {offer.Requests.map((r) => (
            <UnstyledButton key={r.id} component={Link} to={`/request/${r.id}`} className={classes.row}>
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <OneLine fw={600}>{r.user.name}</OneLine>
                  <OneLine size="sm" c="dimmed">
                    {localized(r.Branch, 'address')}
                  </OneLine>
                </Stack>
                <Stack gap={2} align="flex-end">
                  <Badge color={r.status === 'pending' ? 'teal' : 'red'} variant="light" size="sm">
                    {t(`offers.status.${r.status}`)}
                  </Badge>
                  <Text size="sm">
                    <Amount>
                      {/* paid with points: the points it cost (issue 23) */}
                      {r.payWith === 'points' ? formatPoints(r.offerDetail.points) : formatPrice(r.offerDetail.price)}
                    </Amount>
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
