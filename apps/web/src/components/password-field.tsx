import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/**
 * Mantine's PasswordInput with `aria-invalid` on its input while it shows an error: Mantine marks
 * the inner input `data-invalid` only, so a screen reader did not hear that the field was refused
 * (TextInput sets both). Every password and CVV field of the app is this one.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(props, ref) {
  return <PasswordInput ref={ref} aria-invalid={props.error ? true : undefined} {...props} />;
});
