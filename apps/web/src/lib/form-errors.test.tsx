import { TextInput } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { ApiError } from './api';
import { applyServerErrors, errorText, serverFieldErrors, useFieldError } from './form-errors';
import { i18n } from './i18n';

const taken = (lang: 'en' | 'ar') =>
  new ApiError(409, lang === 'en' ? 'This mobile number already has an account' : 'رقم الجوال هذا لديه حساب بالفعل');

describe('serverFieldErrors', () => {
  it('reads the field errors of a 422', () => {
    const e = new ApiError(422, 'Please check the highlighted fields', [
      { field: 'price', message: 'Must be zero or more' },
    ]);
    expect(serverFieldErrors(e)).toEqual([{ field: 'price', message: 'Must be zero or more' }]);
  });

  it('puts a taken mobile (409) on the mobile, in either language', async () => {
    expect(serverFieldErrors(taken('en'))).toEqual([
      { field: 'mobile', message: 'This mobile number already has an account' },
    ]);
    // an Arabic answer comes to an app in Arabic, whose strings are loaded
    const { arabic } = await import('./locale-ar');
    i18n.addResourceBundle('ar', 'translation', arabic);
    expect(serverFieldErrors(taken('ar'))[0].field).toBe('mobile');
  });

  it('leaves other failures to the toast', () => {
    expect(serverFieldErrors(new ApiError(409, 'This offer is sold out'))).toEqual([]);
    expect(serverFieldErrors(new ApiError(500, 'Something went wrong'))).toEqual([]);
    expect(serverFieldErrors(new Error('x'))).toEqual([]);
  });
});

describe('applyServerErrors', () => {
  it('maps server names onto the form, the mobile under all its names', () => {
    const setError = vi.fn();
    expect(applyServerErrors(taken('en'), setError, ['fName'], { mobileNum: 'number' })).toBe(true);
    expect(setError).toHaveBeenCalledWith(
      'number',
      { type: 'server', message: 'This mobile number already has an account' },
      { shouldFocus: true },
    );
    const e422 = new ApiError(422, 'Check', [
      { field: 'fName', message: 'Field is required' },
      { field: 'ownerId', message: 'Invalid id' },
    ]);
    setError.mockClear();
    expect(applyServerErrors(e422, setError, ['fName'])).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(applyServerErrors(new ApiError(403, 'No'), setError, ['fName'])).toBe(false);
  });

  it('shows the message under the field of a real form', async () => {
    function Form() {
      const { register, setError, formState } = useForm({ defaultValues: { number: '' } });
      const fieldError = useFieldError();
      return (
        <form>
          <TextInput label="Mobile" {...register('number')} error={fieldError(formState.errors.number)} />
          <button type="button" onClick={() => applyServerErrors(taken('en'), setError, [], { mobile: 'number' })}>
            Send
          </button>
        </form>
      );
    }
    renderScreen(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This mobile number already has an account')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Mobile').getAttribute('aria-invalid')).toBe('true'));
  });
});

describe('errorText', () => {
  const t = (k: string) => `«${k}»`;
  const exists = (k: string) => ['msg.required', 'offers.errors.example'].includes(k);
  it('translates contract keys, form keys, and shows server text as it is', () => {
    expect(errorText(t, exists, 'required')).toBe('«msg.required»');
    expect(errorText(t, exists, 'offers.errors.example')).toBe('«offers.errors.example»');
    expect(errorText(t, exists, 'Already translated')).toBe('Already translated');
    expect(errorText(t, exists, undefined)).toBeUndefined();
  });
});
