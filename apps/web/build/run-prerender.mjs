// Runs the first screens' renderer (src/prerender.tsx built for Node; first-screen-html.ts) and prints
// their markup as JSON: `node run-prerender.mjs <file URL of the built renderer>`. The app's modules
// expect a browser (document, localStorage): a jsdom window stands in for it, its storage holding the
// language and the session each screen is drawn with.
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><head><title>Loyalty Merchant</title></head><body></body></html>', {
  url: 'http://localhost/',
});
const { window } = dom;
for (const name of ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'history'])
  Object.defineProperty(globalThis, name, {
    value: name === 'window' ? window : window[name],
    configurable: true,
    writable: true,
  });
for (const name of ['HTMLElement', 'HTMLInputElement', 'Element', 'Node', 'Event', 'KeyboardEvent', 'StorageEvent'])
  globalThis[name] ??= window[name];

const { renderFirstScreens } = await import(process.argv[2]);
process.stdout.write(JSON.stringify(await renderFirstScreens()));
// timers the app's modules started (the query cache's) must not keep the build waiting
process.exit(0);
