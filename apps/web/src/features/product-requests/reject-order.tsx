import type { ProductRequest } from '@loyalty/contract';
import { Alert, Button } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RejectSheet } from '../../components/reject-sheet';
import { useRejectOrder } from './api';

/**
 * Reject with a reason (docs/domain.md "Rejected requests"): on a pending order not yet on its way,
 * a Reject button and its sheet; on a rejected one, the reason.
 */
export function RejectOrder({ r }: { r: ProductRequest }) {
  const { t } = useTranslation();
  const reject = useRejectOrder();
  const [open, setOpen] = useState(false);
  if (r.status === 'rejected')
    return (
      <Alert color="red" icon={<IconX />} data-testid="rejected-reason" title={t('reject.rejected')}>
        <span dir="auto">{t('reject.reasonShown', { reason: r.rejectReason ?? '' })}</span>
      </Alert>
    );
  const canReject = r.status === 'pending' && (r.deliveryStatus === null || r.deliveryStatus === 'pending');
  if (!canReject) return null;
  return (
    <>
      <Button
        variant="outline"
        color="red"
        leftSection={<IconX size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {t('reject.confirm')}
      </Button>
      <RejectSheet
        opened={open}
        onClose={() => setOpen(false)}
        loading={reject.isPending}
        onReject={(reason) => reject.mutateAsync({ reqId: r.id, reason })}
      />
    </>
  );
}
