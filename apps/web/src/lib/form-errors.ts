/**
 * Form error text, and the one way a server refusal lands on a form's fields. The contract's zod
 * schemas use message keys as their messages ('chooseBranch'), shown through `t('msg.<key>')`; a
 * form's own rules use i18n keys ('offers.errors.example'); server messages (422 field errors,
 * 409 conflicts) arrive already translated and are shown as they are.
 */
import { LANGUAGES } from '@loyalty/contract/constants';
import type { MessageKey } from '@loyalty/contract/messages';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';
import { i18n } from './i18n';

export const errorText = (t: (key: string) => string, exists: (key: string) => boolean, message?: string) => {
  if (!message) return undefined;
  if (exists(`msg.${message}`)) return t(`msg.${message}`);
  return exists(message) ? t(message) : message;
};

/**
 * SPEC's message for a field first, the precise one after it (DECISIONS §10): "Please enter valid
 * password: Password must be at least 8 characters". `lead` is a contract message key; `unless`
 * the messages that stand alone (an empty field's own SPEC message).
 */
export interface LeadOptions {
  lead: MessageKey;
  unless?: readonly MessageKey[];
}

/** `const fieldError = useFieldError(); <TextInput error={fieldError(errors.name)} />` */
export const useFieldError = () => {
  const { t, i18n } = useTranslation();
  return (error?: { message?: string }, lead?: LeadOptions) => {
    const text = errorText(t, (k) => i18n.exists(k), error?.message);
    if (!text || !lead || !error?.message) return text;
    const standsAlone = [lead.lead, ...(lead.unless ?? [])].some(
      (key) => error.message === key || text === t(`msg.${key}`),
    );
    return standsAlone ? text : `${t(`msg.${lead.lead}`)}: ${text}`;
  };
};

/**
 * The 409 answers that are about one field, by the message the server sends: the field named here
 * is the server's name for it.
 */
const CONFLICT_FIELDS: readonly { field: string; message: MessageKey }[] = [
  { field: 'mobile', message: 'mobileTaken' },
];

/**
 * A contract message's text in each language whose strings are loaded: the server answers in the
 * language the app asked in, whose strings the app has loaded (lib/i18n).
 */
export const loadedTexts = (key: MessageKey): string[] =>
  LANGUAGES.map((lang) => i18n.getResource(lang, 'translation', `msg.${key}`)).filter(
    (text): text is string => typeof text === 'string',
  );

/** The fields a server refusal is about: 422 field errors, a 409 about one field (a taken mobile). */
export const serverFieldErrors = (error: unknown): { field: string; message: string }[] => {
  if (!(error instanceof ApiError)) return [];
  if (error.errors.length > 0 && (error.status === 422 || error.status === 409)) return error.errors;
  if (error.status === 409) {
    const conflict = CONFLICT_FIELDS.find((c) => loadedTexts(c.message).includes(error.message));
    if (conflict) return [{ field: conflict.field, message: error.message }];
  }
  return [];
};

/** A server field name and the others it goes by (the mobile is `mobile`, `mobileNum` or `username`). */
const ALIASES: Record<string, readonly string[]> = {
  mobile: ['mobile', 'mobileNum', 'username'],
  mobileNum: ['mobile', 'mobileNum', 'username'],
  username: ['mobile', 'mobileNum', 'username'],
};

/**
 * Puts a server refusal on the form fields it is about (SPEC §8: a 422's field errors; a 409 such as
 * "This mobile number already has an account" on the mobile field) and focuses the first; the
 * query client still toasts the message. `fields` are the form's own field names the server uses;
 * `rename` maps a server field to a form field (`{ mobile: 'number' }` for the phone input).
 * Returns whether any error landed on a field.
 */
export const applyServerErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  rename: Partial<Record<string, FieldPath<T>>> = {},
): boolean => {
  const target = (field: string): FieldPath<T> | undefined => {
    for (const name of [field, ...(ALIASES[field] ?? [])]) {
      if (rename[name]) return rename[name];
      if (fields.includes(name)) return name as FieldPath<T>;
    }
    return undefined;
  };
  let applied = false;
  for (const e of serverFieldErrors(error)) {
    const name = target(e.field);
    if (!name) continue;
    setError(name, { type: 'server', message: e.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
};
