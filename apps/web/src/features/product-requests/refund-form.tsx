import { zodResolver } from '@hookform/resolvers/zod';
import { confirmRefundBody } from '@loyalty/contract/endpoints/product-requests';
import { Button, Stack, Textarea } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useManagerApproval } from '../../components/manager-approval';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { useConfirmRefund } from './api';

const schema = confirmRefundBody.pick({ comment: true });

/** The Refund action (SPEC §4): the comment (the merchant's, or staff with refunds), then refund.pending → refund.done. */
export function RefundForm({ reqId }: { reqId: number }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  // staff: a refund the merchant keeps for the manager opens "Manager approval" (issue 27)
  const confirm = useManagerApproval(useConfirmRefund());
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { comment: '' },
  });
  // the toast comes from the hook (lib/mutation): the refreshed request (refund.done) unmounts this form
  const onSubmit = handleSubmit(({ comment }) =>
    confirm.mutate({ reqId, comment }, { onError: (e) => applyServerErrors(e, setError, ['comment']) }),
  );
  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('product-requests.refund')}>
        <Stack gap="sm">
          <Textarea
            label={t('product-requests.refundCommentLabel')}
            placeholder={t('product-requests.refundCommentPlaceholder')}
            autosize
            minRows={2}
            maxLength={500}
            required
            dir="auto"
            {...register('comment')}
            error={fieldError(formState.errors.comment)}
          />
          <Button type="submit" color="grape" loading={confirm.isPending} leftSection={<IconReceiptRefund size={16} />}>
            {t('product-requests.refund')}
          </Button>
        </Stack>
      </form>
      {/* outside the form: the PIN form's submit must not bubble into this one */}
      {confirm.modal}
    </>
  );
}
