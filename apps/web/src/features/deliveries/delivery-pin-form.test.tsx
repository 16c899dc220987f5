/** The courier's code form (issue 26, proof of delivery): 4 digits asked before done, the server's refusal shown. */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { setLanguage } from '../../lib/i18n';
import { renderScreen } from '../../test/render';
import { DeliveryPinForm, pinErrorOf } from './delivery-pin-form';

const digits = () => screen.getAllByRole('textbox').concat(screen.queryAllByRole('spinbutton'));

describe('DeliveryPinForm', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('asks for the code and sends the 4 digits', async () => {
    const onConfirm = vi.fn();
    renderScreen(<DeliveryPinForm loading={false} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Complete Delivery' }));
    expect(screen.getByText('Ask the customer for the 4-digit code shown in their app')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delivered' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByTestId('pin-error').textContent).toBe('Enter the 4 digits of the code');
    const boxes = digits();
    expect(boxes).toHaveLength(4);
    for (const [i, box] of boxes.entries()) fireEvent.change(box, { target: { value: String(i + 3) } });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delivered' }));
    expect(onConfirm).toHaveBeenCalledWith('3456');
  });

  it('shows the server’s refusal of a wrong code, in Arabic too', async () => {
    await setLanguage('ar');
    const error = pinErrorOf(new ApiError(422, 'x', [{ field: 'pin', message: 'هذا الرمز غير صحيح' }]));
    renderScreen(<DeliveryPinForm loading={false} error={error} onConfirm={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'إكمال التوصيل' }));
    expect(screen.getByTestId('pin-error').textContent).toBe('هذا الرمز غير صحيح');
    expect(pinErrorOf(new ApiError(409, 'locked'))).toBe('locked');
    expect(pinErrorOf(new Error('x'))).toBeUndefined();
  });
});
