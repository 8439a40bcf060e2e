/*
 * The gallery item dialog's rules: a title, an image and its alt text are required (all
 * non-blank), the description is free. A refused save says one message as a toast: the title
 * and the image share galleryText.required, the alt text has the admin's own message; the dialog
 * shows no message per field.
 */
import * as z from 'zod/mini';
import { imageAltText } from '@/admin/kit/media/image-alt';
import { galleryText, type GalleryDraft } from './gallery';

const filled = z.string().check(z.refine((value) => value.trim() !== '', galleryText.required));

// the draft's shape is the gallery's (gallery.ts); the schema is held to it
export const galleryItemSchema = z.object({
  title: filled,
  description: z.string(),
  /** The uploaded picture's public URL. */
  image: filled,
  /** What the picture shows, for those who cannot see it. */
  alt: z.string().check(z.refine((value) => value.trim() !== '', imageAltText.required)),
}) satisfies z.ZodMiniType<GalleryDraft, GalleryDraft>;

/** True when the dialog may save: a title, an image and its alt text. */
export const canSaveDraft = (draft: GalleryDraft): boolean => galleryItemSchema.safeParse(draft).success;
