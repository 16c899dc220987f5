import { zodResolver } from '@hookform/resolvers/zod';
import type { Card } from '@loyalty/contract';
import { type CardForm, cardFormSchema, formatCardNumber, padMonth, toAddCardBody } from '@loyalty/contract/card-rules';
import { LIMITS } from '@loyalty/contract/constants';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/password-field';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { useAddCard } from './api';

const FIELDS = ['nameOnCard', 'cardNumber', 'expiryMonth', 'expiryYear', 'CVV'];
const digits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);

/**
 * The add-card form (SPEC §5): the number formats itself as it is typed (digits only, groups of
 * four, 19 characters at most), the month is zero-padded, and every rule shows the contract's
 * message. The number and CVV go to the server once and are never kept in the app.
 */
export function AddCardForm({ onDone, onCancel }: { onDone: (card: Card) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const add = useAddCard();
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<CardForm>({
    resolver: zodResolver(cardFormSchema),
    mode: 'onTouched',
    defaultValues: { nameOnCard: '', cardNumber: '', expiryMonth: '', expiryYear: '', CVV: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((v) =>
    add.mutate(toAddCardBody(v as Parameters<typeof toAddCardBody>[0]), {
      onSuccess: onDone,
      onError: (e) => applyServerErrors(e, setError, FIELDS, { expirationDate: 'expiryYear' }),
    }),
  );

  const numeric = (name: 'expiryMonth' | 'expiryYear' | 'CVV', max: number) => ({
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValue(name, digits(e.currentTarget.value, max), { shouldDirty: true, shouldValidate: !!errors[name] }),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('packages.addCard')} data-testid="add-card-form">
      <Stack gap="sm">
        <TextInput
          label={t('packages.nameOnCard')}
          autoComplete="cc-name"
          required
          {...register('nameOnCard')}
          error={fieldError(errors.nameOnCard)}
        />
        <Controller
          control={control}
          name="cardNumber"
          render={({ field }) => (
            <TextInput
              label={t('packages.cardNumber')}
              placeholder="0000 0000 0000 0000"
              autoComplete="cc-number"
              inputMode="numeric"
              dir="ltr"
              required
              maxLength={LIMITS.cardNumberMaxLength}
              leftSection={<IconCreditCard size={18} aria-hidden />}
              name={field.name}
              ref={field.ref}
              value={field.value as string}
              onChange={(e) => field.onChange(formatCardNumber(e.currentTarget.value))}
              onBlur={field.onBlur}
              error={fieldError(errors.cardNumber)}
            />
          )}
        />
        <Group gap="sm" grow align="flex-start" wrap="nowrap">
          <TextInput
            label={t('packages.expiryMonth')}
            placeholder="MM"
            autoComplete="cc-exp-month"
            inputMode="numeric"
            dir="ltr"
            required
            maxLength={2}
            {...register('expiryMonth', {
              onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
                const v = e.currentTarget.value;
                if (v) setValue('expiryMonth', padMonth(v), { shouldValidate: true });
              },
            })}
            {...numeric('expiryMonth', 2)}
            error={fieldError(errors.expiryMonth)}
          />
          <TextInput
            label={t('packages.expiryYear')}
            placeholder="YYYY"
            autoComplete="cc-exp-year"
            inputMode="numeric"
            dir="ltr"
            required
            maxLength={4}
            {...register('expiryYear')}
            {...numeric('expiryYear', 4)}
            error={fieldError(errors.expiryYear)}
          />
          <PasswordField
            label={t('packages.cvv')}
            autoComplete="cc-csc"
            inputMode="numeric"
            dir="ltr"
            required
            maxLength={LIMITS.cvvDigits}
            {...register('CVV')}
            {...numeric('CVV', LIMITS.cvvDigits)}
            error={fieldError(errors.CVV)}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={add.isPending}>
            {t('packages.saveCard')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
