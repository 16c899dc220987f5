/**
 * Form error text. The contract's zod schemas use message keys as their messages
 * ('chooseBranch'), shown through `t('msg.<key>')`; server validation errors (422) arrive
 * already translated and are shown as they are.
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';

export const errorText = (t: (key: string) => string, exists: (key: string) => boolean, message?: string) => {
  if (!message) return undefined;
  return exists(`msg.${message}`) ? t(`msg.${message}`) : message;
};

/** `const fieldError = useFieldError(); <TextInput error={fieldError(errors.name)} />` */
export const useFieldError = () => {
  const { t, i18n } = useTranslation();
  return (error?: { message?: string }) => errorText(t, (k) => i18n.exists(k), error?.message);
};

/** Puts a 422's field errors on the form fields they name; returns whether any landed. */
export const applyServerErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  rename: Partial<Record<string, FieldPath<T>>> = {},
): boolean => {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  let applied = false;
  for (const e of error.errors) {
    const target = rename[e.field] ?? (fields.includes(e.field) ? (e.field as FieldPath<T>) : undefined);
    if (!target) continue;
    setError(target, { type: 'server', message: e.message });
    applied = true;
  }
  return applied;
};
