import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import './strings';
import { TagForm } from './tag-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const nameField = () => screen.getByLabelText(/^Name/) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('TagForm', () => {
  const fetchMock = vi.fn();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('asks for a name and sends nothing without one', async () => {
    renderScreen(<TagForm tag={null} onDone={() => {}} />, '/operator/tags');
    save();
    await waitFor(() => expect(nameField().getAttribute('aria-invalid')).toBe('true'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds with admin/tag/add; a taken name shows under the field', async () => {
    const taken = 'A tag with this name already exists';
    fetchMock.mockResolvedValue(json(409, { message: taken, errors: [{ field: 'name', message: taken }] }));
    const onDone = vi.fn();
    renderScreen(<TagForm tag={null} onDone={onDone} />, '/operator/tags');
    fireEvent.change(nameField(), { target: { value: ' Coffee ' } });
    save();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/tag/add');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Coffee' });
    await waitFor(() => expect(nameField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(taken).length).toBeGreaterThan(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('renames with admin/tag/edit and the tag id', async () => {
    const tag = { id: 4, name: 'Coffee', isActive: true, createdAt: '2026-01-01T00:00:00.000Z' };
    fetchMock.mockResolvedValue(json(200, { data: { ...tag, name: 'Tea' } }));
    const onDone = vi.fn();
    renderScreen(<TagForm tag={tag} onDone={onDone} />, '/operator/tags');
    expect(nameField().value).toBe('Coffee');
    fireEvent.change(nameField(), { target: { value: 'Tea' } });
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/tag/edit');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Tea', id: 4 });
  });
});
