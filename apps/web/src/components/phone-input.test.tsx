import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { PhoneInput } from './phone-input';

function Form() {
  const [country, setCountry] = useState('QA');
  return (
    <>
      <PhoneInput label="Phone number" country={country} onCountryChange={setCountry} numberProps={{}} />
      <output data-testid="country">{country}</output>
    </>
  );
}

const countryField = () => screen.getByRole('combobox', { name: 'Country code' }) as HTMLInputElement;
const isTheList = (input: HTMLInputElement) => input.classList.contains('mantine-Select-input');

// The list's chunk is loaded once per file: the first test sees the stand-in, the next ones the list.
describe('PhoneInput', () => {
  it('draws Qatar at once, then hands what was typed over to the list when it arrives', async () => {
    renderScreen(<Form />);
    const standIn = countryField();
    expect(isTheList(standIn)).toBe(false);
    expect(standIn.value).toBe('+974');
    act(() => standIn.focus());
    fireEvent.change(standIn, { target: { value: 'Saudi' } });
    expect(standIn.value).toBe('Saudi');
    // the list arrives focused, searching what was typed, open
    const option = await screen.findByRole('option', { name: /Saudi Arabia/ });
    expect(isTheList(countryField())).toBe(true);
    expect(document.activeElement).toBe(countryField());
    expect(countryField().value).toBe('Saudi');
    expect(screen.queryByRole('option', { name: /Qatar/ })).toBeNull();
    fireEvent.click(option);
    expect(screen.getByTestId('country').textContent).toBe('SA');
    expect(countryField().value).toBe('+966');
  });

  it('draws the list at once once it has loaded', () => {
    renderScreen(<Form />);
    expect(isTheList(countryField())).toBe(true);
    expect(countryField().value).toBe('+974');
  });
});
