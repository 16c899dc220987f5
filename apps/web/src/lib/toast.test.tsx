/** Every toast's close button has a name (axe button-name): an icon alone names nothing to a screen reader. */
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { toast } from './toast';

describe('toast', () => {
  it("names each toast's close button", async () => {
    renderScreen(<div />, '/', '/', { toasts: true });
    act(() => {
      toast.success('Saved');
      toast.error('Failed');
    });
    await screen.findByText('Failed');
    const buttons = screen.getAllByRole('button', { name: 'Close' });
    expect(buttons.length).toBeGreaterThanOrEqual(2);
  });
});
