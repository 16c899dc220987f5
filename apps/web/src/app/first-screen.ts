/**
 * The first screens the page paints from its HTML, before any script has loaded (docs/decisions/0018):
 * the build renders them with the app's own components (src/prerender.tsx) into `<template>`s of
 * index.html, a script of the page copies the one that fits into #root (apps/web/build/first-screen-html.ts),
 * and main.tsx hydrates it when the app's first render is that same screen.
 */
import type { Language } from '@loyalty/contract/constants';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { decideAccess } from '../lib/access';
import type { Session } from '../lib/session';

/** The screens painted from the HTML: the sign-in screen, and a merchant's signed-in home (layout, menu, dashboard while it loads). */
export const FIRST_SCREENS = {
  login: { path: '/login', role: null },
  merchant: { path: '/dashboard', role: 'merchant' },
} as const;
export type FirstScreen = keyof typeof FIRST_SCREENS;

/** A first screen in a language: `login-en`, `merchant-ar` (the template's id after `first-screen-`). */
export type FirstScreenVariant = `${FirstScreen}-${Language}`;

/**
 * The first screen the app renders at `pathname` for this session, if it is one the HTML paints.
 * main.tsx hydrates the painted screen only when this names it (the page's script only guesses from
 * the same storage; a guess this does not confirm is drawn anew, never hydrated).
 */
export function firstScreenOf(
  pathname: string,
  session: Pick<Session, 'token' | 'role' | 'isAproved'>,
  lang: Language,
): FirstScreenVariant | null {
  if (pathname === FIRST_SCREENS.login.path) return `login-${lang}`;
  if (pathname !== FIRST_SCREENS.merchant.path) return null;
  const access = decideAccess(session, {});
  return access.kind === 'allow' && access.role === FIRST_SCREENS.merchant.role ? `merchant-${lang}` : null;
}

/**
 * Loads the lazily loaded routes that `pathname` matches and puts what they export in their place,
 * so that a router made afterwards renders the screen at once instead of its loading fallback: the
 * same first render on the build's renderer as in the browser, which hydration needs.
 */
export async function loadRoutesOf(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
