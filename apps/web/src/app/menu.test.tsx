import type { Permission } from '@loyalty/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ReportsSheet from '../features/reports/reports-sheet';
import { MenuContext, useMenuEntries } from '../lib/menu';
import { clearStorage, saveSession } from '../lib/session';
import { renderScreen } from '../test/render';
import { menuEntries } from './menu';

const ok = (data: unknown) => new Response(JSON.stringify({ data }));
const row = {
  branchId: 2,
  branchName: 'West Bay',
  branchNameAr: 'الخليج الغربي',
  countRequests: 3,
  countProductRequests: 4,
  totalRequestsAmountPoints: 75,
  totalProductRequestsAmountPrice: 12.5,
};

function StaffMenu() {
  return (
    <ul>
      {useMenuEntries('merchantUser').map((e) => (
        <li key={e.id} data-testid="entry">
          {e.id}
        </li>
      ))}
    </ul>
  );
}

/** Account reports for staff (issue 27): in their menu with the reports permission only, through the staff call. */
describe('staff reports', { timeout: 15_000 }, () => {
  const paths: string[] = [];
  const serve = (permissions: Permission[]) =>
    vi.stubGlobal('fetch', async (url: string) => {
      const path = String(url).replace('/api/', '');
      paths.push(path);
      if (path === 'merchantUser/me') return ok({ permissions });
      if (path.endsWith('chart/orders/branches')) return ok([row]);
      return ok({ rows: [], count: 0 });
    });
  beforeEach(() => {
    localStorage.clear();
    clearStorage();
    paths.length = 0;
    saveSession({ token: 'tok', rule: 'merchantUser', isAproved: true, id: 5 });
  });
  afterEach(() => vi.unstubAllGlobals());

  const entries = async () => {
    renderScreen(
      <MenuContext.Provider value={menuEntries}>
        <StaffMenu />
      </MenuContext.Provider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('entry').map((e) => e.textContent)).toContain('products'));
    await new Promise((r) => setTimeout(r, 100)); // the profile's answer is drawn
    return screen.getAllByTestId('entry').map((e) => e.textContent);
  };

  it('the menu lists Account reports for a set with reports', async () => {
    serve(['reports']);
    expect(await entries()).toContain('accountReports');
  });

  it('and not without it', async () => {
    serve(['productOrders', 'walkIns']);
    const ids = await entries();
    expect(ids).toContain('addUser');
    expect(ids).not.toContain('accountReports');
  });

  it("the sheet reads the staff member's branch through merchantUser/chart/orders/branches", async () => {
    serve(['reports']);
    renderScreen(<ReportsSheet onClose={() => {}} />);
    expect(await screen.findByText('75 P')).toBeTruthy();
    expect(paths.filter((p) => p.endsWith('chart/orders/branches'))).toEqual(['merchantUser/chart/orders/branches']);
  });
});
