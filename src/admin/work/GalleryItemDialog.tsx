import { ImageOff } from 'lucide-react';
import { useId, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/shared/ui/dialog';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { Spinner } from '@/shared/ui/spinner';
import { Textarea } from '@/shared/ui/textarea';
import { toast } from '@/shared/ui/use-toast';
import type { FieldErrors } from 'react-hook-form';
import { useSchemaForm } from '@/shared/forms/forms';
import { IMAGE_ALT_MAX_LENGTH } from '@/admin/kit/media/image-alt';
import { GALLERY_BUCKET } from '@/admin/kit/media/buckets';
import { useImageUpload } from '@/admin/kit/media/use-image-upload';
import { unsavedText } from '@/admin/kit/navigation/unsaved-changes';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { galleryText, type GalleryDraft, type GalleryItem } from './gallery';
import { canSaveDraft, galleryItemSchema } from './gallery-item-schema';

export interface GalleryItemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item being edited, or null for a new one. */
  item: GalleryItem | null;
  onSave: (draft: GalleryDraft) => void;
}

/**
 * Adds or edits one gallery picture: title, image and its alt text required, description
 * optional. The image is a file (images only) uploaded at once to the 'project-gallery' bucket under
 * a timestamp-random name. Save is disabled without a title, an image and its alt text, and while
 * an upload runs. An item stored before alt text was required opens with an empty one to fill in.
 * Closing it (Escape, 'Отказ', ×, a click outside) with changes asks first.
 */
export function GalleryItemDialog({ open, onOpenChange, item, onSave }: GalleryItemDialogProps) {
  const { register, handleSubmit, setValue, watch, formState } = useSchemaForm<GalleryDraft>(galleryItemSchema, {
    defaultValues: { title: item?.title ?? '', description: item?.description ?? '', image: item?.image ?? '', alt: item?.alt ?? '' },
  });
  const draft = watch();
  // read while rendering, so the form library keeps it up to date
  const { isDirty } = formState;
  const { upload, busy } = useImageUpload({ bucket: GALLERY_BUCKET, folder: '', order: 'timestamp-first' });
  const { confirm, dialog: question } = useConfirm();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const ready = canSaveDraft(draft);

  async function onClose(isOpen: boolean) {
    if (isOpen) return onOpenChange(true);
    if (isDirty && !(await confirm({ title: unsavedText.title, message: unsavedText.message, confirmLabel: unsavedText.leave }))) return;
    onOpenChange(false);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    if (!file) return;
    const outcome = await upload(file);
    input.value = '';
    if (outcome.ok) {
      setValue('image', outcome.url, { shouldDirty: true });
      toast({ title: galleryText.uploaded });
    } else {
      toast({ title: galleryText.uploadFailed, description: outcome.error.message, variant: 'destructive' });
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation(); // the dialog sits inside the project form in the React tree
    if (busy) return;
    // the title and the image first (the message they share), then the alt text's own
    const refused = (errors: FieldErrors<GalleryDraft>) =>
      toast({ title: errors.title?.message ?? errors.image?.message ?? errors.alt?.message ?? galleryText.required, variant: 'destructive' });
    void handleSubmit(onSave, refused)(event);
  }

  return (
    <Dialog open={open} onOpenChange={(isOpen) => void onClose(isOpen)}>
      <DialogContent
        title={item ? 'Редактиране на елемент от галерията' : 'Нов елемент в галерията'}
        description="Заглавието, изображението и алтернативният текст са задължителни."
        maxWidth={560}
      >
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
          <div className="grid gap-1.5">
            <Label htmlFor={id('title')} required>
              Заглавие
            </Label>
            <Input
              id={id('title')}
              {...register('title')}
              required
              aria-required="true"
              maxLength={200}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id('description')}>Описание</Label>
            <Textarea
              id={id('description')}
              rows={3}
              className="min-h-0"
              {...register('description')}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id('file')} required>
              Изображение
            </Label>
            <Input
              id={id('file')}
              type="file"
              accept="image/*"
              className="h-auto py-1.5"
              onChange={(e) => void onFile(e)}
              disabled={busy}
              aria-required={draft.image ? undefined : true}
              aria-describedby={id('file-hint')}
            />
            <p id={id('file-hint')} className="text-xs text-slate-600">
              {draft.image ? 'Изберете нов файл, за да смените изображението.' : 'Изберете файл с изображение; качва се веднага.'}
            </p>
            <div className="flex aspect-[3/2] w-full max-w-[300px] items-center justify-center overflow-hidden rounded-md border border-dashed border-slate-300 bg-slate-50">
              {busy ? (
                <span className="flex items-center gap-2 text-sm text-slate-700" aria-live="polite">
                  <Spinner size="sm" label="Качване на изображението" />
                  Качване...
                </span>
              ) : draft.image ? (
                <img src={draft.image} alt={previewAlt(draft)} width={300} height={200} className="size-full object-cover" />
              ) : (
                <span className="flex flex-col items-center gap-1 text-sm text-slate-600">
                  <ImageOff aria-hidden="true" className="size-6" />
                  Няма избрано изображение
                </span>
              )}
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id('alt')} required>
              Алтернативен текст
            </Label>
            <Input
              id={id('alt')}
              {...register('alt')}
              required
              aria-required="true"
              maxLength={IMAGE_ALT_MAX_LENGTH}
              aria-describedby={id('alt-hint')}
            />
            <p id={id('alt-hint')} className="text-xs text-slate-600">
              Какво показва изображението, за посетителите, които не го виждат (четци на екрана). Напр. „Табло с дневните продажби“.
            </p>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-2">
            {!ready && !busy && <p className="mr-auto text-sm text-slate-700">Попълнете заглавие, изберете изображение и го опишете.</p>}
            <DialogClose asChild>
              <Button variant="outline">Отказ</Button>
            </DialogClose>
            <Button type="submit" disabled={!ready || busy}>
              {item ? 'Запази промените' : 'Добави в галерията'}
            </Button>
          </div>
        </form>
        {question}
      </DialogContent>
    </Dialog>
  );
}

/** The preview's alt: the typed alt text, else what the preview is of. */
function previewAlt(draft: GalleryDraft): string {
  const alt = draft.alt.trim();
  if (alt) return alt;
  return draft.title.trim() ? `Преглед: ${draft.title.trim()}` : 'Преглед на изображението';
}
