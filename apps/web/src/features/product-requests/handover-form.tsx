import type { ProductRequest } from '@loyalty/contract';
import { Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconHandStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useConfirmHandover } from './api';

/**
 * Confirm the handover without the customer's code (issue 26, proof of delivery): on a delivery in
 * progress (the code locked after 5 wrong tries, or the customer could not give it), with a reason
 * that goes into the audit trail.
 */
export function HandoverForm({ r }: { r: ProductRequest }) {
  const { t } = useTranslation();
  const confirm = useConfirmHandover();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  if (r.status !== 'pending' || r.deliveryStatus !== 'inProgress') return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="handover">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return setError(t('msg.required'));
          setError(undefined);
          confirm.mutate(
            { id: r.id, reason: reason.trim() },
            { onError: (x) => setError(x instanceof ApiError ? x.errors[0]?.message : undefined) },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('product-requests.handover.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('product-requests.handover.hint')}
          </Text>
          <Textarea
            label={t('product-requests.handover.reason')}
            autosize
            minRows={2}
            maxLength={200}
            dir="auto"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
          />
          <Button type="submit" variant="light" loading={confirm.isPending} leftSection={<IconHandStop size={16} />}>
            {t('product-requests.handover.confirm')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
