import type { ProductRequest } from '@loyalty/contract';
import { ACCEPT_LIMITS, PREP_MINUTE_CHOICES, prepMinutes } from '@loyalty/contract/accept';
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconChefHat, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AcceptCountdown } from '../../components/accept-countdown';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useAcceptOrder, useMarkReady } from './api';

/**
 * Accept in time (docs/domain.md "Accepting in time"): a new order shows its countdown and Accept
 * with a preparation-minutes picker (5-120); an accepted one its ready time and Ready.
 */
export function AcceptOrder({ r }: { r: ProductRequest }) {
  const { t } = useTranslation();
  if (r.status !== 'pending') return null;
  if (r.acceptedAt === null) return r.acceptBy ? <AcceptForm id={r.id} acceptBy={r.acceptBy} /> : null;
  return (
    <Alert
      color="teal"
      icon={<IconCircleCheck />}
      data-testid="order-accepted"
      title={t('product-requests.accept.accepted')}
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('product-requests.accept.readyBy', {
            time: formatDateTime(r.readyBy),
            minutes: formatNumber(r.prepMinutes ?? 0),
          })}
        </Text>
        {r.readyAt ? (
          <Text size="sm" fw={600} data-testid="order-ready">
            {t('product-requests.accept.readyAt', { time: formatDateTime(r.readyAt) })}
          </Text>
        ) : (
          <ReadyButton id={r.id} />
        )}
      </Stack>
    </Alert>
  );
}

function ReadyButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const ready = useMarkReady();
  return (
    <Group>
      <Button size="xs" loading={ready.isPending} onClick={() => ready.mutate(id)}>
        {t('product-requests.accept.ready')}
      </Button>
    </Group>
  );
}

/** The accept form: the preparation minutes (a choice of the usual ones), then Accept. */
export function AcceptForm({ id, acceptBy }: { id: number; acceptBy: string }) {
  const { t } = useTranslation();
  const accept = useAcceptOrder();
  const [minutes, setMinutes] = useState<string | null>('15');
  const parsed = prepMinutes().safeParse(minutes);
  const error = minutes !== null && !parsed.success ? t('msg.prepMinutesRange') : undefined;
  return (
    <Paper withBorder radius="md" p="md" data-testid="accept-order">
      <form
        aria-label={t('product-requests.accept.title')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed.success) accept.mutate({ id, prepMinutes: parsed.data });
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <IconChefHat size={18} aria-hidden />
              <Title order={2} size="h5">
                {t('product-requests.accept.title')}
              </Title>
            </Group>
            <AcceptCountdown until={acceptBy} />
          </Group>
          <Select
            label={t('product-requests.accept.prepMinutes')}
            description={t('product-requests.accept.prepHint', {
              min: formatNumber(ACCEPT_LIMITS.prepMinutesMin),
              max: formatNumber(ACCEPT_LIMITS.prepMinutesMax),
            })}
            data={PREP_MINUTE_CHOICES.map((m) => ({
              value: String(m),
              label: t('product-requests.accept.minutes', { formatted: formatNumber(m) }),
            }))}
            value={minutes}
            onChange={setMinutes}
            allowDeselect={false}
            error={error}
          />
          <Button type="submit" color="teal" loading={accept.isPending} disabled={!parsed.success}>
            {t('product-requests.accept.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
