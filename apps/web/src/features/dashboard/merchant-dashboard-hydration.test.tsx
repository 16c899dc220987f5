/**
 * The painted signed-in home hydrates without a mismatch even when the merchant's data arrived
 * before the dashboard's turn to hydrate (the layout's live feed fetches `merchant/me` while the
 * dashboard's Suspense boundary waits): React would report #418 and throw the painted screen away.
 */
import '../../test/render';
import { LIMITS } from '@loyalty/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { merchantMeKey } from '../../lib/queries/me';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { clearStorage, saveSession } from '../../lib/session';
import { MerchantDashboard } from './merchant-dashboard';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const me = {
  id: 1,
  name: 'Corner Cafe',
  balance: 1200,
  counts: { branches: 2, pendingRequests: 3, ordersToAccept: 0, deliveriesWithoutCourier: 0, pendingRedeems: 0 },
  isLive: true,
  userCurrncy: 'usd',
};

const screen = (client: ReturnType<typeof createQueryClient>) => (
  <MantineProvider>
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <MerchantDashboard />
      </MemoryRouter>
    </QueryClientProvider>
  </MantineProvider>
);

afterEach(() => {
  clearStorage();
  document.body.replaceChildren();
});

describe('the merchant dashboard, hydrated', () => {
  it('hydrates its painted loading state even with its data already in, then shows the data', async () => {
    saveSession({ token: 't', rule: 'merchant', isAproved: true, id: 1 });
    // the build paints the home before any data (prerender.tsx)
    const html = renderToString(screen(createQueryClient()));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // the browser's query cache already holds merchant/me when the dashboard hydrates
    const client = createQueryClient();
    client.setQueryData(merchantMeKey, me);
    client.setQueryData(queryKeys.productRequests.list({ tab: 'toAccept', role: 'merchant' }), []);
    client.setQueryData(queryKeys.branches.list({ pageNum: 1, limit: LIMITS.listLimit }), { rows: [], count: 0 });
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, screen(client), { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('[data-testid="balance"]')?.textContent).toContain('1,200');
  });
});
