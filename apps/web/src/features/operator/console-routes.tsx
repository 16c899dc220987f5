/**
 * The console's own routes under /operator (issue 25), behind one lazy import of the app's routes
 * (app/routes.tsx), so the merchant app's first load carries none of them. Each screen is a chunk of
 * its own; `Gate` sends a role that does not reach an area (menu.ts) to the console's home.
 */
import './strings';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { ConsoleLayout } from './console-layout';
import { type Area, canReach } from './menu';
import { useOperatorSession } from './session';

const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const Login = screen(() => import('./login-page'), 'OperatorLoginPage');
const SCREENS: [path: string | null, area: Area, LazyExoticComponent<ComponentType>][] = [
  [null, 'home', screen(() => import('./home-page'), 'HomePage')],
  ['merchants', 'merchants', screen(() => import('./merchants-page'), 'MerchantsPage')],
  ['merchants/:id', 'merchants', screen(() => import('./merchant-page'), 'MerchantPage')],
  ['tickets', 'tickets', screen(() => import('./tickets-page'), 'TicketsPage')],
  ['tickets/:id', 'tickets', screen(() => import('./ticket-page'), 'TicketPage')],
  ['settlements', 'settlements', screen(() => import('./settlements-page'), 'SettlementsPage')],
  ['customers', 'customers', screen(() => import('./customers-page'), 'CustomersPage')],
  ['customers/:id', 'customers', screen(() => import('./customer-page'), 'CustomerPage')],
  ['packages', 'packages', screen(() => import('./packages-page'), 'PackagesPage')],
  ['tags', 'tags', screen(() => import('./tags-page'), 'TagsPage')],
  ['invoices', 'invoices', screen(() => import('./invoices-page'), 'InvoicesPage')],
  ['operators', 'operators', screen(() => import('./operators-page'), 'OperatorsPage')],
  ['log', 'log', screen(() => import('./log-page'), 'LogPage')],
];

/** An area's screen, or the console's home for a role that does not reach it. */
function Gate({ area, children }: { area: Area; children: ReactNode }) {
  const role = useOperatorSession()?.operator.role;
  if (role && !canReach(role, area)) return <Navigate to="/operator" replace />;
  return children;
}

const routes: RouteObject[] = [
  {
    path: 'login',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <Login />
      </Suspense>
    ),
  },
  {
    element: <ConsoleLayout />,
    children: [
      ...SCREENS.map(
        ([path, area, Screen]): RouteObject => ({
          ...(path === null ? { index: true } : { path }),
          element: (
            <Gate area={area}>
              <Screen />
            </Gate>
          ),
        }),
      ),
      { path: '*', element: <Navigate to="/operator" replace /> },
    ],
  },
];

export function OperatorConsole() {
  return useRoutes(routes);
}
