import { useCallback, useContext, useRef, useState } from 'react';
import { VariantMakerContext } from './make-variants';
import { toUploadError, uploadImage, type UploadedImage, type UploadImageOptions, type UploadProgress } from './upload';
import { UploadError, uploadMessages } from './upload-rules';

export type UploadOutcome = { ok: true; url: string; image: UploadedImage } | { ok: false; error: UploadError };

export interface ImageUploadState {
  /** True while a file is being checked, processed and sent (idle → processing → uploading → idle or error). */
  busy: boolean;
  /** What the running upload is doing, null when idle. */
  phase: UploadProgress['phase'] | null;
  /** Steps of the phase finished of `total` (0 of 0 before the picture is decoded). */
  done: number;
  total: number;
  /** The last upload that went through, until the next upload starts. */
  last: UploadedImage | null;
  /** The last failure, until the next upload or reset(). */
  error: UploadError | null;
  /** Uploads the file; never rejects. */
  upload: (file: File | null | undefined) => Promise<UploadOutcome>;
  reset: () => void;
}

/**
 * React state around uploadImage: busy, the phase and its progress, the last upload (its sizes)
 * and the last error. A call made while another upload runs is refused. The variant maker comes
 * from `options.makeVariants`, else VariantMakerContext (the worker by default).
 */
export function useImageUpload(options: UploadImageOptions = {}): ImageUploadState {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [last, setLast] = useState<UploadedImage | null>(null);
  const [error, setError] = useState<UploadError | null>(null);
  const running = useRef(false);
  const fromContext = useContext(VariantMakerContext);
  const { bucket, folder, order } = options;
  const makeVariants = options.makeVariants ?? fromContext;

  const upload = useCallback(
    async (file: File | null | undefined) => {
      if (running.current) {
        return { ok: false, error: new UploadError(uploadMessages.failedTitle, uploadMessages.busy) } as const;
      }
      running.current = true;
      setBusy(true);
      setError(null);
      setLast(null);
      try {
        const image = await uploadImage(file, { bucket, folder, order, makeVariants, onProgress: setProgress });
        setLast(image);
        return { ok: true, url: image.publicUrl, image } as const;
      } catch (caught) {
        console.error('[upload] failed', caught);
        const failure = toUploadError(caught);
        setError(failure);
        return { ok: false, error: failure } as const;
      } finally {
        running.current = false;
        setBusy(false);
        setProgress(null);
      }
    },
    [bucket, folder, order, makeVariants],
  );

  const reset = useCallback(() => {
    setError(null);
    setLast(null);
  }, []);
  return { busy, phase: progress?.phase ?? null, done: progress?.done ?? 0, total: progress?.total ?? 0, last, error, upload, reset };
}
