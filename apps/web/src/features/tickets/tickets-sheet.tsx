import type { Ticket } from '@loyalty/contract';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../components/back-button';
import { Bdi } from '../../components/bidi';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { RowCard, RowList } from '../../components/row-card';
import { formatDate } from '../../lib/format';
import { localized } from '../../lib/localized';
import type { SheetProps } from '../../lib/menu';
import { useCloseTicket, useTicketList } from './api';
import { CreateTicketForm } from './create-ticket-form';

/** The ticket's status badge: open, or "Closed Ticket" once closed (SPEC §4). */
export function TicketStatus({ ticket }: { ticket: Pick<Ticket, 'isClosed'> }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={ticket.isClosed ? 'gray' : 'teal'} data-testid="ticket-status">
      {t(ticket.isClosed ? 'tickets.closedTicket' : 'tickets.open')}
    </Badge>
  );
}

/** A Close button for an open ticket: closes it once, toasts and reloads the list. */
export function CloseTicketButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const close = useCloseTicket();
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      loading={close.isPending}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        close.mutate(id);
      }}
    >
      {t('tickets.close')}
    </Button>
  );
}

/** The settings entry "Tickets" (SPEC §2): list, create ticket, close ticket; rows open /ticket/{id}. */
export default function TicketsSheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const list = useTicketList();
  if (adding)
    return (
      <Stack gap="sm">
        <BackButton label={t('tickets.backToList')} onClick={() => setAdding(false)} />
        <CreateTicketForm onDone={() => setAdding(false)} />
      </Stack>
    );
  const rows = list.data?.rows ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        {list.isSuccess && (
          <Text c="dimmed" size="sm">
            {t('tickets.count', { count: list.data.count })}
          </Text>
        )}
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)} data-opens-form>
          {t('tickets.create')}
        </Button>
      </Group>
      {list.isLoading && <LoadingScreen fullHeight={false} />}
      {list.isSuccess && rows.length === 0 && <EmptyState text={t('tickets.empty')} />}
      <RowList rows={rows}>
        {(ticket) => (
          <RowCard to={`/ticket/${ticket.id}`} onClick={onClose} testId="ticket-row">
            <Group wrap="nowrap" gap="sm" align="flex-start">
              <IconTicket size={26} aria-hidden />
              <Stack gap={2} flex={1} miw={0}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={700} truncate>
                    #{ticket.id} · {t(`tickets.types.${ticket.ticketType}`)}
                    {ticket.subject && (
                      <>
                        {' · '}
                        <Bdi>{localized(ticket.subject, 'name')}</Bdi>
                      </>
                    )}
                  </Text>
                  <TicketStatus ticket={ticket} />
                </Group>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  <Bdi>{ticket.ticketBody}</Bdi>
                </Text>
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed">
                    {formatDate(ticket.createdAt)}
                  </Text>
                  {!ticket.isClosed && <CloseTicketButton id={ticket.id} />}
                </Group>
              </Stack>
            </Group>
          </RowCard>
        )}
      </RowList>
    </Stack>
  );
}
