/**
 * The first screens as HTML, rendered at build time by React's server renderer with the app's own
 * components (apps/web/build/first-screen-html.ts runs this in Node, in a jsdom window): the sign-in
 * screen and a merchant's signed-in home, each in every language. Each is drawn as the browser's first
 * render of it will be (app/first-screen.ts): same routes loaded, same language, same session role,
 * so that main.tsx can hydrate it.
 */
import { LANGUAGES } from '@loyalty/contract/constants';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { App } from './app/app';
import { FIRST_SCREENS, type FirstScreen, type FirstScreenVariant, loadRoutesOf } from './app/first-screen';
import { routes } from './app/routes';
import { setLanguage } from './lib/i18n';
import { clearStorage, saveSession } from './lib/session';

/** The session a screen is drawn with: none, or one of its role (nothing else of it shows). */
const sessionOf = (screen: FirstScreen) => {
  const role = FIRST_SCREENS[screen].role;
  return role ? { token: 'first-screen', rule: role, isAproved: true, id: 1 } : null;
};

export async function renderFirstScreens(): Promise<Partial<Record<FirstScreenVariant, string>>> {
  const out: Partial<Record<FirstScreenVariant, string>> = {};
  for (const screen of Object.keys(FIRST_SCREENS) as FirstScreen[]) {
    const { path } = FIRST_SCREENS[screen];
    await loadRoutesOf(routes, path);
    for (const lang of LANGUAGES) {
      clearStorage();
      const session = sessionOf(screen);
      if (session) saveSession(session);
      await setLanguage(lang);
      const router = createMemoryRouter(routes, { initialEntries: [path] });
      out[`${screen}-${lang}`] = renderToString(<App router={router} />);
      router.dispose();
    }
  }
  return out;
}
