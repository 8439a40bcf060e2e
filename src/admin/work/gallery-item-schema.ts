/*
 * The gallery item dialog's rules: a title and an image are required (both
 * non-blank), the description is free. A refused save says its one message for both
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
});

export type GalleryDraft = z.infer<typeof galleryItemSchema>;

/** True when the dialog may save: a title and an image. */
export const canSaveDraft = (draft: GalleryDraft): boolean => galleryItemSchema.safeParse(draft).success;
