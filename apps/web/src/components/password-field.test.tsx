import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { PasswordField } from './password-field';

const input = () => screen.getByLabelText('CVV', { selector: 'input' });

describe('PasswordField', () => {
  it('marks its input aria-invalid while it shows an error', () => {
    renderScreen(<PasswordField label="CVV" error="Should be 3 characters" />);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Should be 3 characters')).toBeTruthy();
  });

  it('does not without an error', () => {
    renderScreen(<PasswordField label="CVV" />);
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });
});
