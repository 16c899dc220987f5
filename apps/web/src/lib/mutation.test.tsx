import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { ApiError } from './api';
import { type AppMutationOptions, useAppMutation } from './mutation';
import { toast } from './toast';

const LIST = ['things', 'list'] as const;
const OTHER = ['things', 'list', { page: 2 }] as const;

/** A promise settled by the test, so the caller can be gone before the answer arrives. */
const later = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

interface Props<V> {
  options: AppMutationOptions<{ id: number; queued?: boolean }, V>;
  variables: V;
  /** The caller's local reactions (close the form), given to `mutate`. */
  onLocalSuccess?: () => void;
  onLocalError?: (e: unknown) => void;
}

/** A button of a screen that changes something (Close ticket, Approve). */
function ChangeButton<V>({ options, variables, onLocalSuccess, onLocalError }: Props<V>) {
  const change = useAppMutation(options);
  return (
    <button
      type="button"
      onClick={() => change.mutate(variables, { onSuccess: onLocalSuccess, onError: onLocalError })}
    >
      Change
    </button>
  );
}

/** The list the change refreshes stays on screen; the button can go (as a refresh or a Back makes it). */
function Screen<V>(props: Props<V> & { fetchList: () => Promise<string> }) {
  const list = useQuery({ queryKey: LIST, queryFn: props.fetchList });
  const [shown, setShown] = useState(true);
  return (
    <>
      <output data-testid="list">{list.data}</output>
      {shown && <ChangeButton {...props} />}
      <button type="button" onClick={() => setShown(false)}>
        Leave
      </button>
    </>
  );
}

describe('useAppMutation', () => {
  it('toasts the success and refreshes the lists after the caller has unmounted', async () => {
    const answer = later<{ id: number }>();
    const fetchList = vi.fn(async () => `version ${fetchList.mock.calls.length}`);
    const onLocalSuccess = vi.fn();
    const { client } = renderScreen(
      <Screen
        options={{ mutationFn: () => answer.promise, invalidates: [LIST], success: 'msg.closedSuccessfully' }}
        variables={7}
        fetchList={fetchList}
        onLocalSuccess={onLocalSuccess}
      />,
      '/',
      '/',
      { toasts: true },
    );
    expect((await screen.findByTestId('list')).textContent).toBe('');
    await waitFor(() => expect(screen.getByTestId('list').textContent).toBe('version 1'));
    // a list not on screen: marked stale, fetched when next shown
    client.setQueryData(OTHER, 'old page');

    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    answer.resolve({ id: 7 });

    expect(await screen.findByText('Closed successfully')).toBeTruthy();
    // the refetched list is in the cache before the toast; its observer draws it a tick later
    await waitFor(() => expect(screen.getByTestId('list').textContent).toBe('version 2'));
    expect(fetchList).toHaveBeenCalledTimes(2);
    expect(client.getQueryState(OTHER)?.isInvalidated).toBe(true);
    // what a per-call callback would have shown never runs once its caller is gone
    expect(onLocalSuccess).not.toHaveBeenCalled();
  });

  it('runs the caller’s own reaction after the refresh and the toast while it is still there', async () => {
    const order: string[] = [];
    const fetchList = vi.fn(async () => {
      order.push('list refetched');
      return 'rows';
    });
    renderScreen(
      <Screen
        options={{
          mutationFn: async () => ({ id: 1 }),
          apply: () => order.push('answer applied'),
          invalidates: [LIST],
          success: 'msg.updatedSuccessfully',
        }}
        variables={undefined}
        fetchList={fetchList}
        onLocalSuccess={() => order.push('form closed')}
      />,
      '/',
      '/',
      { toasts: true },
    );
    await waitFor(() => expect(fetchList).toHaveBeenCalledTimes(1));
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {
      order.push('toast');
      return '';
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(order).toContain('form closed'));
    success.mockRestore();
    expect(order).toEqual(['list refetched', 'answer applied', 'list refetched', 'toast', 'form closed']);
  });

  it('works the toasts out from the answer and the variables, an information toast too', async () => {
    const fetchList = async () => 'rows';
    renderScreen(
      <Screen
        options={{
          mutationFn: async (v: { done: boolean }) => ({ id: 1, queued: !v.done }),
          success: (res, v) =>
            res.queued ? { info: 'deliveries.queued' } : v.done ? 'deliveries.delivered' : undefined,
        }}
        variables={{ done: false }}
        fetchList={fetchList}
      />,
      '/',
      '/',
      { toasts: true },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText(/^No connection: the change will be sent/)).toBeTruthy();
  });

  it('leaves a failure to the one error path: its toast, the caller’s field errors, no success toast', async () => {
    const answer = later<{ id: number }>();
    const fetchList = vi.fn(async () => 'rows');
    const onLocalError = vi.fn();
    renderScreen(
      <Screen
        options={{ mutationFn: () => answer.promise, invalidates: [LIST], success: 'msg.addedSuccessfully' }}
        variables={1}
        fetchList={fetchList}
        onLocalError={onLocalError}
      />,
      '/',
      '/',
      { toasts: true },
    );
    await waitFor(() => expect(fetchList).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const refusal = new ApiError(422, 'Please check the highlighted fields', [{ field: 'name', message: 'Required' }]);
    answer.reject(refusal);
    expect(await screen.findByText('Please check the highlighted fields')).toBeTruthy();
    await waitFor(() => expect(onLocalError.mock.calls[0]?.[0]).toBe(refusal));
    expect(screen.queryByText('Added successfully')).toBeNull();
    expect(fetchList).toHaveBeenCalledTimes(1);
  });
});
