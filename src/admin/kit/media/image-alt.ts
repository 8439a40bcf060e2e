/*
 * The alt text every admin image carries (what the picture shows, for those who cannot see it):
 * its messages, the database's length limit and its refusal of a save without it. Free of React
 * and zod, so every form's schema and save handler share it.
 */
import { codeOf, hintOf } from '@/shared/db/errors';

/** The database's limit on every alt text column. */
export const IMAGE_ALT_MAX_LENGTH = 300;

export const imageAltText = {
  required: 'Опишете изображението (алтернативен текст).',
  tooLong: `Алтернативният текст може да е най-много ${IMAGE_ALT_MAX_LENGTH} знака.`,
} as const;

/**
 * The alt text's message, or null. Only an image needs one (a form without a picture sends ''),
 * and the database keeps at most 300 characters of it (it stores the trimmed text).
 */
export function imageAltProblem(alt: string, hasImage = true): string | null {
  if (!hasImage) return null;
  const text = alt.trim();
  if (!text) return imageAltText.required;
  return text.length > IMAGE_ALT_MAX_LENGTH ? imageAltText.tooLong : null;
}

/** The database refused a save because an image has no alt text (check_violation, hint image_alt_missing). */
export function isImageAltMissing(error: unknown): boolean {
  return codeOf(error) === '23514' && hintOf(error) === 'image_alt_missing';
}
