import { ImageOff, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { toast } from '@/shared/ui/use-toast';
import { cn } from '@/shared/ui/cn';
import { formatMegabytes } from './image-variants';
import { storedSizeText } from './upload';
import { IMAGE_BUCKET } from './buckets';
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from './upload-rules';
import { useImageUpload, type ImageUploadState } from './use-image-upload';

export interface ImageUploadFieldProps {
  /** The field's name, e.g. 'Основно изображение' or 'Лого'. */
  label: string;
  /** The image URL (uploaded or typed). */
  value: string;
  onChange: (url: string) => void;
  /** Folder inside the bucket: 'blog', 'clients', 'projects' ... */
  folder: string;
  /** Defaults to 'blog-images'. */
  bucket?: string;
  /** Gallery names put the timestamp first. */
  order?: 'random-first' | 'timestamp-first';
  /** Also offer a text field for an image URL (default true). */
  allowUrl?: boolean;
  required?: boolean;
  /** A validation message for the field (e.g. 'Моля, качете лого на клиента'). */
  error?: string;
  /** Extra guidance under the field (recommended size...). */
  hint?: ReactNode;
  /** Toast title after a successful upload; none when omitted. */
  successTitle?: string;
  /** Alt text of the preview when there is no alt field; defaults to the label. */
  previewAlt?: string;
  /** The image's alternative text. The field for it shows only when `onAltChange` is given. */
  alt?: string;
  onAltChange?: (alt: string) => void;
  /** A validation message for the alt text (e.g. when it is empty). */
  altError?: string;
  /** Preview box size in CSS pixels (explicit, so the layout does not jump). */
  previewWidth?: number;
  previewHeight?: number;
  /** 'cover' for photos, 'contain' for logos. */
  fit?: 'cover' | 'contain';
  /** Reports the busy state, e.g. to disable a form's submit button while an upload runs. */
  onBusyChange?: (busy: boolean) => void;
  /** Label of the file chooser; defaults to 'Качи изображение'. */
  uploadLabel?: string;
  /**
   * Labels of the URL and alt text fields, for a form with two image fields on one panel: each
   * control keeps a name of its own (a screen reader's list of fields shows no legend).
   */
  urlLabel?: string;
  altLabel?: string;
}

/**
 * One image field for every admin form: choose a file (checked, made into its variants and
 * uploaded through src/admin/kit/media/upload.ts, with its progress, the sizes before and after, and its
 * errors as toast and inline text), or type a URL; a live preview; remove; and, when the form
 * passes `onAltChange`, the alternative text, required while there is an image. The file input is
 * visually hidden behind a button-styled label but stays focusable, so keyboard users open the
 * file chooser with Space or Enter.
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  folder,
  bucket = IMAGE_BUCKET,
  order,
  allowUrl = true,
  required,
  error,
  hint,
  successTitle,
  previewAlt,
  alt = '',
  onAltChange,
  altError,
  previewWidth = 320,
  previewHeight = 168,
  fit = 'cover',
  onBusyChange,
  uploadLabel = 'Качи изображение',
  urlLabel = 'или URL адрес на изображение',
  altLabel = 'Алтернативен текст',
}: ImageUploadFieldProps) {
  const ids = { file: useId(), url: useId(), hint: useId(), error: useId(), status: useId(), alt: useId(), altHint: useId(), altError: useId() };
  const state = useImageUpload({ bucket, folder, order });
  const { upload, busy, error: uploadError, reset } = state;
  const [broken, setBroken] = useState(false);

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => setBroken(false), [value]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    const outcome = await upload(file);
    input.value = ''; // choosing the same file again must trigger a new upload
    if (outcome.ok) {
      onChange(outcome.url);
      if (successTitle) toast({ title: successTitle });
    } else {
      toast({ title: outcome.error.title, description: outcome.error.message, variant: 'destructive' });
    }
  }

  const describedBy = [ids.hint, error ? ids.error : null, uploadError ? ids.status : null].filter(Boolean).join(' ');
  const hasAltField = Boolean(onAltChange);
  const imageAlt = hasAltField ? alt.trim() || previewAlt || label : (previewAlt ?? label);
  // the sizes belong to the picture just uploaded, not to one typed or removed since
  const uploaded = state.last && state.last.publicUrl === value ? state.last : null;

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger-700">
            *
          </span>
        )}
      </legend>

      <div
        className="flex items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-white"
        style={{ width: '100%', maxWidth: previewWidth, aspectRatio: `${previewWidth} / ${previewHeight}` }}
      >
        {value && !broken ? (
          <img
            src={value}
            alt={imageAlt}
            width={previewWidth}
            height={previewHeight}
            className={cn('h-full w-full', fit === 'contain' ? 'object-contain p-2' : 'object-cover')}
            onError={() => setBroken(true)}
          />
        ) : (
          <span className="flex flex-col items-center gap-1 p-4 text-center text-sm text-slate-600">
            <ImageOff aria-hidden="true" className="size-6" />
            {value ? 'Изображението не може да бъде заредено' : 'Няма избрано изображение'}
          </span>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <input
          id={ids.file}
          type="file"
          accept={IMAGE_ACCEPT}
          className="peer sr-only"
          onChange={(e) => void onFile(e)}
          disabled={busy}
          aria-describedby={describedBy}
          aria-required={required && !value ? true : undefined}
          aria-invalid={error ? true : undefined}
        />
        <label
          htmlFor={ids.file}
          className={buttonClasses({
            variant: 'outline',
            size: 'sm',
            className: cn('cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2', busy && 'pointer-events-none opacity-50'),
          })}
        >
          <Upload aria-hidden="true" />
          {uploadLabel}
        </label>
        {value && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onChange('');
              reset();
            }}
            disabled={busy}
          >
            <Trash2 aria-hidden="true" />
            Премахни изображението
          </Button>
        )}
      </div>

      {busy && <UploadProgressBar state={state} />}
      {/* always there while the field is, so the progress and the result are announced */}
      <p role="status" aria-live="polite" className="text-sm text-slate-700 empty:hidden">
        {busy ? progressText(state) : uploaded ? storedSizeText(uploaded) : null}
      </p>

      {allowUrl && (
        <div className="grid gap-1.5">
          <Label htmlFor={ids.url} className="font-normal text-slate-700">
            {urlLabel}
          </Label>
          <Input
            id={ids.url}
            type="url"
            inputMode="url"
            placeholder="https://..."
            value={value}
            onChange={(e) => onChange(e.target.value)}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
      )}

      <p id={ids.hint} className="text-xs text-slate-600">
        {hint ? <>{hint} </> : null}
        PNG, JPEG, GIF, WebP или AVIF, до {formatMegabytes(MAX_IMAGE_BYTES)}.
      </p>
      {uploadError && (
        <p id={ids.status} role="alert" className="text-sm text-danger-700">
          {uploadError.title === 'Грешка при качване' ? uploadError.message : `${uploadError.title}: ${uploadError.message}`}
        </p>
      )}
      {error && (
        <p id={ids.error} className="text-sm text-danger-700">
          {error}
        </p>
      )}

      {hasAltField && (
        <div className="grid gap-1.5">
          <Label htmlFor={ids.alt}>
            {altLabel}
            {value && (
              <span aria-hidden="true" className="ml-0.5 text-danger-700">
                *
              </span>
            )}
          </Label>
          <Input
            id={ids.alt}
            value={alt}
            onChange={(e) => onAltChange?.(e.target.value)}
            aria-required={value ? true : undefined}
            aria-invalid={altError ? true : undefined}
            aria-describedby={[ids.altHint, altError ? ids.altError : null].filter(Boolean).join(' ')}
          />
          <p id={ids.altHint} className="text-xs text-slate-600">
            Опишете какво показва изображението за хора, които не го виждат.
          </p>
          {altError && (
            <p id={ids.altError} className="text-sm text-danger-700">
              {altError}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

/** 'Обработка на изображението…' while the variants are made, then 'Качване 3 от 5…'. */
function progressText({ phase, done, total }: Pick<ImageUploadState, 'phase' | 'done' | 'total'>): string {
  if (phase === 'uploading' && total > 0) return `Качване ${Math.min(done + 1, total)} от ${total}…`;
  if (phase === 'uploading') return 'Качване…';
  return 'Обработка на изображението…';
}

function UploadProgressBar({ state }: { state: Pick<ImageUploadState, 'done' | 'total'> }) {
  const { done, total } = state;
  // the text says the same to screen readers (the status line), so the bar is only for the eye
  return (
    <progress
      aria-hidden="true"
      className="h-2 w-full max-w-xs accent-brand-600"
      max={total || undefined}
      value={total ? done : undefined}
    />
  );
}
