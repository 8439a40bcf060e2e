/*
 * A stored preview's data (src/shared/preview/preview-store.ts) checked and shaped for the public
 * page's article. The admin's form wrote it, but it comes back through localStorage, which any
 * script or an older version of the form may have written: each field is checked, and a preview
 * without the fields the article cannot do without is no preview.
 */
import { sortGallery } from '@/site/pages/projects/logic';
import type { ArticlePost } from '@/site/pages/blog/BlogPostPage';
import type { ArticleProject } from '@/site/pages/projects/ProjectPage';

type Fields = Record<string, unknown>;

const text = (f: Fields, key: string): string | null => (typeof f[key] === 'string' ? (f[key] as string) : null);
const textOr = (f: Fields, key: string, fallback: string): string => text(f, key) ?? fallback;
/** A text that may be missing (null in the row); an empty one counts as missing, as the save makes it. */
const optional = (f: Fields, key: string): string | null => text(f, key)?.trim() || null;
const texts = (f: Fields, key: string): string[] =>
  Array.isArray(f[key]) ? (f[key] as unknown[]).filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [];

function fieldsOf(data: unknown): Fields | null {
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Fields) : null;
}

export function previewPost(data: unknown): ArticlePost | null {
  const f = fieldsOf(data);
  const title = f && text(f, 'title');
  const createdAt = f && text(f, 'created_at');
  if (!f || title === null || createdAt === null) return null;
  return {
    title,
    slug: textOr(f, 'slug', ''),
    content: textOr(f, 'content', ''),
    featured_image: optional(f, 'featured_image'),
    featured_image_alt: textOr(f, 'featured_image_alt', ''),
    category: optional(f, 'category'),
    author: textOr(f, 'author', ''),
    tags: texts(f, 'tags'),
    published_at: optional(f, 'published_at'),
    created_at: createdAt,
  };
}

export function previewProject(data: unknown): ArticleProject | null {
  const f = fieldsOf(data);
  const title = f && text(f, 'title');
  if (!f || title === null) return null;
  const teamSize = f.team_size;
  return {
    title,
    category: textOr(f, 'category', ''),
    gallery: sortGallery(f.gallery),
    image: textOr(f, 'image', ''),
    image_alt: textOr(f, 'image_alt', ''),
    description: textOr(f, 'description', ''),
    detailed_description: optional(f, 'detailed_description'),
    client: optional(f, 'client'),
    duration: optional(f, 'duration'),
    team_size: typeof teamSize === 'number' && Number.isInteger(teamSize) && teamSize > 0 ? teamSize : null,
    status: textOr(f, 'status', 'in_progress'),
    technologies: texts(f, 'technologies'),
    link: textOr(f, 'link', ''),
    documentation_url: optional(f, 'documentation_url'),
  };
}

/** A privacy notice's draft: its text (an empty one is still a preview: the page then shows no text). */
export function previewPrivacy(data: unknown): { body: string } | null {
  const f = fieldsOf(data);
  return f ? { body: textOr(f, 'body', '') } : null;
}

/** The way back to the form: a path on this site only (never another origin). */
export function safeBackTo(backTo: string, fallback: string): string {
  return backTo.startsWith('/') && !backTo.startsWith('//') && !backTo.startsWith('/\\') ? backTo : fallback;
}
