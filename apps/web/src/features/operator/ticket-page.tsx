import { operatorEndpoints } from '@loyalty/contract/endpoints/operator';
import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { DetailScreen } from '../../components/detail-screen';
import { PageHeader } from '../../components/page-header';
import { useFieldError } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useIdParam } from '../../lib/route-id';
import { useCloseTicket, useReplyTicket } from './mutations';
import { useTicket } from './queries';
import type { TicketMessage } from './types';
import { ConfirmButton } from './ui';

const BACK = '/operator/tickets';
const messageRule = operatorEndpoints['admin/ticket/reply'].body.shape.message;

/** /operator/tickets/:id: the thread (the merchant's messages and the operators' answers), reply, close. */
export function TicketPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const query = useTicket(id);
  const close = useCloseTicket();
  return (
    <DetailScreen id={id} query={query} title={t('operator.areas.tickets')} back={BACK}>
      {({ ticket, messages }) => (
        <Stack gap="md" data-testid="ticket-details">
          <PageHeader title={`#${ticket.id}`} back={BACK} />
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" gap="xs" align="flex-start">
              <Stack gap={2} miw={0}>
                <Text fw={700}>
                  <Bdi>{ticket.title}</Bdi>
                </Text>
                <Text size="sm" c="dimmed">
                  <Bdi>{ticket.merchantName}</Bdi> · {formatDateTime(ticket.createdAt)}
                </Text>
              </Stack>
              {ticket.status === 'open' ? (
                <ConfirmButton
                  label={t('operator.tickets.close')}
                  title={t('operator.tickets.close')}
                  message={t('operator.tickets.closeConfirm')}
                  pending={close.isPending}
                  onConfirm={() => close.mutateAsync(ticket.id)}
                  color="red"
                  testId="close-ticket"
                />
              ) : (
                <Badge variant="light" color="gray">
                  {t('operator.tickets.closed')}
                </Badge>
              )}
            </Group>
          </Paper>
          <Stack gap="xs" component="section" aria-label={t('operator.tickets.thread')} data-testid="thread">
            <Bubble message={openingOf(ticket)} opening />
            {messages.map((m) => (
              <Bubble key={m.id} message={m} />
            ))}
          </Stack>
          {ticket.status === 'open' ? (
            <ReplyForm ticketId={ticket.id} />
          ) : (
            <Text c="dimmed" ta="center">
              {t('operator.tickets.isClosed')}
            </Text>
          )}
        </Stack>
      )}
    </DetailScreen>
  );
}

/** The merchant's opening text, shown as the thread's first message. */
const openingOf = (ticket: { id: number; body: string; createdAt: string }): TicketMessage => ({
  id: 0,
  ticketId: ticket.id,
  messageBody: ticket.body,
  adminId: null,
  Admin: null,
  createdAt: ticket.createdAt,
});

/** A message: the operators' on the end side, the merchant's on the start side. */
function Bubble({ message, opening = false }: { message: TicketMessage; opening?: boolean }) {
  const { t } = useTranslation();
  const fromSupport = message.adminId !== null;
  const sender = fromSupport
    ? [t('operator.tickets.support'), message.Admin ? localized(message.Admin, 'name') : null]
        .filter(Boolean)
        .join(' · ')
    : t('operator.tickets.merchant');
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      maw="85%"
      bg={fromSupport ? 'var(--mantine-color-teal-light)' : 'var(--mantine-color-gray-light)'}
      style={{ alignSelf: fromSupport ? 'flex-end' : 'flex-start' }}
      data-testid={opening ? 'thread-opening' : 'thread-message'}
      data-from={fromSupport ? 'support' : 'merchant'}
    >
      <Text size="xs" fw={700} c="dimmed">
        <Bdi>{sender}</Bdi> · {formatDateTime(message.createdAt)}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <Bdi>{message.messageBody}</Bdi>
      </Text>
    </Paper>
  );
}

function ReplyForm({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const reply = useReplyTicket();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      aria-label={t('operator.tickets.reply')}
      data-testid="operator-reply-form"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = messageRule.safeParse(text);
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        reply.mutate({ ticketId, message: parsed.data }, { onSuccess: () => setText('') });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('operator.tickets.yourReply')}
          required
          autosize
          minRows={2}
          maxLength={2000}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(undefined);
          }}
          error={fieldError({ message: error })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={reply.isPending}>
            {t('operator.tickets.reply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
