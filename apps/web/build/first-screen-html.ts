/**
 * The page's first screen, painted by its HTML before any script has loaded (docs/decisions/0018):
 * - the build renders the sign-in screen and a merchant's signed-in home, in English and Arabic,
 *   with the app's own components and React's server renderer (src/prerender.tsx, bundled for
 *   Node and run in a child process: run-prerender.mjs), into `<template>`s of index.html;
 * - of the CSS files of the entry and the first screens' chunks, the rules those screens use are
 *   inlined in a `<style>` (critical-css.ts), so nothing blocks the first paint; each file keeps a
 *   `disabled` link, which the browser does not fetch until the app enables it (lib/stylesheets.ts)
 *   and which tells Vite's loader of lazy chunks that the file is there;
 * - the page's two scripts (constant: the server allows them by their hashes, http/security.ts):
 *   in the head, from what the visitor's storage says, the language and direction of the page, the
 *   screen to paint (none: the stylesheets are enabled at once), and the chunks to fetch while the
 *   entry downloads (the first screen's lazily imported chunks, the Arabic strings), and for a
 *   merchant's home the calls it waits for (src/lib/first-screen-calls.ts); after #root,
 *   the copy of that screen's template into it.
 * - on the pages of /login and /dashboard, the app's scripts and the screen's chunks are fetched once
 *   the painted screen is on screen, not alongside the page (bench/README.md, "Lighthouse").
 * main.tsx then hydrates it (app/first-screen.ts says when).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption, type Rolldown } from 'vite';
import { LIMITS, STORAGE_KEYS } from '../../../packages/contract/src/constants';
import { earlyCallsOf, merchantHomeCalls, WELCOME } from '../src/lib/first-screen-calls';
import { FIRST_SCREENS, facadeChunks, staticClosure } from './chunks';
import { criticalCss } from './critical-css';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the build writes the renderer for Node (under node_modules, so that its imports resolve there). */
const SSR_OUT = path.resolve(here, '../../../node_modules/.cache/loyalty-prerender');

const K = STORAGE_KEYS;

/**
 * The head's script. The screen named here must be the one app/first-screen.ts `firstScreenOf`
 * names for the same storage (main.tsx checks it and draws anew otherwise; e2e/first-screen.test.ts).
 * `go` adds the app's entry scripts (listed in `first-screen-entry` on the pages of /login and
 * /dashboard, whose head has none), then the preloads: one element a task, each task posted on a
 * MessageChannel (not a timer, which nesting slows to 4 ms). Each element starts a request, 2-16 ms
 * of the main thread at 4x: in one task, the preloads' was ~100 ms (bench/README.md, "2026-12-03:
 * one link a task"). When a screen is painted from the HTML, the body's script calls `go` once that
 * paint is on screen, else it runs at once. For a merchant's home it sends the calls the home waits
 * for at once, with the stored token (`calls`, from src/lib/first-screen-calls.ts), and leaves their
 * answers on `document.firstScreenCalls` for lib/api.ts. Whatever fails in reading the storage, the
 * app still starts.
 */
const HEAD_SCRIPT = `(function(){var d=document,h=d.documentElement,f=[],v=null,e=null;
try{var m=JSON.parse(d.getElementById('first-screen-chunks').textContent),s=localStorage,p=location.pathname,l=s.getItem('${K.language}'),t=s.getItem('${K.token}');
if(l==='ar'){h.lang='ar';h.dir='rtl';f=f.concat(m.ar)}
if(p==='/login'||(p==='/'&&!t&&l))f=f.concat(m.signIn);else if(t)f=f.concat(m.home);
if(p==='/login')v='login';else if(p==='/dashboard'&&t&&s.getItem('${K.role}')==='merchant'&&s.getItem('${K.isAproved}')!=='false')v='merchant';
if(v)h.setAttribute('data-first-screen',v+'-'+(l==='ar'?'ar':'en'));else d.querySelectorAll('link[data-first-screen-css]').forEach(function(x){x.disabled=false})
if(v==='merchant'){var q=d.firstScreenCalls={};m.calls.forEach(function(c){var b=new FormData(),r;c.fields.forEach(function(x){b.append(x[0],x[1])});b.append('token',t);
r=fetch('/api/'+c.path,{method:'POST',body:b,headers:{Accept:'application/json','Accept-Language':l==='ar'?'ar':'en',Authorization:'Bearer '+t}});r.catch(function(){});q[c.key]={token:t,answer:r}})}}catch(x){}
try{var n=d.getElementById('first-screen-entry');e=n&&JSON.parse(n.textContent)}catch(x){}
var a=function(x,k){var el=d.createElement(k?'link':'script');if(k)el.rel='modulepreload';else el.type='module';el.crossOrigin='';el[k?'href':'src']='/'+x;d.head.appendChild(el)};
var go=function(){if(go.done)return;go.done=1;var w=(e||[]).map(function(x){return[x,0]}).concat(f.map(function(x){return[x,1]})),i=0,c=new MessageChannel();
c.port1.onmessage=function(){a(w[i][0],w[i][1]);if(++i<w.length)c.port2.postMessage(0);else c.port1.close()};if(w.length)c.port2.postMessage(0)};
if(e&&v)d.firstScreenStart=go;else go()})()`;

/**
 * After #root: the screen's template into it, a merchant's welcome with the stored name
 * (src/lib/first-screen-calls.ts, WELCOME), then the templates go; once that paint is on screen
 * (the frame after it), the app's scripts (HEAD_SCRIPT's `go`; at the latest after a second).
 */
const BODY_SCRIPT = `(function(){var d=document,v=d.documentElement.getAttribute('data-first-screen'),t=v&&d.getElementById('first-screen-'+v),r=d.getElementById('root'),g=d.firstScreenStart;
if(t&&r&&!r.firstChild){var c=t.content.cloneNode(true);
try{var u=JSON.parse(localStorage.getItem('${K.user}')).name,w=c.querySelector('[${WELCOME.attribute}]');if(typeof u==='string'&&u&&w)w.textContent=w.getAttribute('${WELCOME.attribute}').replace('${WELCOME.slot}',function(){return '\\u2068'+u+'\\u2069'})}catch(x){}
r.appendChild(c);r.setAttribute('data-first-screen',v)}
d.querySelectorAll('template[id^="first-screen-"]').forEach(function(e){e.remove()});
if(g){requestAnimationFrame(function(){setTimeout(g,0)});setTimeout(g,1000)}})()`;

/** Builds src/prerender.tsx for Node and runs it: the first screens' markup by variant (`login-en` …). */
async function renderFirstScreens(root: string, plugins: PluginOption[]): Promise<Record<string, string>> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins,
    build: {
      ssr: 'src/prerender.tsx',
      outDir: SSR_OUT,
      emptyOutDir: true,
      rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  const out = execFileSync(
    process.execPath,
    [path.join(here, 'run-prerender.mjs'), pathToFileURL(path.join(SSR_OUT, 'prerender.mjs')).href],
    { cwd: root, maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(out.toString('utf8')) as Record<string, string>;
}

/** Classes that come with no CSS: Mantine's own, the icons', React Router's NavLink states. */
const UNSTYLED_CLASS = /^(m_|mantine-|tabler-icon|active$|pending$|transitioning$)/;

/**
 * Every class of the markup that has no rule in the inlined CSS (UNSTYLED_CLASS aside): the server
 * renderer's CSS-module names must be the browser build's, or the screen would paint unstyled and
 * hydrate with other classes.
 */
function unknownClasses(markup: string, css: string): string[] {
  const missing = new Set<string>();
  for (const m of markup.matchAll(/\bclass="([^"]*)"/g))
    for (const c of m[1].split(/\s+/)) if (c && !UNSTYLED_CLASS.test(c) && !css.includes(`.${c}`)) missing.add(c);
  return [...missing];
}

/**
 * The page the server sends for an address (apps/server/src/http/static.ts): there, only the screens
 * that address paints, and only their rules. index.html holds every screen: the page of every other
 * address, and the service worker's shell for any address offline.
 */
export const FIRST_SCREEN_PAGES: Record<string, { file: string; screens: string[] }> = {
  '/login': { file: 'pages/login.html', screens: ['login'] },
  '/dashboard': { file: 'pages/dashboard.html', screens: ['merchant'] },
};

/**
 * What Mantine's provider renders as `<style>` elements in the screen's markup (app/providers.tsx):
 * the theme as CSS variables (`withCssVariables`), and the classes of `hiddenFrom`/`visibleFrom` for
 * the theme's breakpoints (`withGlobalClasses`).
 */
const PROVIDER_STYLES = [
  { name: 'theme CSS variables', pattern: /<style data-mantine-styles="true">([\s\S]*?)<\/style>/ },
  { name: 'global classes', pattern: /<style data-mantine-styles="classes">([\s\S]*?)<\/style>/ },
];

/**
 * The provider's styles out of each screen's markup and into the head, once for every page
 * (withScreens): the browser's MantineProvider does not render them (app/providers.tsx), the
 * build's renderer does, and hydration finds the screen as the browser renders it, without them.
 * In the body, the classes were a stylesheet after the head's: each stylesheet added to the head
 * later (a chunk's CSS) then made Chromium rebuild every style and lay the whole page out again
 * (bench/README.md, "2026-12-02: stylesheets in the body"). One theme: every screen's are the same text.
 */
function moveProviderStyles(screens: Record<string, string>): { screens: Record<string, string>; providerCss: string } {
  const found = new Set<string>();
  const out = Object.fromEntries(
    Object.entries(screens).map(([variant, markup]) => {
      let rest = markup;
      const styles = PROVIDER_STYLES.map(({ name, pattern }) => {
        const m = pattern.exec(rest);
        if (!m) throw new Error(`first screen ${variant}: no ${name} in its markup`);
        rest = rest.replace(pattern, '');
        return m[1];
      });
      found.add(styles.join('\n'));
      return [variant, rest];
    }),
  );
  if (found.size !== 1) throw new Error("first screens: the provider's styles differ between screens");
  return { screens: out, providerCss: [...found][0] };
}

/**
 * `html` with the screens (markup by variant) in templates before #root, and their rules inlined in
 * the head after the provider's styles (moveProviderStyles).
 */
function withScreens(html: string, css: string, providerCss: string, screens: Record<string, string>): string {
  const templates = Object.entries(screens)
    .map(([variant, markup]) => `<template id="first-screen-${variant}">${markup}</template>`)
    .join('');
  const style = `<style data-first-screen-css>${providerCss}\n${criticalCss(css, screens)}</style>`;
  return html
    .replace(/<template id="first-screen-[^"]+">[\s\S]*?<\/template>/g, '')
    .replace(/<style data-first-screen-css>[\s\S]*?<\/style>|(?=<\/head>)/, (_m) => style)
    .replace(/<div id="root"><\/div>/, () => `${templates}<div id="root"></div>`);
}

export function firstScreenHtml(opts: { ssrPlugins: () => PluginOption[] }): Plugin {
  let root = '';
  let outDir = '';
  let built: { css: string; providerCss: string; screens: Record<string, string> } | undefined;
  return {
    name: 'loyalty:first-screen-html',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    /** The pages of the addresses that paint a screen (FIRST_SCREEN_PAGES), from the index.html written. */
    async writeBundle() {
      if (!built) return;
      const { css, providerCss, screens } = built;
      const index = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
      for (const page of Object.values(FIRST_SCREEN_PAGES)) {
        const own = Object.fromEntries(
          Object.entries(screens).filter(([variant]) => page.screens.some((s) => variant.startsWith(`${s}-`))),
        );
        const file = path.join(outDir, page.file);
        await fs.mkdir(path.dirname(file), { recursive: true });
        // there the HTML paints: the app's scripts are fetched once that paint is on screen, not
        // before (on a slow network they would share its bandwidth with the page; HEAD_SCRIPT)
        const entry: string[] = [];
        const deferred = index
          .replace(/\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/g, (_m, f: string) => {
            entry.push(f);
            return '';
          })
          .replace(
            '</title>',
            () =>
              `</title>\n    <script type="application/json" id="first-screen-entry">${JSON.stringify(entry)}</script>`,
          );
        if (entry.length === 0) throw new Error('first screens: no entry script in index.html');
        await fs.writeFile(file, withScreens(deferred, css, providerCss, own));
      }
      await fs.writeFile(
        path.join(outDir, 'pages/pages.json'),
        JSON.stringify(Object.fromEntries(Object.entries(FIRST_SCREEN_PAGES).map(([route, p]) => [route, p.file]))),
      );
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle;
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const entry = staticClosure(
          chunks,
          chunks.filter((c) => c.isEntry),
        );
        const entryFiles = new Set(entry.map((c) => c.fileName));
        const cssOf = (cs: Rolldown.OutputChunk[]) => cs.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
        /** A first screen's chunks beyond the entry's, and their CSS. */
        const filesOf = (files: string[]) => {
          const js = staticClosure(chunks, facadeChunks(chunks, root, files, 'first screens').found).filter(
            (c) => !entryFiles.has(c.fileName),
          );
          return { js: js.map((c) => c.fileName), css: cssOf(js) };
        };
        const signIn = filesOf(FIRST_SCREENS.signIn);
        const home = filesOf(FIRST_SCREENS.home);
        const ar = filesOf(['src/lib/locale-ar.ts']);
        const inlined = [...new Set([...cssOf(entry), ...signIn.css, ...home.css])];
        const css = inlined
          .map((f) => {
            const asset = bundle[f];
            if (asset?.type !== 'asset') throw new Error(`first screens: no CSS ${f} in the bundle`);
            return String(asset.source);
          })
          .join('\n');

        const { screens, providerCss } = moveProviderStyles(await renderFirstScreens(root, opts.ssrPlugins()));
        for (const [variant, markup] of Object.entries(screens)) {
          const missing = unknownClasses(markup, css);
          if (missing.length) throw new Error(`first screen ${variant}: no CSS for the classes ${missing.join(' ')}`);
        }
        built = { css, providerCss, screens };

        // the inlined files' own links go; `disabled` ones say they are there without fetching them
        const page = html
          .replace(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) =>
            inlined.includes(file) ? '' : link,
          )
          .replace(/<html\b/, '<html data-mantine-color-scheme="light"');
        return {
          html: withScreens(page, css, providerCss, screens),
          tags: [
            ...inlined.map((f) => ({
              tag: 'link',
              attrs: {
                rel: 'stylesheet',
                href: `/${f}`,
                crossorigin: '',
                disabled: true,
                'data-first-screen-css': true,
              },
              injectTo: 'head' as const,
            })),
            {
              tag: 'script',
              attrs: { type: 'application/json', id: 'first-screen-chunks' },
              children: JSON.stringify({
                signIn: signIn.js,
                home: home.js,
                ar: ar.js,
                calls: earlyCallsOf(Object.values(merchantHomeCalls(LIMITS))),
              }),
              injectTo: 'head',
            },
            { tag: 'script', children: HEAD_SCRIPT, injectTo: 'head' },
            { tag: 'script', children: BODY_SCRIPT, injectTo: 'body' },
          ],
        };
      },
    },
  };
}
