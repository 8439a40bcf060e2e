/*
 * The image worker: one picture in, its responsive variants out (see src/shared/media/variants.ts).
 * A fresh worker serves one request and is then terminated, which also frees pica's memory.
 *
 *   decode   createImageBitmap with the EXIF orientation applied
 *   resize   pica's buffer API, in this thread: no nested workers ('ww' left out), its WebAssembly
 *            core is inlined in the bundle, so nothing is fetched
 *   encode   OffscreenCanvas.convertToBlob: WebP copies, a JPEG fallback (PNG when transparent)
 *
 * Re-encoding from pixels drops every metadata block of the original (EXIF, GPS, ICC).
 */
import { Pica } from 'pica/pica_main';
import { JPEG_QUALITY, WEBP_QUALITY } from '@/shared/media/variants';
import {
  hasTransparency,
  planVariants,
  type ImageVariants,
  type VariantCopy,
  type VariantFailure,
  type VariantReply,
  type VariantRequest,
} from './image-variants';

// Typed narrowly: the project's lib is DOM, where `self` is a Window.
const scope = self as unknown as {
  postMessage(message: VariantReply): void;
  onmessage: ((event: MessageEvent<VariantRequest>) => void) | null;
};

class Failure extends Error {
  constructor(
    readonly kind: VariantFailure,
    message: string,
  ) {
    super(message);
  }
}

async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    // a browser that predates the 'from-image' value rejects the option itself (its default
    // then was to honour the orientation); a picture it cannot read fails as a DOMException
    if (error instanceof TypeError) {
      try {
        return await createImageBitmap(file);
      } catch (again) {
        throw new Failure('undecodable', String(again));
      }
    }
    throw new Failure('undecodable', String(error));
  }
}

function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Failure('unsupported', 'OffscreenCanvas has no 2d context');
  return ctx;
}

async function encode(rgba: Uint8Array, width: number, height: number, type: string, quality: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const pixels = new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, width * height * 4);
  context2d(canvas).putImageData(new ImageData(pixels, width, height), 0, 0);
  return canvas.convertToBlob({ type, quality });
}

/** Safari's canvas silently answers PNG when asked for WebP; a 1×1 probe tells. */
async function encodesWebp(): Promise<boolean> {
  const probe = new OffscreenCanvas(1, 1);
  context2d(probe).fillRect(0, 0, 1, 1);
  const blob = await probe.convertToBlob({ type: 'image/webp', quality: WEBP_QUALITY });
  return blob.type === 'image/webp';
}

async function makeVariants(file: Blob, report: (reply: VariantReply) => void): Promise<ImageVariants> {
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') {
    throw new Failure('unsupported', 'no OffscreenCanvas or createImageBitmap in workers');
  }
  const bitmap = await decode(file);
  const { width: srcWidth, height: srcHeight } = bitmap;
  const plan = planVariants(srcWidth, srcHeight);
  const webp = await encodesWebp();
  const total = (webp ? plan.copies.length : 0) + 1;
  report({ type: 'progress', progress: { step: 'decoded', width: srcWidth, height: srcHeight, done: 0, total } });

  let source: Uint8Array;
  {
    const canvas = new OffscreenCanvas(srcWidth, srcHeight);
    const ctx = context2d(canvas);
    ctx.drawImage(bitmap, 0, 0);
    bitmap.close();
    const data = ctx.getImageData(0, 0, srcWidth, srcHeight).data;
    source = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    canvas.width = canvas.height = 0; // let the full-size canvas go before the resizes
  }

  // 'js' and 'wasm' only: 'ww' would start workers of its own from a blob URL
  const pica = new Pica({ features: ['js', 'wasm'], concurrency: 1 });
  const { fallback } = plan;
  const top =
    fallback.width === srcWidth && fallback.height === srcHeight
      ? source
      : await pica.resizeBuffer({ src: source, width: srcWidth, height: srcHeight, toWidth: fallback.width, toHeight: fallback.height });
  source = new Uint8Array(0);

  let done = 0;
  const made = () => report({ type: 'progress', progress: { step: 'made', done: ++done, total } });

  const copies: VariantCopy[] = [];
  if (webp) {
    for (const size of plan.copies) {
      // every copy from the fallback-sized pixels: at most 1600 wide, so quick, and still ≥ 4/3 of any copy
      const rgba =
        size.width === fallback.width
          ? top
          : await pica.resizeBuffer({ src: top, width: fallback.width, height: fallback.height, toWidth: size.width, toHeight: size.height });
      const blob = await encode(rgba, size.width, size.height, 'image/webp', WEBP_QUALITY);
      copies.push({ width: size.width, height: size.height, blob });
      made();
    }
  }

  const transparent = hasTransparency(top);
  const blob = await encode(top, fallback.width, fallback.height, transparent ? 'image/png' : 'image/jpeg', JPEG_QUALITY);
  made();
  return { fallback: { blob, type: transparent ? 'png' : 'jpg', width: fallback.width, height: fallback.height }, copies };
}

scope.onmessage = (event) => {
  const post = (reply: VariantReply) => scope.postMessage(reply);
  makeVariants(event.data.file, post).then(
    (variants) => post({ type: 'done', variants }),
    (error: unknown) => {
      const kind: VariantFailure = error instanceof Failure ? error.kind : 'failed';
      post({ type: 'error', kind, message: error instanceof Error ? error.message : String(error) });
    },
  );
};
