import { createBrowserRouter } from 'react-router-dom';
import { setUnauthorizedHandler } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// A 401 on any call (SPEC §8): the api client already cleared the session; drop cached data and
// go to /login, remembering where the user was so that logging in again returns there.
setUnauthorizedHandler(() => {
  queryClient.clear();
  const { pathname, search } = router.state.location;
  if (pathname === '/login') return;
  void router.navigate('/login', { replace: true, state: { from: `${pathname}${search}` } });
});
