/*
 * The post form's rules as one zod schema carrying its Bulgarian messages,
 * and the pure helpers the form shows from its values: completeness over 9 fields, the content
 * hint, tags, and the slug that follows the title. Free of React, so they are tested on their own.
 */
import { emptyTexts, textValues } from '@/admin/kit/forms/form-values';
import * as z from 'zod/mini';
import { IMAGE_ALT_MAX_LENGTH, imageAltProblem } from '@/admin/kit/media/image-alt';
import { EMPTY_SEO_VALUES, isShareImageAltRefused, metaDescriptionProblem, metaTitleProblem, SEO_FIELDS, seoValuesFrom, shareImageAltProblem } from '@/admin/kit/forms/seo';
import { slugifyPost } from '@/admin/kit/forms/slug';
import { restoredRecord } from '@/admin/kit/editor/revisions/diff';
import { ruleText } from '@/shared/forms/zod-rules';
import type { AdminPost } from './types';

export const POST_CATEGORY_SUGGESTIONS = ['Технологии', 'Бизнес', 'Маркетинг', 'Автоматизация', 'AI', 'Приложения', 'Съвети', 'Новини'] as const;

export const postFormText = {
  requiredWarning: 'Моля, попълнете всички задължителни полета във формата',
  contentWarning: 'Добавете съдържание и основно изображение за по-добра публикация',
  altWarning: `Основното изображение се нуждае от алтернативен текст (до ${IMAGE_ALT_MAX_LENGTH} знака) в раздел „Съдържание“.`,
  slugInvalid: 'Адресът може да съдържа само малки латински букви, цифри, долни черти и тирета (напр. moyat-post).',
  saveFallback: 'Неуспешно запазване на публикацията.',
  ownerNotChangedTitle: 'Потребителят не е сменен',
  ownerNotChanged: 'Публикацията е запазена, но избраният потребител не беше записан. Отворете я и го изберете отново.',
} as const;

export const EXCERPT_HINT_LENGTH = 160;

const SLUG_PATTERN = /^[a-z0-9_]+(-+[a-z0-9_]+)*$/;

const required = (value: string) => (value.trim() ? null : postFormText.requiredWarning);

/** A filled slug must be what the database accepts; an empty one is missing like the other required fields. */
export function slugRule(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return postFormText.requiredWarning;
  return SLUG_PATTERN.test(trimmed) ? null : postFormText.slugInvalid;
}

/** The shape of the form's values, without rules (what a stored draft must look like). */
export const postValuesShape = z.object({
  title: z.string(),
  slug: z.string(),
  created_by: z.string(),
  author: z.string(),
  excerpt: z.string(),
  content: z.string(),
  featured_image: z.string(),
  /** What the main image shows (its alt text); sent only with an image. */
  featured_image_alt: z.string(),
  category: z.string(),
  tags: z.string(),
  is_published: z.boolean(),
  /** Search and share ('' = the title, the excerpt, the main image); the share image's alt text goes with it. */
  meta_title: z.string(),
  meta_description: z.string(),
  share_image: z.string(),
  share_image_alt: z.string(),
  /** Publish at a set time (a draft only): the checkbox, and the instant ('' until given). */
  scheduled: z.boolean(),
  scheduled_at: z.string(),
});

/**
 * Title, slug and author name are required (blank counts as missing; the form shows one warning
 * for them); the slug must be a valid address. The rest is free: tags are one
 * comma-separated line, the author user and the image are optional, but an image needs its alt
 * text (the database refuses it without).
 */
export const postSchema = z
  .extend(postValuesShape, {
    title: ruleText(required),
    slug: ruleText(slugRule),
    author: ruleText(required),
    meta_title: ruleText(metaTitleProblem),
    meta_description: ruleText(metaDescriptionProblem),
  })
  .check(
    z.superRefine((values, ctx) => {
      const message = imageAltProblem(values.featured_image_alt, values.featured_image.trim() !== '');
      if (message) ctx.addIssue({ code: 'custom', path: ['featured_image_alt'], message, input: values.featured_image_alt });
      const shareMessage = shareImageAltProblem(values.share_image_alt, values.share_image);
      if (shareMessage) ctx.addIssue({ code: 'custom', path: ['share_image_alt'], message: shareMessage, input: values.share_image_alt });
    }),
  );

/** The form's values: every field as the person types it (tags as one comma-separated line). */
export type PostFormValues = z.infer<typeof postSchema>;

/** The form's fields that hold a column's text as it is (null as ''). */
const POST_TEXT_FIELDS = ['title', 'slug', 'author', 'excerpt', 'content', 'featured_image', 'featured_image_alt', 'category', 'scheduled_at'] as const;

export const EMPTY_POST_VALUES: PostFormValues = {
  ...emptyTexts(POST_TEXT_FIELDS),
  created_by: '',
  tags: '',
  is_published: false,
  ...EMPTY_SEO_VALUES,
  scheduled: false,
};

export function postValuesFrom(post: AdminPost): PostFormValues {
  return {
    ...textValues(post, POST_TEXT_FIELDS),
    // the blog user it belongs to comes with the post, from its staff row
    created_by: post.staff?.created_by ?? '',
    tags: formatTags(post.tags ?? []),
    is_published: Boolean(post.is_published),
    ...seoValuesFrom(post),
    scheduled: !post.is_published && Boolean(post.scheduled_at),
  };
}

/**
 * The form's values for a stored version restored over the current post (kit/editor/revisions): the
 * version's fields and, kept in its record as created_by, the blog user the post belonged to then;
 * the publish state stays as it is now.
 */
export function postVersionValues(post: AdminPost, version: Readonly<Record<string, unknown>>): PostFormValues {
  const values = postValuesFrom(restoredRecord(post, version));
  if ('created_by' in version) values.created_by = typeof version.created_by === 'string' ? version.created_by : '';
  return values;
}

export interface PostProblems {
  /** A required field of the first tab is blank. */
  missingRequired: boolean;
  /** The main image's alt text problem (on the content tab), or null. */
  altProblem: string | null;
  /** Nothing but the alt text is wrong: the first tab is complete. */
  basicValid: boolean;
  valid: boolean;
}

/** The schema's verdict on the values as they are now (the save button and the warnings follow it live). */
export function postProblems(values: PostFormValues): PostProblems {
  const result = postSchema.safeParse(values);
  if (result.success) return { missingRequired: false, altProblem: null, basicValid: true, valid: true };
  const issues = result.error.issues;
  const alt = issues.find((issue) => issue.path[0] === 'featured_image_alt');
  return {
    missingRequired: issues.some((issue) => issue.message === postFormText.requiredWarning),
    altProblem: alt?.message ?? null,
    // the search-and-share fields sit on the last tab, next to the save button that they hold back
    basicValid: issues.every((issue) => issue === alt || isSeoField(issue.path[0])),
    valid: false,
  };
}

const isSeoField = (key: PropertyKey | undefined) => (SEO_FIELDS as readonly PropertyKey[]).includes(key as PropertyKey);

/** The search-and-share fields' messages (on the last tab), each live like the main image's alt text. */
export function postSeoProblems(values: PostFormValues): { meta_title?: string; meta_description?: string; share_image_alt?: string } {
  const result = postSchema.safeParse(values);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && isSeoField(key) && !found[key]) found[key] = issue.message;
  }
  return found;
}

/**
 * Which alt field the database's refusal (image_alt_missing) is about: the share image's when it
 * is set without its text and the main image has its own, else the main image's.
 */
export function postAltRefusalField(values: Pick<PostFormValues, 'featured_image' | 'featured_image_alt' | 'share_image' | 'share_image_alt'>): 'featured_image_alt' | 'share_image_alt' {
  const mainLacks = values.featured_image.trim() !== '' && values.featured_image_alt.trim() === '';
  return !mainLacks && isShareImageAltRefused(values) ? 'share_image_alt' : 'featured_image_alt';
}

export { formatTags, parseTags } from './tags';
import { formatTags, parseTags } from './tags';

/** The non-blocking hint of the content tab: content or featured image missing. */
export function needsContentWarning(values: PostFormValues): boolean {
  return !values.content.trim() || !values.featured_image.trim();
}

/** The nine fields the completeness bar counts, with whether each is filled. */
export function completenessItems(values: PostFormValues): { field: keyof PostFormValues; filled: boolean }[] {
  return [
    { field: 'title', filled: values.title.trim() !== '' },
    { field: 'slug', filled: values.slug.trim() !== '' },
    { field: 'author', filled: values.author.trim() !== '' },
    { field: 'created_by', filled: values.created_by.trim() !== '' },
    { field: 'excerpt', filled: values.excerpt.trim() !== '' },
    { field: 'content', filled: values.content.trim() !== '' },
    { field: 'featured_image', filled: values.featured_image.trim() !== '' },
    { field: 'category', filled: values.category.trim() !== '' },
    { field: 'tags', filled: parseTags(values.tags).length > 0 },
  ];
}

/** Percentage (0–100, rounded) of the nine fields that are filled. */
export function postCompleteness(values: PostFormValues): number {
  const items = completenessItems(values);
  return Math.round((items.filter((i) => i.filled).length / items.length) * 100);
}

/**
 * The slug after the title changes. While editing it is kept. While creating it follows the
 * title as long as it is what the previous title gave (or empty): once the person types their own
 * slug it is left alone. Read from the values, so a restored draft behaves the same.
 */
export function slugAfterTitleChange(args: { editing: boolean; previousTitle: string; title: string; slug: string }): string {
  if (args.editing) return args.slug;
  const following = args.slug.trim() === '' || args.slug === slugifyPost(args.previousTitle);
  return following ? slugifyPost(args.title) : args.slug;
}

/** Two sets of form values hold the same text in every field. */
export function samePostValues(a: PostFormValues, b: PostFormValues): boolean {
  return (Object.keys(EMPTY_POST_VALUES) as (keyof PostFormValues)[]).every((key) => a[key] === b[key]);
}
