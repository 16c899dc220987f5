import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { NotAuthorized } from '../components/not-authorized';
import { ACTIVATE_PATH, type Access, decideAccess } from '../lib/access';
import { useSession } from '../lib/session';

export interface RouteHandle {
  access?: Access;
}

/** Guards every route below it with the `access` of the deepest matched route (see guard.ts). */
export function RequireAccess() {
  const session = useSession();
  const location = useLocation();
  const matches = useMatches();
  const access = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.access)?.handle as
    | RouteHandle
    | undefined;
  const decision = decideAccess(session, access?.access ?? {});

  switch (decision.kind) {
    case 'login':
      return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
    case 'activate':
      return <Navigate to={ACTIVATE_PATH} replace />;
    case 'notAuthorized':
      return <NotAuthorized />;
    case 'forbidden':
      return <Navigate to="/dashboard" replace />;
    default:
      return <Outlet />;
  }
}
