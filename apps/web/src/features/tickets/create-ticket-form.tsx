import { zodResolver } from '@hookform/resolvers/zod';
import { TICKET_TYPES } from '@loyalty/contract/constants';
import { createTicketBody } from '@loyalty/contract/endpoints/tickets';
import { Button, Select, Stack, Textarea } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { localized } from '../../lib/localized';
import { useCreateTicket, useTicketSubjects } from './api';

type Form = z.input<typeof createTicketBody>;
const FIELDS = ['ticketType', 'ticketTypeId', 'ticketBody'];

/**
 * Create ticket (SPEC §2, §5): a type (general, offer, product), the offer or product picker only
 * for those types, and the message (required). Sent with portalType user.
 */
export function CreateTicketForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const create = useCreateTicket();
  const { control, register, handleSubmit, setError, setValue, formState } = useForm<Form>({
    resolver: zodResolver(createTicketBody),
    mode: 'onTouched',
    defaultValues: { portalType: 'user', ticketType: 'general', ticketTypeId: undefined, ticketBody: '' },
  });
  const { errors } = formState;
  const type = useWatch({ control, name: 'ticketType' }) as string;
  const subjectType = type === 'offer' || type === 'product' ? type : null;
  const subjects = useTicketSubjects(subjectType);

  const onSubmit = handleSubmit((v) =>
    create.mutate(createTicketBody.parse(v), {
      onSuccess: () => onDone(),
      onError: (e) => applyServerErrors(e, setError, FIELDS),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('tickets.create')} data-testid="create-ticket-form">
      <Stack gap="sm">
        <Controller
          control={control}
          name="ticketType"
          render={({ field }) => (
            <Select
              label={t('tickets.type')}
              required
              allowDeselect={false}
              data={TICKET_TYPES.map((v) => ({ value: v, label: t(`tickets.types.${v}`) }))}
              value={(field.value as string) ?? null}
              onChange={(v) => {
                field.onChange(v);
                setValue('ticketTypeId', undefined);
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError(errors.ticketType)}
              data-testid="ticket-type"
            />
          )}
        />
        {subjectType && (
          <Controller
            control={control}
            name="ticketTypeId"
            render={({ field }) => (
              <Select
                label={t(subjectType === 'offer' ? 'tickets.offer' : 'tickets.product')}
                required
                searchable
                nothingFoundMessage={t('tickets.nothingToChoose')}
                data={(subjects.data ?? []).map((s) => ({ value: String(s.id), label: localized(s, 'name') }))}
                value={field.value === undefined || field.value === null ? null : String(field.value)}
                onChange={(v) => field.onChange(v === null ? undefined : Number(v))}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError(errors.ticketTypeId)}
                data-testid="ticket-subject"
              />
            )}
          />
        )}
        <Textarea
          label={t('tickets.message')}
          required
          autosize
          minRows={3}
          {...register('ticketBody')}
          error={fieldError(errors.ticketBody)}
        />
        <Button type="submit" loading={create.isPending}>
          {t('tickets.submit')}
        </Button>
      </Stack>
    </form>
  );
}
