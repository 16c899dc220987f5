/**
 * Scan-to-approve in the browser, in English and Arabic (docs/domain.md, "Signed request codes"): a
 * customer's signed code is written as a QR symbol (zxing-wasm's writer), turned into a Y4M video
 * that Chromium plays as its camera; the demo staff member presses Scan on the dashboard, the app
 * reads the code (zxing-wasm: this Chromium has no BarcodeDetector), the server checks it, the request
 * opens with Approve focused, approving it works, and scanning the same code again is refused.
 * A forged code typed into the dialog is refused with the server's message.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/full';
import { messages } from '../packages/contract/src/messages';
import {
  closeE2E,
  DEMO_PASSWORD,
  DEMO_STAFF,
  type E2EServer,
  fullMobile,
  LANGS,
  type Lang,
  launchBrowser,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
  signUpCustomer,
} from './harness';

const require = createRequire(import.meta.url);
const W = 640;
const H = 480;

let server: E2EServer;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-e2e-'));

beforeAll(async () => {
  ({ server } = await openE2E({ demo: true }));
  const bytes = fs.readFileSync(require.resolve('zxing-wasm/full/zxing_full.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    fireImmediately: true,
  });
});
afterAll(async () => {
  await closeE2E({ server });
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A Y4M video (grey 4:2:0) of the code's QR symbol centred on white, a few identical frames. */
async function qrVideo(text: string): Promise<string> {
  const { symbol, error } = await writeBarcode(text, { format: 'QRCode', scale: 1, addQuietZones: true });
  if (error) throw new Error(error);
  const scale = Math.floor((H - 40) / symbol.height);
  const left = Math.floor((W - symbol.width * scale) / 2);
  const top = Math.floor((H - symbol.height * scale) / 2);
  const luma = Buffer.alloc(W * H, 255);
  for (let y = 0; y < symbol.height * scale; y++)
    for (let x = 0; x < symbol.width * scale; x++)
      if (symbol.data[Math.floor(y / scale) * symbol.width + Math.floor(x / scale)] < 128)
        luma[(top + y) * W + left + x] = 0;
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(tmp, `qr-${Date.now()}.y4m`);
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F5:1 Ip A1:1 C420jpeg\n`), frame, frame, frame, frame, frame]),
  );
  return file;
}

/** A customer of the demo with an offer request at West Bay (the demo staff member's branch). */
async function customerRequest(lang: Lang) {
  const mobile = fullMobile();
  await signUpCustomer(server, { name: `Scan ${lang}`, mobile });
  await server.admin('customer', 'grant', mobile, '1000');
  const { token } = await server.api('user/login', { username: mobile, password: 'cust-pass-1' });
  const offers = await server.api('user/offer/list', {}, token);
  const offer = offers.rows.find((o: { branchs: { branchName: string }[] }) =>
    o.branchs.some((b) => b.branchName === 'West Bay'),
  );
  const branch = offer.branchs.find((b: { branchName: string }) => b.branchName === 'West Bay');
  const req = await server.api(
    'user/offer/request',
    { offerId: offer.id, branchId: branch.id, payWith: 'points' },
    token,
  );
  return { id: req.id as number, code: req.qr.code as string };
}

describe.each(LANGS)('scan to approve (%s)', (lang) => {
  let browser: Browser | undefined;
  afterAll(async () => browser?.close());

  it('reads the code from the camera, opens the request, approves it, refuses a reuse and a forgery', async () => {
    const scan = readLocale<Record<string, Record<string, string>>>(`locales/${lang}.json`).scan;
    const r = readLocale(`features/requests/locales/${lang}.json`);
    const req = await customerRequest(lang);
    const video = await qrVideo(req.code);
    browser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    const { page, context } = await newPage(browser, lang);
    await context.grantPermissions(['camera'], { origin: server.url });
    await loginThroughUi(page, server.url, DEMO_STAFF.merchantUser, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');

    // The hint shows while the camera runs, and the camera reads the code within a frame or two:
    // the dialog then closes, so the hint is on screen for about 0.4 to 0.8 s, less than Playwright's
    // polling interval (500 ms) at times. The page records that it was shown instead.
    await page.evaluate(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="scan-hint"]')) return;
        (window as { scanHintShown?: boolean }).scanHintShown = true;
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('scan-button').click();
    await page.waitForURL(`**/request/${req.id}?scanned=1`, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as { scanHintShown?: boolean }).scanHintShown)).toBe(true);
    await expect.poll(() => page.getByTestId('scanned-banner').textContent()).toBe(scan.scanned);
    const approve = page.getByTestId('approve-button');
    await expect.poll(() => approve.evaluate((b) => b === document.activeElement)).toBe(true);
    await screenshot(page, `scan-opened-${lang}`);
    await approve.click();
    await page.getByTestId('already-approved').waitFor();
    expect(await page.getByTestId('already-approved').textContent()).toContain(r.alreadyApproved);

    // the same code again: the camera still shows it, the server refuses it as used
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('scan-button').click();
    await expect
      .poll(() => page.getByTestId('scan-error').textContent(), { timeout: 30_000 })
      .toBe(messages.qrAlreadyUsed[lang]);
    await screenshot(page, `scan-used-${lang}`);

    // a forged code typed in
    const parts = req.code.split('.');
    const forged = [...parts.slice(0, 3), String(req.id + 1), ...parts.slice(4)].join('.'); // L2.<kid>.<kind>.<id>…
    await page.getByTestId('scan-typed').fill(forged);
    await page.getByTestId('scan-typed').press('Enter');
    await expect.poll(() => page.getByTestId('scan-error').textContent()).toBe(messages.qrForged[lang]);
    // the camera still shows the used code, read every 250 ms: it was refused once and is not sent
    // again, so the typed code's message stays (it once came back and replaced it)
    await page.waitForTimeout(2_000);
    expect(await page.getByTestId('scan-error').textContent()).toBe(messages.qrForged[lang]);
    await context.close();
  });
});
