import type { BlogUser } from '@/app/auth-context';
import { slugifyPost } from '@/lib/slug';
import type { AdminPost, PostPayload } from './types';

/*
 * The post form's rules (spec sections 4 and 5), free of React so they are tested on their own:
 * required fields, completeness over 9 fields, slug generation, tags, publishing dates and the
 * save defaults.
 */

export const POST_CATEGORY_SUGGESTIONS = ['Технологии', 'Бизнес', 'Маркетинг', 'Автоматизация', 'AI', 'Приложения', 'Съвети', 'Новини'] as const;

export const postFormText = {
  requiredWarning: 'Моля, попълнете всички задължителни полета във формата',
  contentWarning: 'Добавете съдържание и основно изображение за по-добра публикация',
  slugInvalid: 'Адресът може да съдържа само малки латински букви, цифри, долни черти и тирета (напр. moyat-post).',
  saveFallback: 'Неуспешно запазване на публикацията.',
} as const;

export const EXCERPT_HINT_LENGTH = 160;

/** The form's state: every field as the person types it (tags as one comma-separated line). */
export interface PostFormValues {
  title: string;
  slug: string;
  created_by: string;
  author: string;
  excerpt: string;
  content: string;
  featured_image: string;
  category: string;
  tags: string;
  is_published: boolean;
}

export function emptyPostValues(): PostFormValues {
  return {
    title: '',
    slug: '',
    created_by: '',
    author: '',
    excerpt: '',
    content: '',
    featured_image: '',
    category: '',
    tags: '',
    is_published: false,
  };
}

export function postValuesFrom(post: AdminPost): PostFormValues {
  return {
    title: post.title ?? '',
    slug: post.slug ?? '',
    created_by: post.created_by ?? '',
    author: post.author ?? '',
    excerpt: post.excerpt ?? '',
    content: post.content ?? '',
    featured_image: post.featured_image ?? '',
    category: post.category ?? '',
    tags: formatTags(post.tags ?? []),
    is_published: Boolean(post.is_published),
  };
}

/** 'AI,  автоматизация , ,n8n' → ['AI', 'автоматизация', 'n8n']: split on commas, trimmed, empty ones dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}

export type RequiredPostField = 'title' | 'slug' | 'author';

/** The required fields (title, slug, author name) that are still empty. */
export function missingRequired(values: PostFormValues): RequiredPostField[] {
  const missing: RequiredPostField[] = [];
  if (!values.title.trim()) missing.push('title');
  if (!values.slug.trim()) missing.push('slug');
  if (!values.author.trim()) missing.push('author');
  return missing;
}

/** The non-blocking hint of the content tab: content or featured image missing. */
export function needsContentWarning(values: PostFormValues): boolean {
  return !values.content.trim() || !values.featured_image.trim();
}

/** The nine fields the completeness bar counts, with whether each is filled. */
export function completenessItems(values: PostFormValues): { field: keyof PostFormValues | 'tags'; filled: boolean }[] {
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

const SLUG_PATTERN = /^[a-z0-9_]+(-+[a-z0-9_]+)*$/;

/** Null when the slug can be saved (the database's rule), else the message. Empty is reported as missing, not here. */
export function slugProblem(slug: string): string | null {
  const trimmed = slug.trim();
  if (!trimmed) return null;
  return SLUG_PATTERN.test(trimmed) ? null : postFormText.slugInvalid;
}

/**
 * The slug after the title changes: while creating it follows the title (until the person edits
 * the slug by hand, so nothing they typed is overwritten); while editing it is kept.
 */
export function slugAfterTitleChange(args: { editing: boolean; slugEdited: boolean; title: string; slug: string }): string {
  if (args.editing || args.slugEdited) return args.slug;
  return slugifyPost(args.title);
}

/** The display name a blog user gives a post: full name, else username. */
export function displayNameOf(user: { full_name: string | null; username: string } | null | undefined): string {
  if (!user) return '';
  return user.full_name?.trim() || user.username;
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/**
 * What a save sends. Empty created_by defaults to the signed-in blog user and an empty author to
 * that user's name; published_at is set to now when the post becomes published, kept while it
 * stays published, and kept (not cleared) when it is unpublished.
 */
export function buildPostPayload(
  values: PostFormValues,
  context: { existing?: Pick<AdminPost, 'is_published' | 'published_at'> | null; signedIn: BlogUser | null; now: Date },
): PostPayload {
  const { existing, signedIn, now } = context;
  let publishedAt: string | null = existing?.published_at ?? null;
  if (values.is_published && !(existing?.is_published && existing.published_at)) publishedAt = now.toISOString();
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    content: values.content,
    excerpt: orNull(values.excerpt),
    featured_image: orNull(values.featured_image),
    author: values.author.trim() || displayNameOf(signedIn),
    is_published: values.is_published,
    category: orNull(values.category),
    tags: parseTags(values.tags),
    published_at: publishedAt,
    created_by: values.created_by.trim() || signedIn?.id || null,
  };
}

/** The toggle of the list: turning on sets published_at to now; turning off keeps it. */
export function togglePublishPatch(
  post: Pick<AdminPost, 'is_published' | 'published_at'>,
  now: Date,
): { is_published: boolean; published_at: string | null } {
  const publish = !post.is_published;
  return { is_published: publish, published_at: publish ? now.toISOString() : post.published_at };
}
