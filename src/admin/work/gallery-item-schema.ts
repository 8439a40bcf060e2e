/*
 * The gallery item dialog's rules: a title, an image and its alt text are required (all
 * non-blank), the description is free. A refused save says its one message for them
 * (galleryText.required) as a toast; the dialog shows no message per field.
 */
import * as z from 'zod/mini';
import { galleryText } from './gallery';

const filled = z.string().check(z.refine((value) => value.trim() !== '', galleryText.required));

export const galleryItemSchema = z.object({
  title: filled,
  description: z.string(),
  /** The uploaded picture's public URL. */
  image: filled,
  /** What the picture shows, for those who cannot see it. */
  alt: filled,
});

export type GalleryDraft = z.infer<typeof galleryItemSchema>;

/** True when the dialog may save: a title, an image and its alt text. */
export const canSaveDraft = (draft: GalleryDraft): boolean => galleryItemSchema.safeParse(draft).success;
