import { Badge, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bdi, OneLine } from '../../components/bidi';
import { RowCard, RowList } from '../../components/row-card';
import { formatDateTime } from '../../lib/format';
import { useFilterParam } from './filters';
import { useTickets } from './queries';
import { ListState } from './ui';

/** /operator/tickets: the inbox, unanswered first then oldest first (the server's order); open by default. */
export function TicketsPage() {
  const { t } = useTranslation();
  const [param, setParam] = useFilterParam('status');
  const status = param === 'closed' ? 'closed' : param === 'all' ? undefined : 'open';
  const list = useTickets(status);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('operator.areas.tickets')}
      </Title>
      <SegmentedControl
        value={status ?? 'all'}
        onChange={(v) => setParam(v === 'open' ? '' : v)}
        data={[
          { value: 'open', label: t('operator.tickets.open') },
          { value: 'closed', label: t('operator.tickets.closed') },
          { value: 'all', label: t('operator.common.all') },
        ]}
        aria-label={t('operator.common.status')}
        data-testid="ticket-status-filter"
      />
      <ListState query={list} isEmpty={(d) => d.rows.length === 0} empty={t('operator.tickets.empty')}>
        {(d) => (
          <RowList rows={d.rows}>
            {(tk) => (
              <RowCard to={`/operator/tickets/${tk.id}`} testId="ticket-row">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <OneLine fw={700}>
                      #{tk.id} · {tk.title}
                    </OneLine>
                    {tk.status === 'closed' ? (
                      <Badge variant="light" color="gray">
                        {t('operator.tickets.closed')}
                      </Badge>
                    ) : (
                      <Badge variant="light" color={tk.answered ? 'teal' : 'orange'} data-testid="ticket-answered">
                        {t(tk.answered ? 'operator.tickets.answered' : 'operator.tickets.unanswered')}
                      </Badge>
                    )}
                  </Group>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm" c="dimmed">
                      <Bdi>{tk.merchantName}</Bdi>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('operator.tickets.lastMessage', { when: formatDateTime(tk.lastMessageAt) })}
                    </Text>
                  </Group>
                </Stack>
              </RowCard>
            )}
          </RowList>
        )}
      </ListState>
    </Stack>
  );
}
