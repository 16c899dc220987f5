/**
 * The app's stylesheets that the page inlined only in part (the rules of the screens its HTML paints:
 * apps/web/build/first-screen-html.ts): their links wait `disabled`, unfetched. Enabling them loads
 * the whole files; the promise resolves when every one has loaded (or failed: the app goes on).
 */
export function loadStylesheets(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-first-screen-css]')];
  return Promise.all(
    links.map((link) => {
      if (link.sheet) return undefined;
      return new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
        link.disabled = false;
      });
    }),
  ).then(() => undefined);
}
