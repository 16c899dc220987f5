import type { Ticket, TicketMessage } from '@loyalty/contract';
import { ActionIcon, Button, Group, Paper, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { DetailList } from '../../components/detail-list';
import { DetailScreen } from '../../components/detail-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useIdParam } from '../../lib/route-id';
import { useDeleteMessage, useReply, useTicket, useTicketMessages } from './api';
import { CloseTicketButton, TicketStatus } from './tickets-sheet';

const BACK = '/setting?sheet=tickets';

/** /ticket/:id (SPEC §2): tabs Information (the ticket's message) and Messages (history and reply box). */
export function TicketDetailsPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const ticket = useTicket(id);
  return (
    <DetailScreen id={id} query={ticket} title={t('screens.ticketDetails')} back={BACK}>
      {(tk) => (
        <Stack gap="md">
          <PageHeader title={t('screens.ticketDetails')} back={BACK} />
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h4">
              #{tk.id} · {t(`tickets.types.${tk.ticketType}`)}
            </Title>
            <Group gap="xs">
              <TicketStatus ticket={tk} />
              {!tk.isClosed && <CloseTicketButton id={tk.id} />}
            </Group>
          </Group>
          <Tabs defaultValue="information">
            <Tabs.List grow>
              <Tabs.Tab value="information">{t('tickets.information')}</Tabs.Tab>
              <Tabs.Tab value="messages">{t('tickets.messages')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="information" pt="md">
              <Information ticket={tk} />
            </Tabs.Panel>
            <Tabs.Panel value="messages" pt="md">
              <Messages ticket={tk} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </DetailScreen>
  );
}

function Information({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid="ticket-information">
      <Stack gap="sm">
        <Text style={{ whiteSpace: 'pre-wrap' }}>
          <Bdi>{ticket.ticketBody}</Bdi>
        </Text>
        <DetailList
          items={[
            [t('tickets.type'), t(`tickets.types.${ticket.ticketType}`)],
            ...(ticket.subject
              ? [
                  [t(`tickets.${ticket.ticketType}`), <Bdi key="s">{localized(ticket.subject, 'name')}</Bdi>] as [
                    string,
                    ReactNode,
                  ],
                ]
              : []),
            [t('tickets.openedBy'), <Bdi key="u">{ticket.User.name}</Bdi>],
            [t('tickets.date'), formatDateTime(ticket.createdAt)],
          ]}
        />
      </Stack>
    </Paper>
  );
}

function Messages({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const messages = useTicketMessages(ticket.id);
  const rows = messages.data?.rows ?? [];
  // the ticket's own text opens its thread (issue 23): the merchant's first message, not deletable
  const opening: TicketMessage = {
    id: 0,
    ticketId: ticket.id,
    messageBody: ticket.ticketBody,
    adminId: null,
    Admin: null,
    createdAt: ticket.createdAt,
  };
  return (
    <Stack gap="sm">
      {messages.isLoading && <LoadingScreen fullHeight={false} />}
      <Stack gap="xs" data-testid="ticket-messages">
        <MessageBubble message={opening} canDelete={false} ticketId={ticket.id} />
        {rows.map((m) => (
          <MessageBubble key={m.id} message={m} canDelete={!ticket.isClosed} ticketId={ticket.id} />
        ))}
      </Stack>
      {ticket.isClosed ? (
        <Text c="dimmed" ta="center" data-testid="closed-label">
          {t('tickets.closedTicket')}
        </Text>
      ) : (
        <ReplyBox ticketId={ticket.id} />
      )}
    </Stack>
  );
}

/** One message: the operator's on the start side, the merchant's own on the end side, told apart by colour and label. */
function MessageBubble({
  message,
  canDelete,
  ticketId,
}: {
  message: TicketMessage;
  canDelete: boolean;
  ticketId: number;
}) {
  const { t } = useTranslation();
  const del = useDeleteMessage(ticketId);
  const fromSupport = message.adminId !== null;
  // the operator who answered, by name where the answer carries it: "Support · Platform support"
  const sender = fromSupport
    ? [t('tickets.fromSupport'), message.Admin ? localized(message.Admin, 'name') : null].filter(Boolean).join(' · ')
    : t('tickets.fromMe');
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      maw="85%"
      bg={fromSupport ? 'var(--mantine-color-gray-light)' : 'var(--mantine-color-teal-light)'}
      style={{ alignSelf: fromSupport ? 'flex-start' : 'flex-end' }}
      data-testid="ticket-message"
      data-from={fromSupport ? 'support' : 'me'}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="xs" fw={700} c="dimmed">
          <Bdi>{sender}</Bdi> · {formatDateTime(message.createdAt)}
        </Text>
        {!fromSupport && canDelete && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={t('tickets.deleteMessage')}
            loading={del.isPending}
            onClick={() => del.mutate(message.id)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      <Text style={{ whiteSpace: 'pre-wrap' }}>
        <Bdi>{message.messageBody}</Bdi>
      </Text>
    </Paper>
  );
}

/** The reply box (SPEC §5: no validation shown; an empty reply is simply not sent). */
function ReplyBox({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const reply = useReply(ticketId);
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    reply.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  return (
    <form onSubmit={submit} aria-label={t('tickets.reply')} data-testid="reply-form">
      <Stack gap="xs">
        <Textarea
          label={t('tickets.yourReply')}
          autosize
          minRows={2}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Button type="submit" loading={reply.isPending}>
          {t('tickets.reply')}
        </Button>
      </Stack>
    </form>
  );
}
