import type { MantineSpacing } from '@mantine/core';
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldValues,
  type UseFormRegister,
  useFormState,
} from 'react-hook-form';
import { useFieldError } from '../lib/form-errors';
import { PhoneInput } from './phone-input';

/** The two fields a form holds for a phone (`phoneFields` in lib/phone). */
interface PhoneValues {
  country: string;
  number: string;
}

export interface PhoneFieldProps<T extends PhoneValues, TTransformed extends FieldValues> {
  control: Control<T, unknown, TTransformed>;
  register: UseFormRegister<T>;
  label: string;
  mt?: MantineSpacing;
}

/**
 * A required phone input bound to a react-hook-form form with `country` and `number` fields;
 * the error of `number` (where `withPhoneRule` reports) shows under the number.
 */
export function PhoneField<T extends PhoneValues, TTransformed extends FieldValues = T>({
  control,
  register,
  label,
  mt,
}: PhoneFieldProps<T, TTransformed>) {
  const fieldError = useFieldError();
  const { errors } = useFormState({ control });
  return (
    <Controller
      control={control}
      name={'country' as FieldPath<T>}
      render={({ field }) => (
        <PhoneInput
          label={label}
          country={field.value}
          onCountryChange={field.onChange}
          numberProps={register('number' as FieldPath<T>)}
          mt={mt}
          error={fieldError(errors.number as { message?: string } | undefined)}
          required
        />
      )}
    />
  );
}
