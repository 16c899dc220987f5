import { Navigate } from 'react-router-dom';
import { entryPath } from '../lib/access';
import { getStoredLanguage } from '../lib/language';
import { useSession } from '../lib/session';

/** `/`: see `entryPath` for how SPEC §2's two root rules are read. */
export function RootRedirect() {
  const session = useSession();
  return <Navigate to={entryPath(session, getStoredLanguage())} replace />;
}
