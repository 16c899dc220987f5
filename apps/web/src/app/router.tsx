import { createBrowserRouter, type DataRouter } from 'react-router-dom';
import { setUnauthorizedHandler } from '../lib/api';
import { nextTask } from '../lib/deferred';
import { queryClient } from '../lib/query-client';
import { loadRoutesOf } from './first-screen';
import { routes } from './routes';

/**
 * The app's router, made once the screens of the current address are loaded (app/first-screen.ts):
 * its first render is then the screen itself, as painted by the HTML, not a loading fallback.
 */
export async function createAppRouter(): Promise<DataRouter> {
  await loadRoutesOf(routes, window.location.pathname).catch((e: unknown) => {
    // offline for a moment: the router loads them itself and shows its loading screen meanwhile
    console.warn('The screen could not be loaded', e);
  });
  // the screens' modules ran as they arrived; the router's ranking of every route is a task of its own
  await nextTask();
  const router = createBrowserRouter(routes);

  // A 401 on any call (SPEC §8): the api client already cleared the session; drop cached data and
  // go to /login, remembering where the user was so that logging in again returns there.
  setUnauthorizedHandler(() => {
    queryClient.clear();
    const { pathname, search } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate('/login', { replace: true, state: { from: `${pathname}${search}` } });
  });
  return router;
}
