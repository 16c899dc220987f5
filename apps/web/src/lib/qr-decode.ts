/**
 * Reads a QR code from a camera frame or a picture (docs/domain.md, "Signed request codes"): the
 * browser's BarcodeDetector where it exists and reads QR codes, else the zxing-wasm reader. The
 * reader's .wasm is bundled with the app (Vite `?url`) and served by our own server, never a CDN.
 */
import { prepareZXingModule, readBarcodes, type ZXingModuleOverrides } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

let configured = false;

/** Where the reader's .wasm comes from; tests hand it the bytes instead (`{ wasmBinary }`). */
export function configureQrReader(overrides?: ZXingModuleOverrides): void {
  configured = true;
  prepareZXingModule({
    overrides: overrides ?? {
      locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file),
    },
  });
}

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

let native: Promise<BarcodeDetectorLike | null> | undefined;
/** The browser's detector when it reads QR codes (Chrome on Android and macOS, Safari), else null. */
function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  native ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = await Detector.getSupportedFormats();
      return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return native;
}

/** Uses the zxing-wasm reader even where the browser has a detector (tests, or a detector that fails). */
export function forceQrFallback(): void {
  native = Promise.resolve(null);
}

/** A picture's bytes (FileReader where Blob#arrayBuffer is missing, as in older engines). */
const bytesOf = (blob: Blob): Promise<ArrayBuffer> =>
  typeof blob.arrayBuffer === 'function'
    ? blob.arrayBuffer()
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob);
      });

/** The text of the first QR code in a frame or picture, or null when there is none. */
export async function decodeQr(source: ImageData | Blob): Promise<string | null> {
  const detector = await nativeDetector();
  if (detector) {
    try {
      const input = source instanceof Blob ? await createImageBitmap(source) : source;
      const found = await detector.detect(input);
      if (found[0]?.rawValue) return found[0].rawValue;
      if (!(source instanceof Blob)) return null;
    } catch {
      // fall through to the wasm reader
    }
  }
  if (!configured) configureQrReader();
  const input = source instanceof Blob ? new Uint8Array(await bytesOf(source)) : source;
  const results = await readBarcodes(input, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  const hit = results.find((r) => r.isValid && r.text);
  return hit ? hit.text : null;
}
