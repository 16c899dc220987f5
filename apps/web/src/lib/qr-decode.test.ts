/**
 * The scanner's decoder on generated codes: a signed-code-shaped text is written as a QR symbol by
 * zxing-wasm's writer, drawn into camera-like frames (scaled, offset, on grey, with noise) and into a
 * PNG file, and read back through `decodeQr` on the zxing-wasm fallback (jsdom has no BarcodeDetector).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule as prepareWriter, writeBarcode } from 'zxing-wasm/full';
import { configureQrReader, decodeQr, forceQrFallback } from './qr-decode';

const require = createRequire(import.meta.url);
const wasm = (name: string) => {
  const bytes = fs.readFileSync(require.resolve(`zxing-wasm/${name}`));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};

const CODE = 'L1.o.123.45.1893456000.q2V8iYp0mZl3cX6f0nN4b1Xv9sJrT7eKdLwQhA5uGzE';

beforeAll(async () => {
  forceQrFallback();
  configureQrReader({ wasmBinary: wasm('reader/zxing_reader.wasm') });
  await prepareWriter({ overrides: { wasmBinary: wasm('full/zxing_full.wasm') }, fireImmediately: true });
});

/** A camera-like RGBA frame: grey background, the symbol scaled and offset, some pixel noise. */
function frame(symbol: { data: Uint8ClampedArray; width: number; height: number }, scale: number, w = 640, h = 480) {
  const data = new Uint8ClampedArray(w * h * 4);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed % 31) - 15;
  };
  const left = Math.floor((w - symbol.width * scale) / 2) + 13;
  const top = Math.floor((h - symbol.height * scale) / 2) - 9;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const sx = Math.floor((x - left) / scale);
      const sy = Math.floor((y - top) / scale);
      const inside = sx >= 0 && sy >= 0 && sx < symbol.width && sy < symbol.height;
      const dark = inside && symbol.data[sy * symbol.width + sx] < 128;
      const v = (dark ? 30 : inside ? 235 : 200) + noise();
      const i = (y * w + x) * 4;
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  return { data, width: w, height: h, colorSpace: 'srgb' } as unknown as ImageData;
}

describe('decodeQr', () => {
  it('reads a signed code from a camera frame and from a picture file', async () => {
    const written = await writeBarcode(CODE, { format: 'QRCode', scale: 1, addQuietZones: true });
    expect(written.error).toBe('');
    expect(await decodeQr(frame(written.symbol, 6))).toBe(CODE);
    expect(await decodeQr(frame(written.symbol, 4))).toBe(CODE);

    const png = await writeBarcode(CODE, { format: 'QRCode', scale: 5 });
    expect(png.image).not.toBeNull();
    expect(await decodeQr(png.image as Blob)).toBe(CODE);
  });

  it('answers null for a frame without a code', async () => {
    const blank = frame({ data: new Uint8ClampedArray(25 * 25).fill(255), width: 25, height: 25 }, 6);
    expect(await decodeQr(blank)).toBeNull();
  });
});
