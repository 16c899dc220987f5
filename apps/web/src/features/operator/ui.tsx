/** The console's shared pieces: a list's states, a confirm dialog (with a reason when one is asked). */
import { Button, type ButtonProps, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';

/** Loading, failed (try again), empty, or the list. */
export function ListState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isLoading' | 'isFetching' | 'refetch'>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) return isEmpty(query.data) ? <EmptyState text={empty} /> : children(query.data);
  if (query.error)
    return (
      <Stack align="center" ta="center" gap="sm" py="xl" data-testid="load-failed">
        <Text c="dimmed">{t('operator.common.loadFailed')}</Text>
        <Button variant="light" onClick={() => query.refetch()} loading={query.isFetching}>
          {t('operator.common.tryAgain')}
        </Button>
      </Stack>
    );
  return query.isLoading ? <LoadingScreen fullHeight={false} /> : null;
}

export interface ConfirmProps {
  /** The button that opens the dialog. */
  label: string;
  title: string;
  message: string;
  /** Ask for a reason (required when `reasonRequired`). */
  reason?: 'optional' | 'required';
  /** A text field of its own (a payment reference), always required. */
  field?: { label: string; required: string; maxLength: number };
  pending: boolean;
  onConfirm: (text: string) => Promise<unknown>;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  testId?: string;
}

/** A button whose action runs only once confirmed in a dialog; the dialog closes when it succeeds. */
export function ConfirmButton({
  label,
  title,
  message,
  reason,
  field,
  pending,
  onConfirm,
  color,
  variant = 'light',
  testId,
}: ConfirmProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const asked = field ?? (reason ? { label: t('operator.common.reason'), maxLength: 500 } : null);
  const required = field ? field.required : reason === 'required' ? t('operator.common.reasonRequired') : null;
  const confirm = async () => {
    if (required && !text.trim()) {
      setError(required);
      return;
    }
    try {
      await onConfirm(text.trim());
      setOpen(false);
      setText('');
    } catch {
      // the query client toasted why; the dialog stays open to try again
    }
  };
  return (
    <>
      <Button
        size="xs"
        color={color}
        variant={variant}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid={testId}
      >
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} centered>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{message}</Text>
            {asked && (
              <Textarea
                label={asked.label}
                required={required !== null}
                autosize
                minRows={2}
                maxLength={asked.maxLength}
                value={text}
                data-autofocus
                onChange={(e) => {
                  setText(e.currentTarget.value);
                  setError(null);
                }}
                error={error}
              />
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('operator.common.cancel')}
              </Button>
              <Button type="submit" color={color} loading={pending} data-testid={testId && `${testId}-confirm`}>
                {label}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
