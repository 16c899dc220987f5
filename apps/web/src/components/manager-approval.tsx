/**
 * "Manager approval" (issue 27): when a staff member's action is refused because their permission
 * set lacks it, or because it is above the merchant's threshold, the manager types the six-digit
 * override PIN on the same phone and that one action is sent again with `overridePin`. One piece
 * for every screen: `useManagerApproval(mutation)` wraps a mutation whose variables take an
 * `overridePin`, and gives its `mutate` plus the modal to render.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { overridePin } from '@loyalty/contract/endpoints/permissions';
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFieldError } from '../lib/form-errors';
import { needsManager } from '../lib/override';

const schema = z.object({ pin: overridePin() });

export interface ManagerApprovalModalProps {
  opened: boolean;
  /** Why the manager is asked: the server's refusal ("You need the permission …"). */
  reason: string;
  /** The PIN's refusal (wrong, locked), shown under the field. */
  error: string | null;
  loading: boolean;
  onClose: () => void;
  onSubmit: (pin: string) => void;
}

export function ManagerApprovalModal({ opened, reason, error, loading, onClose, onSubmit }: ManagerApprovalModalProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { pin: '' },
  });
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('approval.title')} data-testid="manager-approval">
      <form
        noValidate
        aria-label={t('approval.title')}
        onSubmit={handleSubmit(({ pin }) => {
          reset();
          onSubmit(pin);
        })}
      >
        <Stack gap="sm">
          <Alert color="orange" icon={<IconLock aria-hidden />} data-testid="approval-reason">
            {reason}
          </Alert>
          <Text size="sm">{t('approval.hint')}</Text>
          <TextInput
            label={t('approval.pin')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            dir="ltr"
            data-autofocus
            {...register('pin')}
            error={fieldError(formState.errors.pin)}
          />
          {error && (
            <Text c="red" size="sm" role="alert" data-testid="approval-error">
              {error}
            </Text>
          )}
          <Button type="submit" loading={loading}>
            {t('approval.approve')}
          </Button>
          <Button variant="subtle" onClick={close}>
            {t('common.cancel')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

export type WithOverridePin<V> = V & { overridePin?: string };

interface Held<TData, V> {
  vars: V;
  reason: string;
  onSuccess?: (data: TData) => void;
}

/**
 * Wraps a mutation (give it `meta: { managerApproval: true }` so these refusals are not toasted
 * too): `mutate(vars)` runs it; a refusal the manager can lift opens the modal, and the PIN sends
 * the same variables again with `overridePin`. `ask(vars, reason)` opens it without trying first.
 */
export function useManagerApproval<TData, V extends object>(
  mutation: UseMutationResult<TData, Error, WithOverridePin<V>>,
): {
  mutate: (vars: V, opts?: { onSuccess?: (data: TData) => void; onError?: (error: Error) => void }) => void;
  ask: (vars: V, reason: string, onSuccess?: (data: TData) => void) => void;
  isPending: boolean;
  modal: ReactNode;
} {
  const [held, setHeld] = useState<Held<TData, V> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ask = (vars: V, reason: string, onSuccess?: (data: TData) => void) => {
    setError(null);
    setHeld({ vars, reason, onSuccess });
  };
  const mutate = (vars: V, opts: { onSuccess?: (data: TData) => void; onError?: (error: Error) => void } = {}) =>
    mutation.mutate(vars, {
      onSuccess: (data) => opts.onSuccess?.(data),
      onError: (e) => (needsManager(e) ? ask(vars, e.message, opts.onSuccess) : opts.onError?.(e)),
    });
  const approve = (pin: string) => {
    if (!held) return;
    setError(null);
    mutation.mutateAsync({ ...held.vars, overridePin: pin }).then(
      (data) => {
        setHeld(null);
        held.onSuccess?.(data);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  };
  const modal = (
    <ManagerApprovalModal
      opened={held !== null}
      reason={held?.reason ?? ''}
      error={error}
      loading={mutation.isPending}
      onClose={() => setHeld(null)}
      onSubmit={approve}
    />
  );
  return { mutate, ask, isPending: mutation.isPending, modal };
}
