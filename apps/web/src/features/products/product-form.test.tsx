import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, saveSession } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { ProductForm } from './product-form';

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;

describe('ProductForm', { timeout: 15_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    saveSession({ token: 'tok', rule: 'merchant', isAproved: true, id: 1 });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ data: { rows: [], count: 0 } })));
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('keeps a typed negative price or stock and refuses it with a message', async () => {
    renderScreen(<ProductForm onDone={() => {}} />);
    fireEvent.change(input('price'), { target: { value: '-5' } });
    fireEvent.blur(input('price'));
    fireEvent.change(input('stockAmount'), { target: { value: '-1' } });
    fireEvent.blur(input('stockAmount'));
    expect(await screen.findAllByText('Must be zero or more')).toHaveLength(2);
    expect(input('price').value).toBe('-5');
    expect(input('stockAmount').value).toBe('-1');
  });
});
