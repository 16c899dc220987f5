// One Lighthouse run (mobile, the default config), driven by bench/lib/lighthouse.mjs with the Node
// that Lighthouse needs: `node lighthouse-page.mjs '<json>'` with { prefix, chromium, args, origin,
// url, storage, out }. Chromium starts through puppeteer-core (Lighthouse's own dependency, in
// `prefix`); `storage` is written to the origin's localStorage first, from a page that loads none of
// the app's files (/api/health), so a signed-in screen is measured with its session and a cold cache.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const opts = JSON.parse(process.argv[2]);
const requireFromPrefix = createRequire(path.join(opts.prefix, 'node_modules', 'noop.js'));
const load = async (name) => import(pathToFileURL(requireFromPrefix.resolve(name)).href);
const puppeteer = (await load('puppeteer-core')).default;
const lighthouse = (await load('lighthouse')).default;

const browser = await puppeteer.launch({ executablePath: opts.chromium, headless: true, args: opts.args });
try {
  const page = await browser.newPage();
  await page.goto(`${opts.origin}/api/health`);
  await page.evaluate((items) => {
    window.localStorage.clear();
    for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
  }, opts.storage);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const result = await lighthouse(
    opts.url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // the session written above stays; the cache is cleared above
      disableStorageReset: true,
    },
    undefined,
    page,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  fs.writeFileSync(opts.out, result.report);
} finally {
  await browser.close();
}
