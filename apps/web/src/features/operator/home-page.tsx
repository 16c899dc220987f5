import { Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Amount } from '../../components/bidi';
import { formatNumber, formatPrice } from '../../lib/format';
import { HomeChart } from './home-chart';
import { canReach } from './menu';
import { useHome } from './queries';
import { useOperatorSession } from './session';
import { ListState } from './ui';

/** One figure of what waits; a link to its list where the role reaches it. */
function Tile({ label, value, to, children }: { label: string; value: string; to?: string; children?: ReactNode }) {
  const body = (
    <Paper withBorder radius="md" p="md" h="100%">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={26} lh={1.3}>
        <Amount>{value}</Amount>
      </Text>
      {children}
    </Paper>
  );
  return to ? (
    <UnstyledButton component={Link} to={to} style={{ display: 'block' }}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}

/** /operator: what waits for the platform's staff, today's figures and the last 7 days (admin/home). */
export function HomePage() {
  const { t } = useTranslation();
  const role = useOperatorSession()?.operator.role ?? 'support';
  const home = useHome();
  const link = (area: 'merchants' | 'tickets' | 'settlements', to: string) => (canReach(role, area) ? to : undefined);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('operator.home.title')}
      </Title>
      <ListState query={home} isEmpty={() => false} empty="">
        {(h) => (
          <Stack gap="md" data-testid="operator-home">
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Tile
                label={t('operator.home.merchantsToReview')}
                value={formatNumber(h.merchantsToReview)}
                to={link('merchants', '/operator/merchants?status=pending')}
              />
              <Tile
                label={t('operator.home.openTickets')}
                value={formatNumber(h.openTickets.total)}
                to={link('tickets', '/operator/tickets')}
              >
                <Group gap={6} mt={4}>
                  <Text size="xs" c="dimmed">
                    {t('operator.home.unanswered')} {formatNumber(h.openTickets.unanswered)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('operator.home.olderThanDay')} {formatNumber(h.openTickets.olderThanDay)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('operator.home.olderThanWeek')} {formatNumber(h.openTickets.olderThanWeek)}
                  </Text>
                </Group>
              </Tile>
              <Tile
                label={t('operator.home.settlementsToPay')}
                value={formatNumber(h.settlementsToPay.count)}
                to={link('settlements', '/operator/settlements?status=pending')}
              >
                <Text size="xs" c="dimmed" mt={4}>
                  <Amount>{formatPrice(h.settlementsToPay.amount)}</Amount>
                </Text>
              </Tile>
              <Tile label={t('operator.home.todayRequests')} value={formatNumber(h.today.requests)} />
              <Tile label={t('operator.home.todaySales')} value={formatPrice(h.today.sales)} />
            </SimpleGrid>
            <HomeChart days={h.days} />
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
