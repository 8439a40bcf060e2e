import { createContext } from 'react';
import type { ImageVariants, VariantFailure, VariantProgress, VariantReply, VariantRequest } from './image-variants';

/*
 * The page's side of the image worker (image-worker.ts): one call, one fresh worker, terminated
 * when it answers. Injectable (VariantMakerContext, or uploadImage's `makeVariants` option) because
 * jsdom has neither workers nor OffscreenCanvas.
 */

export type VariantMaker = (file: Blob, onProgress?: (progress: VariantProgress) => void) => Promise<ImageVariants>;

export class VariantError extends Error {
  readonly kind: VariantFailure;

  constructor(kind: VariantFailure, message: string) {
    super(message);
    this.name = 'VariantError';
    this.kind = kind;
  }
}

/** Whether this browser has what the worker needs; without it uploads go up as they are. */
export function canMakeVariants(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined';
}

/** Makes the variants of one picture off the main thread. Rejects with a VariantError. */
export const makeVariantsInWorker: VariantMaker = (file, onProgress) => {
  if (!canMakeVariants()) return Promise.reject(new VariantError('unsupported', 'no Worker, OffscreenCanvas or createImageBitmap'));
  return new Promise<ImageVariants>((resolve, reject) => {
    // Vite bundles the worker from this exact expression: nothing is loaded from elsewhere
    const worker = new Worker(new URL('./image-worker.ts', import.meta.url), { type: 'module', name: 'image-variants' });
    let heard = false;
    const finish = (settle: () => void) => {
      worker.terminate();
      settle();
    };
    worker.onmessage = (event: MessageEvent<VariantReply>) => {
      heard = true;
      const reply = event.data;
      if (reply.type === 'progress') onProgress?.(reply.progress);
      else if (reply.type === 'done') finish(() => resolve(reply.variants));
      else finish(() => reject(new VariantError(reply.kind, reply.message)));
    };
    // Before any answer this is the worker failing to load (an old browser, a blocked script);
    // after one, the worker died on the way (out of memory on a huge picture).
    worker.onerror = (event) => {
      event.preventDefault();
      finish(() => reject(new VariantError(heard ? 'failed' : 'unsupported', event.message || 'image worker failed')));
    };
    worker.onmessageerror = () => finish(() => reject(new VariantError('failed', 'image worker message could not be read')));
    worker.postMessage({ file } satisfies VariantRequest);
  });
};

/** The variant maker the upload field uses; component tests provide a fake. */
export const VariantMakerContext = createContext<VariantMaker>(makeVariantsInWorker);
